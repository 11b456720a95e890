import Synchronization

/// The rows of a large CSV file's chunks joined into its index in file
/// order while the chunks are still being scanned (`CSVIndex+Chunks`):
/// the core that finishes a chunk appends it, and every chunk finished
/// before that waited for it, to the index's arrays, and the chunk's
/// buffers go to the scan of a later chunk. So the rows are copied once,
/// while still in cache, into arrays made with room for the whole file
/// (their huge pages advised), no join on one core follows the scan, and
/// only the chunks finished ahead of their turn are held at once.
///
/// A chunk starts at the first line start after its cut, a guess: the
/// line feed may be inside a quoted field. A chunk is joined only when
/// the chunk before it ended there; otherwise it is scanned again from
/// where that one ended. A chunk checks its rows' widths against its own
/// first row; the join checks that row against the header. The index and
/// the first error are those of the scan of the whole file.
final class CSVChunkJoin: @unchecked Sendable {
  /// A chunk scanned before its turn.
  private struct Finished {
    /// Where its scan started.
    let start: Int
    /// What it found.
    var rows: CSVRows
  }

  /// The chunks between their scan and their join, under the lock.
  private struct Queue {
    /// The next chunk to join.
    var next = 0
    /// Whether a core is joining chunks (then it joins those that come
    /// next as well, and no other core does).
    var joining = false
    /// Whether the join found an error: no chunk after it is needed.
    var failed = false
    /// The chunks scanned before their turn, by number.
    var waiting: [Int: Finished] = [:]
    /// Rows joined, whose memory the next scans write into.
    var spare: [CSVRows] = []

    /// The next chunk to join, when it is scanned (then the caller joins
    /// it), else `nil` (and nobody is joining).
    mutating func takeNext() -> (Int, Finished)? {
      guard let finished = waiting.removeValue(forKey: next) else {
        joining = false
        return nil
      }
      joining = true
      next += 1
      return (next - 1, finished)
    }
  }

  /// What the chunks joined so far found, written only by the core that
  /// is joining (outside the lock, so that the other cores' scans never
  /// wait for a join's copies and page faults).
  private struct Joined {
    /// The rows joined so far.
    var index = CSVIndex()
    /// Where the next chunk must start: where the rows joined end.
    var position: Int
    /// The number of fields of the first row, -1 before it is read.
    var header = -1
    /// The line feeds before `position`.
    var lineFeeds = 0
    /// Whether every field joined is quoted.
    var everyFieldQuoted = true
    /// The rows and the key bytes the index is expected to end with, from
    /// the first chunk joined (0 before).
    var expectedRows = 0
    var expectedKeyBytes = 0
    /// The first error, in file order; nothing is joined after it.
    var error: InputError?
    /// Where the pages of the known rows were let go up to.
    var knownReleased = 0
  }

  private let input: UnsafeBufferPointer<UInt8>
  private let bounds: [Int]
  private let delimiter: UInt8
  private let known: CSVKnownRows?
  private let keyColumn: Int
  private let queue = Mutex(Queue())
  /// Only the core that set `Queue.joining` touches it (the lock hands
  /// the turn over), and ``joined()`` once every chunk is finished.
  private var state: Joined

  /// A join of the chunks `bounds` cuts `input` into (the first starting
  /// after a byte order mark), scanned with `delimiter`, `known` and
  /// `keyColumn` as ``CSVIndex/scanRows(_:from:startingBefore:delimiter:known:keyColumn:into:)``
  /// takes them.
  init(
    _ input: UnsafeBufferPointer<UInt8>, bounds: [Int], delimiter: UInt8, known: CSVKnownRows?,
    keyColumn: Int
  ) {
    (self.input, self.bounds, self.delimiter) = (input, bounds, delimiter)
    (self.known, self.keyColumn) = (known, keyColumn)
    state = Joined(position: bounds[0])
  }

  /// Rows to scan a chunk into (a joined chunk's, emptied, when there is
  /// one), or `nil` once an error is found: no chunk after it is needed.
  func rowsToScan() -> CSVRows? {
    queue.withLock { queue in
      guard !queue.failed else { return nil }
      guard var rows = queue.spare.popLast() else { return CSVRows() }
      rows.clear()
      return rows
    }
  }

  /// Scans the rows of chunk `chunk` from `start` into `rows` (an error
  /// noted in them).
  func scan(_ chunk: Int, from start: Int, into rows: inout CSVRows) {
    do throws(InputError) {
      try CSVIndex.scanRows(
        input, from: start, startingBefore: max(start, bounds[chunk + 1]), delimiter: delimiter,
        known: known, keyColumn: keyColumn, into: &rows)
    } catch {
      rows.error = error
    }
  }

  /// Takes the rows of chunk `chunk`, scanned from `start`, and joins
  /// every chunk whose turn it is, unless another core is joining (which
  /// then joins this one too).
  func finish(_ chunk: Int, start: Int, rows: CSVRows) {
    var turn = queue.withLock { queue in
      queue.waiting[chunk] = Finished(start: start, rows: rows)
      return queue.joining ? nil : queue.takeNext()
    }
    while let (number, taken) = turn {
      var finished = taken
      if state.error == nil {
        if finished.start != state.position {
          // The guess was wrong: scan the chunk again from the true start.
          finished.rows.clear()
          scan(number, from: state.position, into: &finished.rows)
        }
        join(finished.rows, &state)
      }
      let failed = state.error != nil
      turn = queue.withLock { queue in
        queue.spare.append(finished.rows)
        queue.failed = failed
        return queue.takeNext()
      }
    }
  }

