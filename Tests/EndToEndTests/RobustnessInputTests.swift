import Foundation
import Glibc
import TestSupport
import Testing

/// Hostile and broken inputs given to the built tools: each ends with
/// exit 2 and one line naming the file (and the position, where there is
/// one), never a signal or a hang; inputs that are valid after all work.
@Suite struct RobustnessInputTests {
  static let array = #"[{"id":1,"a":"x","b":[1,{"c":null}]},{"id":2,"n":-1.5e3}]"#
  static let lines = "{\"id\":1,\"a\":\"x\"}\n{\"id\":2,\"b\":[true,false]}\n"
  static let csv = "id,a,b\r\n1,\"x,\"\"y\"\"\",z\r\n2,,w\r\n"
  static let newArray = #"[{"id":1,"a":"y"},{"id":3}]"#

  /// Every proper prefix of `document`, saved as NAME and compared with
  /// a small valid collection: exit 0 or 1 when the prefix happens to be
  /// valid, else exit 2 with `coldiff: NAME:LINE:COLUMN: …`.
  func everyPrefixOf(_ document: String, named name: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let other = try folder.write("other.json", Self.newArray)
    let bytes = Array(document.utf8)
    for length in 0..<bytes.count {
      let path = try folder.write(name, bytes: Array(bytes[..<length]))
      let run = try RobustnessTool.run("coldiff", [path, other])
      #expect(!run.signaled && !run.timedOut, "prefix \(length)")
      if run.status == 2 {
        #expect(run.isTrouble(startingWith: "coldiff: \(path):"), "prefix \(length): \(run.error)")
        #expect(run.error.contains(":1:") || run.error.contains(":2:") || run.error.contains(":3:"))
      } else {
        #expect(run.status == 1, "prefix \(length) was read as valid: \(run.error)")
      }
    }
  }

  @Test func truncatedJSONArraysAreRefusedWithAPosition() throws {
    try everyPrefixOf(Self.array, named: "old.json")
  }

  @Test func truncatedJSONLinesAreRefusedWithAPosition() throws {
    try everyPrefixOf(Self.lines, named: "old.jsonl")
  }

  @Test func truncatedCSVIsReadOrRefusedWithAPosition() throws {
    try everyPrefixOf(Self.csv, named: "old.csv")
  }

  /// Every proper prefix of a patch or diff document made by coldiff:
  /// colpatch refuses it with `colpatch: NAME:LINE:COLUMN: …` (or, for a
  /// prefix that is itself a valid document, applies it or reports why
  /// it does not apply) and never writes a partial result.
  func everyPrefixOfPatch(format: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.json", Self.array)
    let new = try folder.write("new.json", Self.newArray)
    let made = try RobustnessTool.run("coldiff", ["-f", format, old, new])
    #expect(made.status == 1)
    // Every prefix shorter than the document without its final newline.
    let whole = made.output.last == UInt8(ascii: "\n") ? made.output.count - 1 : made.output.count
    for length in 0..<whole {
      let patch = try folder.write("patch.json", bytes: Array(made.output[..<length]))
      let run = try RobustnessTool.run("colpatch", ["apply", patch, old])
      #expect(!run.signaled && !run.timedOut, "prefix \(length)")
      #expect(run.status != 0, "prefix \(length) applied")
      if run.status == 2 {
        #expect(run.isTrouble(startingWith: "colpatch: \(patch):"), "\(length): \(run.error)")
      }
      #expect(run.output.isEmpty)
    }
  }

  @Test func truncatedPatchesAreRefused() throws {
    try everyPrefixOfPatch(format: "patch")
  }

  @Test func truncatedDiffDocumentsAreRefused() throws {
    try everyPrefixOfPatch(format: "json")
  }

  /// Runs coldiff on OLD = `bytes` saved as `name` against a small array,
  /// and colpatch with `bytes` as the patch.
  func refusal(_ bytes: [UInt8], named name: String, _ message: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(name, bytes: bytes)
    let other = try folder.write("other.json", Self.newArray)
    let coldiff = try RobustnessTool.run("coldiff", [path, other])
    #expect(coldiff.isTrouble(startingWith: "coldiff: \(path):"), "\(coldiff.error)")
    #expect(coldiff.error.contains(message), "\(coldiff.error)")
    guard name.hasSuffix(".json") else { return }
    let colpatch = try RobustnessTool.run("colpatch", ["apply", path, other])
    #expect(colpatch.isTrouble(startingWith: "colpatch: \(path):"), "\(colpatch.error)")
  }

