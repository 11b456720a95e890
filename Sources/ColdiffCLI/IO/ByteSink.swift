/// Somewhere bytes go: standard output, standard error, a file, or a buffer
/// in tests.
protocol ByteSink: AnyObject {
  /// Appends bytes.
  ///
  /// - Throws: `WriteFailure` when the bytes cannot be written.
  func write(_ bytes: UnsafeRawBufferPointer) throws
  /// Writes out what is buffered.
  ///
  /// - Throws: `WriteFailure` when the bytes cannot be written.
  func flush() throws
}

extension ByteSink {
  /// Appends a byte array.
  func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Appends a slice of bytes.
  func write(_ bytes: ArraySlice<UInt8>) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Appends the UTF-8 of a string.
  func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }
}

/// A write that did not happen.
enum WriteFailure: Error, Equatable {
  /// The reader went away (`EPIPE`): the run ends quietly.
  case closedPipe
  /// Any other error, with the system's words.
  case failed(String)
}

/// A sink that keeps everything in memory (tests, and output that must be
/// complete before it is written).
final class MemorySink: ByteSink {
  /// What was written.
  private(set) var bytes: [UInt8] = []

  func write(_ bytes: UnsafeRawBufferPointer) {
    self.bytes.append(contentsOf: bytes)
  }

  func flush() {}

  /// What was written, decoded as UTF-8.
  var text: String { String(decoding: bytes, as: UTF8.self) }
}
