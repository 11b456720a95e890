import TestSupport
import Testing

@testable import ColdiffCLI

/// What decides whether a run starts again with glibc's malloc on huge
/// pages: the kernel's mode and the size of the files named.
@Suite struct HugePageMallocTests {
  @Test func onlyTheMadviseModeIsOneToAskIn() {
    #expect(HugePageMalloc.advisedOnly("always [madvise] never\n"))
    #expect(!HugePageMalloc.advisedOnly("[always] madvise never\n"))
    #expect(!HugePageMalloc.advisedOnly("always madvise [never]\n"))
    #expect(!HugePageMalloc.advisedOnly(""))
  }

  @Test func theInputIsTheRegularFilesTheArgumentsName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try directory.write("old.json", String(repeating: "a", count: 1_000))
    let new = try directory.write("new.json", String(repeating: "b", count: 234))
    let arguments = ["-f", "json", "--key", "id", old, "-", directory.path, new, "missing"]
    #expect(HugePageMalloc.inputBytes(arguments) == 1_234)
    #expect(HugePageMalloc.inputBytes(["-q", "-"]) == 0)
  }
}
