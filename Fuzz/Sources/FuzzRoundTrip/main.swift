import ColdiffFormats
import FuzzSupport
import Glibc

@testable import ColdiffCLI

/// The differential round trip of SPEC §5, in-process through the code
/// the commands run: for a pair built from the input, `coldiff -f patch`
/// and `coldiff -f json` applied to OLD must give NEW, and their reverses
/// applied to NEW must give OLD (equal as values). Any mismatch, or
/// trouble on inputs that are valid, is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let pair = CollectionPair(bytes: fuzzBytes(data, size))
  let folder = "/tmp/coldiff-roundtrip-\(getpid())"
  mkdir(folder, 0o700)
  let ext = pair.form.fileExtension
  let oldPath = "\(folder)/old.\(ext)"
  let newPath = "\(folder)/new.\(ext)"
  let oldText = pair.text(new: false)
  let newText = pair.text(new: true)
  save(Array(oldText.utf8), to: oldPath)
  save(Array(newText.utf8), to: newPath)
  let context = "OLD:\n\(oldText)NEW:\n\(newText)"

  for format in ["patch", "json"] {
    let diff = run(ColdiffTool.run, ["-f", format, oldPath, newPath], context)
    let expectedStatus: ExitStatus = pair.old.isEmpty && pair.new.isEmpty ? .success : diff.status
    guard diff.status != .trouble, diff.status == expectedStatus else {
      fatalError("coldiff -f \(format) failed: \(diff.error)\n\(context)")
    }
    let patchPath = "\(folder)/patch-\(format).json"
    save(diff.output, to: patchPath)
    let forward = run(ColpatchTool.run, ["apply", patchPath, oldPath], context)
    guard forward.status == .success else {
      fatalError("apply -f \(format) failed: \(forward.error)\n\(diff.text)\n\(context)")
    }
    requireSame(forward.output, Array(newText.utf8), pair.form, "apply \(format)", context)
    let reverse = run(ColpatchTool.run, ["reverse", patchPath], context)
    guard reverse.status == .success else {
      fatalError("reverse \(format) failed: \(reverse.error)\n\(diff.text)\n\(context)")
    }
    let reversePath = "\(folder)/reverse-\(format).json"
    save(reverse.output, to: reversePath)
    let backward = run(ColpatchTool.run, ["apply", reversePath, newPath], context)
    guard backward.status == .success else {
      fatalError(
        "apply reversed \(format) failed: \(backward.error)\n\(reverse.text)\n\(context)")
    }
    requireSame(backward.output, Array(oldText.utf8), pair.form, "reverse \(format)", context)
  }
  return 0
}

/// What one in-process command run gave.
struct RunResult {
  var status: ExitStatus
  var output: [UInt8]
  var error: String
  var text: String { String(decoding: output, as: UTF8.self) }
}

func run(
  _ tool: ([String], ToolIO) -> ExitStatus, _ arguments: [String], _ context: String
) -> RunResult {
  let output = MemorySink()
  let error = MemorySink()
  let io = ToolIO(
    standardInput: -1, standardOutput: output, standardError: error, environment: [:],
    outputIsTerminal: false, errorIsTerminal: false, terminalWidth: nil)
  let status = tool(arguments, io)
  return RunResult(status: status, output: output.bytes, error: error.text)
}

func save(_ bytes: [UInt8], to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  precondition(descriptor >= 0, "cannot write \(path)")
  bytes.withUnsafeBytes { buffer in
    precondition(write(descriptor, buffer.baseAddress, buffer.count) == buffer.count)
  }
  close(descriptor)
}

/// Fails unless `actual` and `expected` hold the same collection: equal
/// JSON values, equal JSON Lines records, or equal CSV headers and rows.
func requireSame(
  _ actual: [UInt8], _ expected: [UInt8], _ form: CollectionPair.Form, _ step: String,
  _ context: String
) {
  if actual == expected { return }
  let same: Bool
  switch form {
  case .array, .object:
    same = (try? JSONReader.parse(actual)) == (try? JSONReader.parse(expected))
  case .lines:
    same = (try? JSONLinesReader.read(actual)) == (try? JSONLinesReader.read(expected))
  case .csv:
    same = csvRows(actual) == csvRows(expected)
  }
  guard same else {
    fatalError(
      "\(step) gave\n\(String(decoding: actual, as: UTF8.self))\nexpected\n"
        + "\(String(decoding: expected, as: UTF8.self))\n\(context)")
  }
}

func csvRows(_ bytes: [UInt8]) -> [JSONValue]? {
  guard let table = try? CSVTable(bytes: bytes) else { return nil }
  return [.array(table.header.map { .string(JSONString(utf8: $0)) })]
    + (0..<table.rowCount).map { table.value(ofRow: $0) }
}

FuzzDriver.run(testOneInput)
