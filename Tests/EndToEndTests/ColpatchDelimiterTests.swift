import Foundation
import TestSupport
import Testing

/// Other CSV delimiters (SPEC §8.1.3): `--delimiter CHAR` reads and writes
/// the target with CHAR, and a `.csv` whose header has no comma but `;` is
/// read and written with `;`, with a note; the round trips hold byte for
/// byte.
@Suite struct ColpatchDelimiterTests {
  @Test func aSemicolonTableRoundTripsWithANote() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let oldText = "id;name;price\n1;a;1,50\n2;b;2\n"
    let newText = "id;price;name\n1;1,75;a\n3;3;\"c;d\"\n2;2;b\n"
    let old = try folder.write("old.csv", oldText)
    let new = try folder.write("new.csv", newText)
    let diff = try ColpatchCommandLine.coldiff(["-f", "json", old, new])
    #expect(diff.status == 1, "\(diff)")
    #expect(diff.errors.contains("coldiff: note: \(old): the header has no comma but ';'"))
    let document = try folder.write("d.json", diff.text)
    let applied = try ColpatchCommandLine.colpatch(["apply", document, old])
    #expect(applied.status == 0, "\(applied)")
    #expect(applied.text == newText)
    #expect(
      applied.errors
        == "colpatch: note: \(old): the header has no comma but ';', so fields are read as "
        + "separated by ';' (--delimiter sets the separator)\n")
    let reverse = try folder.write(
      "r.json", try ColpatchCommandLine.colpatch(["reverse", document]).text)
    #expect(try ColpatchCommandLine.colpatch(["apply", reverse, new]).text == oldText)
  }

  @Test func delimiterReadsAndWritesTheTarget() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let oldText = "id|name\n1|a\n2|b\n"
    let newText = "id|name\n2|b\n1|a\n4|x|y\n".replacingOccurrences(of: "x|y", with: "\"x|y\"")
    let old = try folder.write("old.csv", oldText)
    let new = try folder.write("new.csv", newText)
    let patch = try folder.write(
      "p.json",
      try ColpatchCommandLine.coldiff(["--delimiter", "|", "-f", "patch", old, new]).text)
    let applied = try ColpatchCommandLine.colpatch(["apply", "--delimiter", "|", patch, old])
    #expect(applied.status == 0 && applied.errors.isEmpty, "\(applied)")
    #expect(applied.text == newText)
    let checked = try ColpatchCommandLine.colpatch(["check", "--delimiter=|", patch, old])
    #expect(checked.status == 0, "\(checked)")
    let wrong = try ColpatchCommandLine.colpatch(["check", "--delimiter", "::", patch, old])
    #expect(wrong.status == 2 && wrong.errors.contains("'--delimiter'"), "\(wrong)")
  }
}