  @Test func invalidUTF8IsRefusedWithItsPosition() throws {
    try refusal(
      Array(#"[{"id":1,"a":""#.utf8) + [0xFF] + Array(#""}]"#.utf8), named: "o.json", ":1:15:")
    try refusal(Array("id,a\n1,".utf8) + [0xC3, 0x28] + [0x0A], named: "o.csv", ":2:")
  }

  @Test func aRawNULInAStringIsRefusedWithItsPosition() throws {
    try refusal(
      Array(#"[{"id":1,"a":"x"#.utf8) + [0] + Array(#""}]"#.utf8), named: "o.json", ":1:16:")
  }

  @Test func deepNestingIsRefusedWithoutOverflowingTheStack() throws {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    try refusal(deep, named: "o.json", "nesting")
    let inRecord =
      Array(#"{"id":1,"a":"#.utf8) + deep + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
      + Array("}\n".utf8)
    try refusal(inRecord, named: "o.jsonl", "nesting")
    try refusal(
      [UInt8(ascii: "[")] + inRecord.dropLast() + [UInt8(ascii: "]")], named: "o.json", "nesting")
  }

  @Test func anEmptyJSONFileIsNotACollection() throws {
    try refusal([], named: "o.json", "not a collection")
  }

  @Test func emptyJSONLinesAndCSVAreEmptyCollections() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for name in ["e.jsonl", "e.csv"] {
      let path = try folder.write(name, "")
      let same = try RobustnessTool.run("coldiff", [path, path])
      #expect(same.status == 0 && same.error.isEmpty, "\(name): \(same.error)")
    }
  }

  @Test func aHundredMegabyteStringIsCompared() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let string = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000_000)
    let old = try folder.write(
      "old.json", bytes: Array(#"[{"id":1,"a":""#.utf8) + string + Array(#""}]"#.utf8))
    let new = try folder.write(
      "new.json", bytes: Array(#"[{"id":1,"a":""#.utf8) + string + Array(#"y"}]"#.utf8))
    let run = try RobustnessTool.run("coldiff", ["-f", "stat", old, new])
    #expect(!run.signaled && !run.timedOut)
    #expect(run.status == 1)
    #expect(run.outputText == "0 inserted, 0 deleted, 1 updated, 0 moved\n")
  }

  @Test func numbersBeyondDoubleAreKeptAsTextAndComparedExactly() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write(
      "old.json", #"[{"id":1,"n":1e400},{"id":2,"n":123456789012345678901234567890}]"#)
    let new = try folder.write(
      "new.json", #"[{"id":1,"n":1e401},{"id":2,"n":123456789012345678901234567891}]"#)
    let same = try RobustnessTool.run("coldiff", [old, old])
    #expect(same.status == 0)
    let patch = try RobustnessTool.run("coldiff", ["-f", "patch", old, new])
    #expect(patch.status == 1)
    for text in [
      "1e400", "1e401", "123456789012345678901234567890", "123456789012345678901234567891",
    ] {
      #expect(patch.outputText.contains(text))
    }
    let path = try folder.write("p.json", bytes: patch.output)
    let applied = try RobustnessTool.run("colpatch", ["apply", path, old])
    #expect(applied.status == 0)
    #expect(applied.outputText == (try folder.read("new.json")))
  }

  @Test func aByteOrderMarkInJSONIsSkipped() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let plain = try folder.write("plain.json", Self.newArray)
    let marked = try folder.write(
      "marked.json", bytes: [0xEF, 0xBB, 0xBF] + Array(Self.newArray.utf8))
    let run = try RobustnessTool.run("coldiff", [marked, plain])
    #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
  }

  @Test func mixedLineEndingsInCSVAreRead() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let mixed = try folder.write("mixed.csv", "id,a\r\n1,x\n2,y\r\n3,z")
    let plain = try folder.write("plain.csv", "id,a\n1,x\n2,y\n3,z\n")
    let run = try RobustnessTool.run("coldiff", [mixed, plain])
    #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
  }

  @Test func aDirectoryIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let other = try folder.write("other.json", Self.newArray)
    let coldiff = try RobustnessTool.run("coldiff", [folder.path, other])
    #expect(coldiff.isTrouble(startingWith: "coldiff: \(folder.path): is a directory"))
    let patch = try RobustnessTool.run("colpatch", ["apply", folder.path, other])
    #expect(patch.isTrouble(startingWith: "colpatch: \(folder.path): is a directory"))
    let empty = try folder.write("empty-patch.json", "[]")
    let target = try RobustnessTool.run("colpatch", ["apply", empty, folder.path])
    #expect(target.isTrouble(startingWith: "colpatch: \(folder.path): is a directory"))
  }

  @Test func aMissingFileIsNamed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let other = try folder.write("other.json", Self.newArray)
    let missing = folder.file("missing.json")
    let coldiff = try RobustnessTool.run("coldiff", [missing, other])
    #expect(coldiff.isTrouble(startingWith: "coldiff: \(missing): No such file or directory"))
    let colpatch = try RobustnessTool.run("colpatch", ["apply", missing, other])
    #expect(colpatch.isTrouble(startingWith: "colpatch: \(missing): No such file or directory"))
  }

  /// A FIFO (or `<(…)`'s `/dev/fd/N`) is read like standard input: to its
  /// writer's end. With no writer at all, opening it waits for one, as
  /// `cat` does; the tools do not refuse pipes, so that process
  /// substitution works.
  @Test func aFIFOIsReadToItsEnd() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let other = try folder.write("other.json", Self.newArray)
    let fifo = folder.file("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "cat \"$0\" > \"$1\"", other, fifo]
    try writer.run()
    let run = try RobustnessTool.run("coldiff", [fifo, other])
    _ = ToolProcess.waitOrKill(writer)
    #expect(!run.signaled && !run.timedOut)
    #expect(run.status == 0, "\(run.error)")
  }

  /// As root, permissions do not stop a read, so the test drops to
  /// `nobody` with `setpriv`; without `setpriv` it cannot be tested as
  /// root and records that instead of passing silently.
  @Test func anUnreadableFileIsNamed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    chmod(folder.path, 0o755)
    let other = try folder.write("other.json", Self.newArray)
    let secret = try folder.write("secret.json", Self.newArray)
    chmod(secret, 0)
    var prefix: [String] = []
    if getuid() == 0 {
      let setpriv = "/usr/bin/setpriv"
      try #require(
        FileManager.default.isExecutableFile(atPath: setpriv),
        "not testable as root without setpriv: root reads any file")
      prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    }
    let coldiff = try RobustnessTool.run("coldiff", [secret, other], prefix: prefix)
    #expect(
      coldiff.isTrouble(startingWith: "coldiff: \(secret): Permission denied"), "\(coldiff.error)")
    let colpatch = try RobustnessTool.run("colpatch", ["apply", secret, other], prefix: prefix)
    #expect(colpatch.isTrouble(startingWith: "colpatch: \(secret): Permission denied"))
  }
}
