import Glibc

/// A buffered writer on a file descriptor: bytes gather in a 64 KiB buffer
/// and go out in large `write(2)` calls.
final class FileDescriptorSink: ByteSink {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let capacity = 1 << 16

  /// A sink writing to `descriptor`, which it does not close.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(capacity)
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws {
    if buffer.count + bytes.count > capacity {
      try flush()
      if bytes.count >= capacity {
        try writeAll(bytes)
        return
      }
    }
    buffer.append(contentsOf: bytes)
  }

  func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try writeAll($0) }
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { throw WriteFailure.closedPipe }
        throw WriteFailure.failed(String(cString: strerror(errno)))
      }
      offset += written
    }
  }
}
