import ColdiffCLI
import FuzzSupport

/// Splits the input at NUL bytes into command-line arguments and parses
/// them as coldiff's and as colpatch's; either parser may refuse them with
/// a usage error but never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let arguments = fuzzBytes(data, size).split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  _ = ColdiffArguments.parse(arguments)
  _ = ColpatchArguments.parse(arguments)
  return 0
}

FuzzDriver.run(testOneInput)
