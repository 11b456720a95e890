import ColdiffFormats
import Glibc

/// An input read with `read(2)` window by window, each window a document
/// of whole records that reads on its own: the input's own bytes for the
/// first window, the records of a later one wrapped as the form needs
/// (`[…]`, `{…}`, the table's header line before the rows). Only the
/// current window is in memory, so a mapped file's pages never pile up.
///
/// The input is read straight into the block a window's document is
/// (after room for the opening bracket or header line), and a container's
/// closing bracket takes the place of the `,` the window ends at: only
/// the part of a record after a window's end is copied, into the next
/// block. A container laid out an element a line is cut where the layout
/// says (`ElementLayout`) once its window scans; other inputs, and a
/// window whose scan fails, are cut by walking their bytes
/// (`RecordCutter`).
final class InputWindows {
  /// One window.
  struct Window {
    /// The document to scan.
    var document: SourceBytes
    /// Where the window's own bytes start in the document (after the
    /// opening bracket or the header line).
    var prefixLength: Int
    /// Where the window's own bytes start in the input.
    var start: Int
    /// Whether this is the first window (the document is the input's
    /// start) and whether it is the last.
    var isFirst: Bool
    var isLast: Bool
    /// Whether its end is a guess of the layout that its scan must
    /// confirm (else `recut()`).
    var isGuessed: Bool
  }

  /// The input's name in messages.
  let name: String
  private let descriptor: Int32
  private var cutter: RecordCutter
  private var opening: [UInt8]
  private let closing: [UInt8]
  /// The block being filled: `headroom` bytes of the opening, then the
  /// input's bytes from `start`, `filled` bytes in all.
  private var block = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
  private var headroom = 0
  private var filled = 0
  private var start = 0
  /// How far the cutter has walked (an offset in the input), and the last
  /// cut it found.
  private var scanned = 0
  private var lastCut: RecordCutter.Cut?
  /// The layout of a container, while its guesses hold.
  private var layout: ElementLayout?
  private var endOfFile = false
  private var finished = false
  private var first = true
  private var windowSize: Int
  private let largestWindow: Int
  /// The block of the last window, until the next takes its rest.
  private var handedOut: HandedOut?
  /// Bytes read so far, for progress.
  private(set) var bytesRead = 0
  /// The memory of the windows' blocks, used again.
  private let memory = DocumentMemory(kept: 2)

  /// Room past a window's worth of bytes in a block.
  private static let slack = 1 << 16