  /// The index of the whole file, once every chunk is finished.
  ///
  /// - Throws: the first error in the file, as the scan of the whole
  ///   file would.
  func joined() throws(InputError) -> CSVIndex {
    queue.withLock { queue in precondition(!queue.joining, "every chunk is joined") }
    if let error = state.error { throw error }
    state.index.columnCount = max(state.header, 0)
    state.index.quotesEveryField = state.everyFieldQuoted && !state.index.lineStarts.isEmpty
    return state.index
  }

  /// Joins the rows of the chunk whose turn it is, or notes its error.
  private func join(_ rows: CSVRows, _ state: inout Joined) {
    if state.header < 0 {
      state.header = rows.columnCount
    } else if !rows.lineStarts.isEmpty, rows.columnCount != state.header {
      // The scan of the whole file stops at this chunk's first row.
      let line = TextPosition(offset: Int(rows.lineStarts[0]), in: input).line
      state.error = CSVIndex.widthError(
        line: line, fields: rows.columnCount, columnCount: state.header,
        blank: rows.firstRowBlank)
      return
    }
    if let error = rows.error {
      state.error = error
      return
    }
    if state.expectedRows == 0, !rows.lineStarts.isEmpty {
      expect(rows, &state)
    }
    let (expectedRows, expectedKeyBytes) = (state.expectedRows, state.expectedKeyBytes)
    joinLines(rows, &state)
    state.index.lineStarts.reserveAdvised(rows.lineStarts.count, expecting: expectedRows)
    state.index.lineStarts += rows.lineStarts
    if !rows.knownPartners.isEmpty {
      state.index.knownPartners.reserveAdvised(rows.knownPartners.count, expecting: expectedRows)
      state.index.knownPartners += rows.knownPartners
    }
    if let keys = rows.keys {
      let offset = state.index.canonicalKeys.count
      state.index.canonicalKeys.reserveAdvised(keys.count, expecting: expectedKeyBytes)
      state.index.canonicalKeys += keys.bytes
      state.index.canonicalKeyEnds.reserveAdvised(keys.keyEnds.count, expecting: expectedRows)
      let first = state.index.canonicalKeyEnds.count
      state.index.canonicalKeyEnds += keys.keyEnds
      // Moved on past the keys before them, in place: one tight loop.
      state.index.canonicalKeyEnds.withUnsafeMutableBufferPointer { ends in
        for row in first..<ends.count { ends[row] &+= offset }
      }
    }
    state.everyFieldQuoted = state.everyFieldQuoted && rows.everyFieldQuoted
    state.lineFeeds += rows.lineFeeds
    state.position = rows.end
    releaseKnownRows(before: rows.knownPartners, &state)
  }

  /// Lets the pages of the known rows (OLD's, while NEW is scanned) go
  /// behind the last of `partners` (those of the rows just joined) that
  /// follows the row before it in the known file: the scans of the
  /// chunks after it take rows further on, mostly (a row taken from
  /// further back maps its page again).
  private func releaseKnownRows(before partners: [Int32], _ state: inout Joined) {
    guard let known else { return }
    var row = partners.count - 1
    while row > 0, partners[row] < 0 || partners[row - 1] != partners[row] - 1 { row -= 1 }
    guard row > 0 else { return }
    known.releaseRows(from: &state.knownReleased, before: Int(partners[row]))
  }

  /// Notes the rows and key bytes the index is expected to end with,
  /// from those of the first chunk with rows, as many for each byte of
  /// the file after it as it has for each of its own, and a little more.
  private func expect(_ rows: CSVRows, _ state: inout Joined) {
    let scanned = Double(max(rows.end - bounds[0], 1))
    let share = Double(input.count - bounds[0]) / scanned * 1.02
    state.expectedRows = Int(Double(rows.lineStarts.count) * share) + 16
    state.expectedKeyBytes = Int(Double(rows.keys?.count ?? 0) * share) + 64
  }

  /// Joins the line numbers of `rows`, counted from their scan's start:
  /// none while every row starts on the line after the one before it,
  /// else every row's.
  private func joinLines(_ rows: CSVRows, _ state: inout Joined) {
    guard !rows.lineStarts.isEmpty else { return }
    let rowsBefore = state.index.lineStarts.count
    let lineFeeds = UInt32(truncatingIfNeeded: state.lineFeeds)
    if state.index.lineNumbers.isEmpty {
      guard !rows.lineNumbers.isEmpty || state.lineFeeds != rowsBefore else { return }
      // The first rows off that pattern: the rows before are numbered.
      state.index.lineNumbers.reserveAdvised(rowsBefore, expecting: state.expectedRows)
      state.index.lineNumbers += (0..<UInt32(rowsBefore)).lazy.map { $0 + 1 }
    }
    state.index.lineNumbers.reserveAdvised(rows.lineStarts.count, expecting: state.expectedRows)
    if rows.lineNumbers.isEmpty {
      // Row `i` of the chunk is on its line `i + 1`.
      state.index.lineNumbers += (0..<UInt32(rows.lineStarts.count)).lazy.map {
        $0 + 1 + lineFeeds
      }
    } else {
      state.index.lineNumbers += rows.lineNumbers.lazy.map { $0 + lineFeeds }
    }
  }
}
