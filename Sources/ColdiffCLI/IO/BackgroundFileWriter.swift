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
/// that many buffers and no fresh memory per piece. The first failed
/// `write(2)` stops the writing: every later ``hand(_:)`` and ``finish()``
/// throws it, so the caller stops and nothing is renamed into place.
final class BackgroundFileWriter: @unchecked Sendable {
  /// One buffer, owned by one thread at a time.
  private final class Piece: @unchecked Sendable {
    var bytes: [UInt8] = []
  }

  private let descriptor: Int32
  private let name: String
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
  /// `name` in errors, with at most `depth` pieces in flight.
  init(descriptor: Int32, name: String, depth: Int = 3) {
    self.descriptor = descriptor
    self.name = name
    self.depth = max(depth, 1)
  }

  /// Hands over the bytes gathered in `bytes` to be written after the
  /// pieces handed before; `bytes` comes back empty, with a free buffer's
  /// capacity. Waits while ``depth`` pieces are in flight.
  ///
  /// - Throws: `InputError` naming the file when an earlier piece could
  ///   not be written.
  func hand(_ bytes: inout [UInt8]) throws {
    try checkFailure()
    guard !bytes.isEmpty else { return }
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
    pending = true
    queue.async { [self] in
      if failure.withLock({ $0 }) == nil, let error = writeAll(piece.bytes) {
        failure.withLock { $0 = error }
      }
      piece.bytes.removeAll(keepingCapacity: true)
      spare.withLock { $0.append(piece) }
      written.signal()
    }
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

  /// Writes all of `bytes`; the `errno` of a failed write, else `nil`.
  private func writeAll(_ bytes: [UInt8]) -> Int32? {
    if let injected = BackgroundFileWriter.injectedFailure { return injected }
    return bytes.withUnsafeBytes { buffer -> Int32? in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return nil
    }
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