  /// Opens `path` for windows of about `windowSize` bytes.
  ///
  /// - Parameters:
  ///   - path: a file (standard input is spooled to a file before).
  ///   - name: the input's name in messages.
  ///   - kind: how its records are separated.
  ///   - container: the opening and closing bracket of a JSON container.
  ///   - windowSize: the bytes a window holds at least (unless at the end).
  ///   - largestWindow: a record that needs a larger window is an error.
  /// - Throws: `InputError` when the file cannot be opened.
  init(
    path: String, name: String, kind: RecordCutter.Kind, container: (UInt8, UInt8)?,
    windowSize: Int, largestWindow: Int
  ) throws {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw InputError(String(cString: strerror(errno)), file: name)
    }
    self.name = name
    cutter = RecordCutter(kind)
    opening = container.map { [$0.0] } ?? []
    closing = container.map { [$0.1] } ?? []
    self.windowSize = windowSize
    self.largestWindow = largestWindow
    block = memory.take(capacity: windowSize + InputWindows.slack)
  }

  deinit {
    close(descriptor)
    giveBack(block)
  }

  /// The next window, or `nil` after the last.
  ///
  /// - Throws: `InputError` for a read error, `BudgetTooSmallError` for a
  ///   record larger than the largest window.
  func next() throws -> Window? {
    guard !finished else { return nil }
    if let handedOut {
      takeRest(of: handedOut)
      self.handedOut = nil
    }
    return try cut(guessing: true)
  }

  /// The last window again, cut by walking its bytes: its guessed end
  /// did not scan.
  ///
  /// - Throws: as `next()`.
  func recut() throws -> Window {
    guard let handedOut, handedOut.window.isGuessed else {
      preconditionFailure("only a guessed window is cut again")
    }
    layout = nil
    let old = handedOut.block
    giveBack(block)
    block = memory.take(capacity: old.count)
    _ = UnsafeMutableBufferPointer(rebasing: block[..<handedOut.filled]).initialize(
      fromContentsOf: old[..<handedOut.filled])
    if let (at, byte) = handedOut.overwritten { block[at] = byte }
    filled = handedOut.filled
    headroom = handedOut.window.prefixLength
    start = handedOut.window.start
    first = handedOut.window.isFirst
    cutter = RecordCutter(cutter.kind, atCut: start > 0)
    (scanned, lastCut) = (start, nil)
    self.handedOut = nil
    return try cut(guessing: false)
  }

  /// Sets the header line that starts every later window of a table.
  func setTableHeader(_ line: [UInt8]) {
    opening = line
  }

  /// The window of the current block: up to the last cut (guessed from
  /// the layout when `guessing`) once a window's worth is read, or the
  /// rest of the input.
  private func cut(guessing: Bool) throws -> Window {
    while true {
      try fill()
      let end = start + filled - headroom
      if first && cutter.kind == .container && guessing {
        layout = ElementLayout.of(UnsafeBufferPointer(rebasing: block[..<filled]))
      }
      if guessing, let layout, !endOfFile || end - start > windowSize,
        let guess = layout.lastCut(in: own(), offset: start), guess.end - start <= largestWindow
      {
        cutter = RecordCutter(cutter.kind, atCut: true)
        (scanned, lastCut) = (guess.next, nil)
        return window(end: guess.end, next: guess.next, guessed: true)
      }
      walk()
      if let cut = lastCut, cut.end > start, !endOfFile || end - start > windowSize {
        lastCut = nil
        if cut.end - start <= largestWindow {
          return window(end: cut.end, next: cut.next, guessed: false)
        }
        // Too far: the last cut within the largest window, or a record
        // larger than the budget allows.
        let within = cutBetween(from: start, to: start + largestWindow, first: false)
        guard let within, within.end > start else {
          let first = cutBetween(from: start, to: end, first: true) ?? cut
          throw BudgetTooSmallError(
            smallestBudget: BucketPlan.smallestBudget(forWindow: first.end - start))
        }
        return window(end: within.end, next: within.next, guessed: false)
      }
      if endOfFile {
        guard end - start <= largestWindow else {
          throw BudgetTooSmallError(
            smallestBudget: BucketPlan.smallestBudget(forWindow: end - start))
        }
        return window(end: end, next: nil, guessed: false)
      }
      windowSize *= 2
      grow(to: headroom + windowSize + InputWindows.slack)
    }
  }

  /// The input's bytes in the block.
  private func own() -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: block[headroom..<filled])
  }

  /// Walks the bytes read and not yet walked, noting the last cut.
  private func walk() {
    let end = start + filled - headroom
    guard scanned < end else { return }
    let from = headroom + scanned - start
    if let found = cutter.scan(
      UnsafeBufferPointer(rebasing: block[from..<filled]), offset: scanned)
    {
      lastCut = found
    }
    scanned = end
  }

  /// A cut between `from` (a cut) and `to`: the last, or the first.
  private func cutBetween(from: Int, to: Int, first: Bool) -> RecordCutter.Cut? {
    var fresh = RecordCutter(cutter.kind, atCut: from > 0)
    let bytes = UnsafeBufferPointer(
      rebasing: block[(headroom + from - start)..<(headroom + min(to, scanned) - start)])
    return fresh.scan(bytes, offset: from, first: first)
  }

  /// Reads until the block holds a window's worth, or the input ends.
  private func fill() throws {
    while !endOfFile && filled - headroom < windowSize {
      if filled == block.count { grow(to: max(block.count * 2, InputWindows.slack)) }
      // No further than a window's worth: a window ends at the last cut
      // of the bytes read.
      let wanted = min(block.count - filled, windowSize - (filled - headroom))
      let got = read(descriptor, block.baseAddress! + filled, wanted)
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { throw InputError(String(cString: strerror(errno)), file: name) }
      if got == 0 { endOfFile = true }
      filled += got
      bytesRead += got
    }
  }

  /// A larger block holding what this one holds.
  private func grow(to capacity: Int) {
    guard capacity > block.count else { return }
    let larger = memory.take(capacity: capacity)
    _ = UnsafeMutableBufferPointer(rebasing: larger[..<filled]).initialize(
      fromContentsOf: block[..<filled])
    giveBack(block)
    block = larger
  }

  private func giveBack(_ block: UnsafeMutableBufferPointer<UInt8>) {
    guard let address = block.baseAddress else { return }
    memory.give(address: Int(bitPattern: address), capacity: block.count)
  }
}

extension InputWindows {
  /// A window handed out, with what the next window or a cut again needs
  /// of its block.
  fileprivate struct HandedOut {
    var window: Window
    /// The block (owned by the window's document) and how far it was
    /// filled.
    var block: UnsafeMutableBufferPointer<UInt8>
    var filled: Int
    /// Where the window's next starts in the input (`nil` for the last).
    var next: Int?
    /// The byte the closing bracket took the place of, and where.
    var overwritten: (Int, UInt8)?
  }

  /// The window of `start..<end` from the current block, which its
  /// document takes over; the next starts at `next`.
  private func window(end: Int, next: Int?, guessed: Bool) -> Window {
    var length = headroom + end - start
    var overwritten: (Int, UInt8)?
    if let next, let bracket = closing.first {
      // The `,` after the window's last record becomes the closing bracket.
      precondition(next > end, "a container's window ends before a ','")
      overwritten = (length, block[length])
      block[length] = bracket
      length += 1
    }
    let taken = block
    let (pool, capacity) = (memory, block.count)
    let document = SourceBytes(adopting: UnsafeBufferPointer(rebasing: taken[..<length])) {
      pool.give(address: Int(bitPattern: $0.baseAddress), capacity: capacity)
    }
    let window = Window(
      document: document, prefixLength: headroom, start: start, isFirst: first,
      isLast: next == nil, isGuessed: guessed)
    handedOut = HandedOut(
      window: window, block: taken, filled: filled, next: next, overwritten: overwritten)
    block = UnsafeMutableBufferPointer(start: nil, count: 0)
    first = false
    if next == nil { finished = true }
    return window
  }

  /// Starts a new block with the opening and the rest of the last
  /// window's block after its end.
  private func takeRest(of handedOut: HandedOut) {
    guard let next = handedOut.next else { return }
    let restStart = handedOut.window.prefixLength + next - handedOut.window.start
    let rest = handedOut.filled - restStart
    headroom = opening.count
    block = memory.take(capacity: headroom + max(windowSize, rest) + InputWindows.slack)
    _ = UnsafeMutableBufferPointer(rebasing: block[..<headroom]).initialize(
      fromContentsOf: opening)
    _ = UnsafeMutableBufferPointer(rebasing: block[headroom..<(headroom + rest)]).initialize(
      fromContentsOf: handedOut.block[restStart..<handedOut.filled])
    filled = headroom + rest
    start = next
  }
}
