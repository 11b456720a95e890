import ColdiffFormats
import Dispatch
import Synchronization

/// Writes the pieces of a result to a file on a thread of its own, so
/// that making the next piece and the system's copy of the last one into
/// the file overlap (a large merge or patch spends about as long in
/// each). One piece is written while the caller fills the next; the
/// written buffer comes back, emptied, to be filled again.
final class BackgroundFileWriter: Sendable {
  private let descriptor: Int32
  private let name: String
  private let queue = DispatchQueue(label: "coldiff.background-write")
  /// Signalled when no piece is being written.
  private let idle = DispatchSemaphore(value: 1)
  /// The buffer last written, emptied, for the caller to fill next.
  private let spare = Mutex<[UInt8]?>(nil)
  /// The first error of a write; the pieces after it are not written.
  private let failure = Mutex<InputError?>(nil)

  /// A writer into the open file `descriptor`, named `name` in errors.
  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Hands `bytes` on to be written once the piece before is, and gives
  /// back an empty buffer of the same capacity in their place.
  ///
  /// - Throws: `InputError` when writing an earlier piece failed.
  func hand(_ bytes: inout [UInt8]) throws {
    idle.wait()
    if let error = failure.withLock({ $0 }) {
      idle.signal()
      throw error
    }
    var next = spare.withLock { $0.take() } ?? []
    next.reserveCapacity(bytes.capacity)
    swap(&bytes, &next)
    let piece = next
    queue.async { [self] in
      var written = piece
      do {
        try AtomicFileWriter.writeAll(written, to: descriptor, name: name)
      } catch {
        failure.withLock { $0 = error as? InputError ?? InputError("\(error)", file: name) }
      }
      written.removeAll(keepingCapacity: true)
      spare.withLock { $0 = written }
      idle.signal()
    }
  }

  /// Waits until every piece handed on is written.
  ///
  /// - Throws: `InputError` when writing one failed.
  func finish() throws {
    wait()
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Waits until the piece being written, if any, is written.
  func wait() {
    idle.wait()
    idle.signal()
  }
}
