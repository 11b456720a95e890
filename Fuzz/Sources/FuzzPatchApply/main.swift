import ColdiffFormats
import FuzzSupport
import Glibc

@testable import ColdiffCLI

/// Differential: `colpatch apply` (records placed positionally in the
/// target's own form) against the library's plain RFC 6902 application.
/// The JSON document before the first NUL is the target, saved as a
/// `.json` file; the bytes after it are the patch. When colpatch applies
/// it, the library must too, with an equal result; when the library
/// cannot apply it, colpatch must not claim success.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let (targetText, patchText) = splitAtFirstNUL(fuzzBytes(data, size))
  guard let target = try? JSONReader.parse(targetText), case .array = target,
    let patch = try? JSONPatch(bytes: patchText)
  else { return 0 }
  let folder = "/tmp/coldiff-patchapply-\(getpid())"
  mkdir(folder, 0o700)
  let targetPath = "\(folder)/target.json"
  let patchPath = "\(folder)/patch.json"
  save(targetText, to: targetPath)
  save(patchText, to: patchPath)
  let output = MemorySink()
  let error = MemorySink()
  let io = ToolIO(
    standardInput: -1, standardOutput: output, standardError: error, environment: [:],
    outputIsTerminal: false, errorIsTerminal: false, terminalWidth: nil)
  let status = ColpatchTool.run(arguments: ["apply", patchPath, targetPath], io: io)
  let reference = try? patch.applied(to: target)
  let context =
    "target: \(String(decoding: targetText, as: UTF8.self))\n"
    + "patch: \(String(decoding: patchText, as: UTF8.self))\nmessage: \(error.text)"
  guard status == .success else { return 0 }
  guard let reference else {
    fatalError("colpatch applied a patch the library refuses\n\(context)")
  }
  guard let result = try? JSONReader.parse(output.bytes) else {
    fatalError("colpatch wrote a result that does not read back: \(output.text)\n\(context)")
  }
  guard result == reference else {
    fatalError("colpatch gave \(output.text), the library a different value\n\(context)")
  }
  return 0
}

func save(_ bytes: [UInt8], to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  precondition(descriptor >= 0, "cannot write \(path)")
  bytes.withUnsafeBytes { buffer in
    precondition(write(descriptor, buffer.baseAddress, buffer.count) == buffer.count)
  }
  close(descriptor)
}

FuzzDriver.run(testOneInput)
