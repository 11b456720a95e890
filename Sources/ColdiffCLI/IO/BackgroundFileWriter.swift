import ColdiffFormats
import Dispatch
import Glibc
import Synchronization

/// Writes a file's pieces on a thread of its own, in the order they are
/// handed over, while the caller makes the next ones: the kernel's copy
/// of a large result into the page cache runs on the second core beside
/// the copying and formatting of the records.
///
/// A few pieces are in flight at most (``depth``); their buffers go back
/// and forth between the two threads, so a result of any size needs only
/// that many buffers and no fresh memory per piece. A piece may name runs
/// of a source's bytes to go between its own (the untouched records of a
/// patched target): they are written from the source as they stand
/// (`writev(2)`), never copied into the piece. The first failed write
/// stops the writing: every later ``hand(_:runs:)`` and ``finish()``
/// throws it, so the caller stops and nothing is renamed into place.
final class BackgroundFileWriter: @unchecked Sendable {
  /// One buffer, and the runs of the source that go between its bytes,
  /// owned by one thread at a time.
  private final class Piece: @unchecked Sendable {
    var bytes: [UInt8] = []
    var runs: [SourceRun] = []
  }

  /// A run of the source's bytes written where `at` bytes of a piece's
  /// own are written (after the runs before it).
  typealias SourceRun = (at: Int, run: Range<Int>)

  private let descriptor: Int32
  private let name: String
  /// The bytes the runs of the pieces are in; the caller keeps them
  /// until ``finish()``.
  private let source: UnsafeBufferPointer<UInt8>?
  private let queue = DispatchQueue(label: "coldiff.background-write")
  /// Signalled each time a piece is written (or skipped after a failure)
  /// and its buffer is free again.
  private let written = DispatchSemaphore(value: 0)
  /// The buffers written and free again.
  private let spare = Mutex<[Piece]>([])
  /// The first failed write's error (`errno`), if any.
  private let failure = Mutex<Int32?>(nil)
  /// How many pieces may be in flight at once.
  let depth: Int
  /// How many buffers exist; used by the handing thread only.
  private var made = 0
  /// Whether a piece was handed over since the last ``finish()``.
  private var pending = false

  /// A writer of the file open at `descriptor` (not closed here), named
  /// `name` in errors, with at most `depth` pieces in flight, whose
  /// pieces' runs are bytes of `source` (which must stay valid until
  /// ``finish()``).
  init(
    descriptor: Int32, name: String, depth: Int = 3, source: UnsafeBufferPointer<UInt8>? = nil
  ) {
    self.descriptor = descriptor
    self.name = name
    self.depth = max(depth, 1)
    self.source = source
  }

  /// Hands over the bytes gathered in `bytes`, with the runs of the
  /// source that go between them (`runs`, in order, each at the number of
  /// `bytes` before it; only with a source), to be written after the
  /// pieces handed before; both come back empty, with a free piece's
  /// capacity. Waits while ``depth`` pieces are in flight.
  ///
  /// - Throws: `InputError` naming the file when an earlier piece could
  ///   not be written.
  func hand(_ bytes: inout [UInt8], runs: inout [SourceRun]) throws {
    try checkFailure()
    guard !bytes.isEmpty || !runs.isEmpty else { return }
    precondition(runs.isEmpty || source != nil, "runs of a source need the source")
    let piece: Piece
    if made < depth {
      made += 1
      piece = Piece()
      piece.bytes.reserveCapacity(bytes.capacity)
    } else {
      written.wait()
      piece = spare.withLock { $0.removeLast() }
    }
    swap(&piece.bytes, &bytes)
    swap(&piece.runs, &runs)
    pending = true
    queue.async { [self] in
      if failure.withLock({ $0 }) == nil, let error = writeAll(piece) {
        failure.withLock { $0 = error }
      }
      piece.bytes.removeAll(keepingCapacity: true)
      piece.runs.removeAll(keepingCapacity: true)
      spare.withLock { $0.append(piece) }
      written.signal()
    }
  }

  /// Hands over the bytes gathered in `bytes` to be written after the
  /// pieces handed before, as ``hand(_:runs:)`` does for a piece without
  /// runs.
  func hand(_ bytes: inout [UInt8]) throws {
    var runs: [SourceRun] = []
    try hand(&bytes, runs: &runs)
  }

  /// Waits until every piece handed over is written.
  ///
  /// - Throws: `InputError` naming the file when a piece could not be
  ///   written.
  func finish() throws {
    if pending {
      queue.sync {}
      pending = false
    }
    try checkFailure()
  }

  private func checkFailure() throws {
    if let code = failure.withLock({ $0 }) {
      throw InputError(String(cString: strerror(code)), file: name)
    }
  }

  /// Writes all of `piece`, its bytes with its runs of the source between
  /// them; the `errno` of a failed write, else `nil`.
  private func writeAll(_ piece: Piece) -> Int32? {
    if let injected = BackgroundFileWriter.injectedFailure { return injected }
    return piece.bytes.withUnsafeBytes { buffer -> Int32? in
      var vectors: [iovec] = []
      vectors.reserveCapacity(2 * piece.runs.count + 1)
      func add(_ start: UnsafeRawPointer?, _ count: Int) {
        guard count > 0, let start else { return }
        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: start), iov_len: count))
      }
      var written = 0
      for (at, run) in piece.runs {
        add(buffer.baseAddress.map { $0 + written }, at - written)
        add(source?.baseAddress.map { UnsafeRawPointer($0 + run.lowerBound) }, run.count)
        written = at
      }
      add(buffer.baseAddress.map { $0 + written }, buffer.count - written)
      return writeAll(&vectors)
    }
  }

  /// How many vectors one `writev(2)` takes at most (`IOV_MAX`).
  private static let vectorsPerWrite = 1024

  /// Writes all the bytes `vectors` point at, in order; the `errno` of a
  /// failed write, else `nil`.
  private func writeAll(_ vectors: inout [iovec]) -> Int32? {
    var first = 0
    while first < vectors.count {
      let count = min(vectors.count - first, BackgroundFileWriter.vectorsPerWrite)
      let written = vectors.withUnsafeBufferPointer {
        writev(descriptor, $0.baseAddress! + first, Int32(count))
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      // Past the vectors written whole, into the one written in part.
      var left = written
      while left > 0 {
        if left >= vectors[first].iov_len {
          left -= vectors[first].iov_len
          first += 1
        } else {
          vectors[first].iov_base += left
          vectors[first].iov_len -= left
          left = 0
        }
      }
    }
    return nil
  }

  /// A fault for the robustness tests (Fuzz/README.md, "Faults while
  /// writing"): with `COLPATCH_FAULT=write-fails` every background write
  /// fails as on a full disk (`ENOSPC`).
  private static let injectedFailure: Int32? = {
    guard let fault = getenv("COLPATCH_FAULT"), String(cString: fault) == "write-fails" else {
      return nil
    }
    return ENOSPC
  }()
}
