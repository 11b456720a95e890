import ColdiffFormats
import Glibc

/// An input read with `read(2)` window by window, each window a document
/// of whole records that reads on its own: the input's own bytes for the
/// first window, the records of a later one wrapped as the form needs
/// (`[…]`, `{…}`, the table's header line before the rows). Only the
/// current window is in memory, so a mapped file's pages never pile up.
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
  }

  /// The input's name in messages.
  let name: String
  private let descriptor: Int32
  private var cutter: RecordCutter
  private var opening: [UInt8]
  private let closing: [UInt8]
  /// The input's bytes from `bufferStart` on, as far as read.
  private var buffer: [UInt8] = []
  private var bufferStart = 0
  private var scanned = 0
  private var start = 0
  private var lastCut: RecordCutter.Cut?
  private var endOfFile = false
  private var finished = false
  private var first = true
  private var windowSize: Int
  private let largestWindow: Int
  /// Bytes read so far, for progress.
  private(set) var bytesRead = 0
  /// The memory of the windows' documents, used again.
  private let memory = DocumentMemory(kept: 2)

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
  }

  deinit { close(descriptor) }

  /// The next window, or `nil` after the last.
  ///
  /// - Throws: `InputError` for a read error, `BudgetTooSmallError` for a
  ///   record larger than the largest window.
  func next() throws -> Window? {
    guard !finished else { return nil }
    while true {
      try fill()
      if scanned < bufferStart + buffer.count {
        let from = scanned - bufferStart
        let found = buffer.withUnsafeBufferPointer {
          cutter.scan(UnsafeBufferPointer(rebasing: $0[from...]), offset: scanned)
        }
        if let found { lastCut = found }
        scanned = bufferStart + buffer.count
      }
      let end = bufferStart + buffer.count
      if let cut = lastCut, cut.end > start, !endOfFile || end - start > windowSize {
        if cut.end - start <= largestWindow {
          lastCut = nil
          return window(end: cut.end, next: cut.next)
        }
        // Too far: the last cut within the largest window, or a record
        // larger than the budget allows.
        let within = cutBetween(from: start, to: start + largestWindow, first: false)
        guard let within, within.end > start else {
          let first = cutBetween(from: start, to: end, first: true) ?? cut
          throw BudgetTooSmallError(
            smallestBudget: BucketPlan.smallestBudget(forWindow: first.end - start))
        }
        return window(end: within.end, next: within.next)
      }
      if endOfFile {
        finished = true
        try check(end - start)
        return window(end: end, next: nil)
      }
      windowSize *= 2
    }
  }

  /// A cut between `from` (a cut) and `to`: the last, or the first.
  private func cutBetween(from: Int, to: Int, first: Bool) -> RecordCutter.Cut? {
    var fresh = RecordCutter(cutter.kind, atCut: from > 0)
    return buffer.withUnsafeBufferPointer {
      fresh.scan(
        UnsafeBufferPointer(rebasing: $0[(from - bufferStart)..<(to - bufferStart)]), offset: from,
        first: first)
    }
  }

  /// Throws when a window of `length` bytes is more than the budget
  /// allows.
  private func check(_ length: Int) throws {
    guard length <= largestWindow else {
      throw BudgetTooSmallError(smallestBudget: BucketPlan.smallestBudget(forWindow: length))
    }
  }

  /// Sets the header line that starts every later window of a table.
  func setTableHeader(_ line: [UInt8]) {
    opening = line
  }

  /// Reads until the buffer holds a window's worth past `start`, or the
  /// input ends.
  private func fill() throws {
    let block = min(1 << 20, windowSize)
    while !endOfFile && bufferStart + buffer.count - start < windowSize {
      let old = buffer.count
      buffer.reserveCapacity(old + block)
      var failure: Int32 = 0
      buffer.append(contentsOf: repeatElement(0, count: block))
      let got = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
        while true {
          let got = read(descriptor, pointer.baseAddress! + old, block)
          if got < 0 && errno == EINTR { continue }
          if got < 0 { failure = errno }
          return got
        }
      }
      buffer.removeLast(block - max(got, 0))
      guard got >= 0 else { throw InputError(String(cString: strerror(failure)), file: name) }
      if got == 0 { endOfFile = true }
      bytesRead += max(got, 0)
    }
  }

  /// The window of `start..<end`; the next starts at `next`.
  private func window(end: Int, next: Int?) -> Window {
    let isFirst = first
    first = false
    let slice = buffer[(start - bufferStart)..<(end - bufferStart)]
    let prefix = isFirst ? 0 : opening.count
    let suffix = next != nil ? closing : []
    var document = FixedByteWriter(
      capacity: prefix + slice.count + suffix.count, pool: memory)
    if !isFirst { document.append(opening) }
    document.append(slice)
    document.append(suffix)
    let window = Window(
      document: document.bytes(), prefixLength: prefix, start: start, isFirst: isFirst,
      isLast: next == nil)
    if let next {
      buffer.removeFirst(next - bufferStart)
      bufferStart = next
      start = next
    }
    return window
  }
}
