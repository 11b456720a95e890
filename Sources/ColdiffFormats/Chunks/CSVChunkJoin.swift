import ColdiffCore
import Synchronization

/// The rows of a large CSV file's chunks joined into its index in file
/// order while the chunks are still being scanned (`CSVIndex+Chunks`,
/// through `ChunkedScan.runTakingInOrder`, which hands each chunk over as
/// soon as it and the chunks before it are scanned, on the core that
/// scanned the last of them): its rows are appended to the index's
/// arrays while still in cache, into arrays made with room for the whole
/// file, and its buffers go to the scan of a
/// later chunk. So the rows are copied once, no join on one core follows
/// the scan, and only the chunks finished ahead of their turn are held
/// at once.
///
/// A chunk checks its rows' widths against its own first row; the join
/// checks that row against the header. The index and the first error are
/// those of the scan of the whole file.
final class CSVChunkJoin: @unchecked Sendable {
  /// What the chunks joined so far found, written only by the core whose
  /// turn it is to join (`runTakingInOrder` takes one chunk at a time).
  private struct Joined {
    /// The rows joined so far.
    var index = CSVIndex()
    /// The number of fields of the first row, -1 before it is read.
    var header = -1
    /// The line feeds before the rows joined end.
    var lineFeeds = 0
    /// Whether every field joined is quoted.
    var everyFieldQuoted = true
    /// The rows and the key bytes the index is expected to end with, from
    /// the first chunk joined (0 before).
    var expectedRows = 0
    var expectedKeyBytes = 0
    /// The first error, in file order; nothing is joined after it.
    var error: InputError?
  }

  private let input: UnsafeBufferPointer<UInt8>
  private let bounds: [Int]
  private let delimiter: UInt8
  private let known: CSVKnownRows?
  private let keyColumn: Int
  /// Whether the records read, not taken whole from `known`, are
  /// copied (`CSVRows.copies`).
  private let copying: Bool
  /// Rows joined, whose memory the next scans write into.
  private let spare = Mutex<[CSVRows]>([])
  /// Only the core whose turn it is to join touches it, and
  /// ``joined()`` once every chunk is taken.
  private var state = Joined()

  /// A join of the chunks `bounds` cuts `input` into (the first starting
  /// after a byte order mark), scanned with `delimiter`, `known` and
  /// `keyColumn` as ``CSVIndex/scanRows(_:from:startingBefore:delimiter:known:keyColumn:copying:into:)``
  /// takes them, the records read copied when `copying`.
  init(
    _ input: UnsafeBufferPointer<UInt8>, bounds: [Int], delimiter: UInt8, known: CSVKnownRows?,
    keyColumn: Int, copying: Bool
  ) {
    (self.input, self.bounds, self.delimiter) = (input, bounds, delimiter)
    (self.known, self.keyColumn) = (known, keyColumn)
    self.copying = copying
  }

  /// The rows that start at `start` and before `limit` (an error noted in
  /// them), scanned into a joined chunk's memory when there is one; runs
  /// on any core.
  func scan(from start: Int, before limit: Int) -> CSVRows {
    var rows = spare.withLock { $0.popLast() } ?? CSVRows()
    rows.clear()
    do throws(InputError) {
      try CSVIndex.scanRows(
        input, from: start, startingBefore: max(start, limit), delimiter: delimiter,
        known: known, keyColumn: keyColumn, copying: copying, into: &rows)
    } catch {
      rows.error = error
    }
    return rows
  }

  /// Joins the rows of the chunk whose turn it is, and keeps their memory
  /// for a later scan.
  ///
  /// - Throws: the chunk's error, or its first row's width when it is not
  ///   the header's: the first error of the file, as no chunk before it
  ///   had one.
  func take(_ rows: CSVRows) throws(InputError) {
    join(rows, &state)
    spare.withLock { $0.append(rows) }
    if let error = state.error { throw error }
  }

  /// The index of the whole file, once every chunk is taken.
  ///
  /// - Throws: the first error in the file, as the scan of the whole
  ///   file would.
  func joined() throws(InputError) -> CSVIndex {
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
    let linesBefore = state.index.lineStarts.count
    // By record: line 0 is the header.
    state.index.copies.append(rows.copies, shiftedBy: linesBefore - 1)
    state.index.prefixSamples += rows.prefixSamples.lazy.map { $0.moved(by: linesBefore) }
    state.index.lineStarts.reserve(rows.lineStarts.count, expecting: expectedRows)
    state.index.lineStarts += rows.lineStarts.elements
    if !rows.knownPartners.isEmpty {
      state.index.knownPartners.reserve(rows.knownPartners.count, expecting: expectedRows)
      state.index.knownPartners += rows.knownPartners.elements
    }
    if let keys = rows.keys {
      let offset = state.index.canonicalKeys.count
      // (Every end fits once the last does.)
      _ = KeyArena.keyOffset(offset + keys.count)
      let shift = UInt32(truncatingIfNeeded: offset)
      state.index.canonicalKeys.reserve(keys.count, expecting: expectedKeyBytes)
      state.index.canonicalKeys += keys.bytes
      state.index.canonicalKeyEnds.reserve(keys.keyEnds.count, expecting: expectedRows)
      let first = state.index.canonicalKeyEnds.count
      state.index.canonicalKeyEnds += keys.keyEnds
      // Moved on past the keys before them, in place: one tight loop.
      state.index.canonicalKeyEnds.withUnsafeMutableBufferPointer { ends in
        for row in first..<ends.count { ends[row] &+= shift }
      }
    }
    state.everyFieldQuoted = state.everyFieldQuoted && rows.everyFieldQuoted
    state.lineFeeds += rows.lineFeeds
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
      state.index.lineNumbers.reserve(rowsBefore, expecting: state.expectedRows)
      state.index.lineNumbers += (0..<UInt32(rowsBefore)).lazy.map { $0 + 1 }
    }
    state.index.lineNumbers.reserve(rows.lineStarts.count, expecting: state.expectedRows)
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
