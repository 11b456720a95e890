import Glibc

/// libFuzzer's entry point for programs that keep their own `main`
/// (a Swift executable always has one, so libFuzzer's is not linked).
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Starts libFuzzer with the process's arguments.
public enum FuzzDriver {
  /// Runs libFuzzer (fuzzing, or replaying the files named on the command
  /// line) with `callback` as the test of one input.
  ///
  /// - Parameter callback: the fuzzer's `LLVMFuzzerTestOneInput`.
  /// Exits with libFuzzer's status.
  public static func run(
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(runDriver(&argc, &argv, callback))
  }
}

/// The bytes of one fuzz input.
///
/// - Parameters:
///   - data: the input's first byte, or `nil` when it is empty.
///   - size: its length.
/// - Returns: a copy of the bytes.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Splits an input at the first NUL byte (or keeps it whole as the second
/// part when there is none): the way fuzzers that need two inputs, such as
/// a pointer and a document, take them from one.
///
/// - Parameter bytes: the fuzz input.
/// - Returns: the bytes before and after the first NUL.
public func splitAtFirstNUL(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8]) {
  guard let nul = bytes.firstIndex(of: 0) else { return ([], bytes) }
  return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
}
