import Foundation
import TestSupport
import Testing

/// `coldiff -f html` opened in headless Chromium: on a report of 100,000
/// changes the counts and the first rows show, only the rows on screen
/// are in the page, the key and field filters narrow the rows, scrolling
/// shows rows from deep in the list, and the page asks for nothing but
/// itself; hostile values show as their text.
@Suite(.serialized) struct HTMLReportTests {
  private static let coldiff = Binaries.path(of: "coldiff")

  /// OLD: 125,000 records `k000000`…; NEW: every fifth deleted, two in
  /// five with a new `price`, 25,000 inserted at the end: 25,000 deletes,
  /// 25,000 inserts and 50,000 updates, 100,000 changes.
  private static func hundredThousandChanges(in folder: TemporaryDirectory) throws -> (
    String, String
  ) {
    func record(_ id: String, _ name: String, _ price: Int) -> String {
      #"{"id": "\#(id)", "name": "\#(name)", "price": \#(price)}"#
    }
    var old: [String] = []
    var new: [String] = []
    for index in 0..<125_000 {
      let id = "k" + String(repeating: "0", count: 6 - String(index).count) + String(index)
      old.append(record(id, "name \(index)", index % 1000))
      switch index % 5 {
      case 0: continue
      case 1, 2: new.append(record(id, "name \(index)", index % 1000 + 1))
      default: new.append(old[index])
      }
    }
    for index in 0..<25_000 { new.append(record("n\(index)", "new \(index)", 5)) }
    return (
      try folder.write("old.json", "[\n" + old.joined(separator: ",\n") + "\n]\n"),
      try folder.write("new.json", "[\n" + new.joined(separator: ",\n") + "\n]\n")
    )
  }

  @Test func aHundredThousandChangesStayResponsive() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let (old, new) = try Self.hundredThousandChanges(in: folder)
    let html = folder.file("report.html")
    let outcome = try ToolProcess.shell(
      "'\(Self.coldiff)' -f html '\(old)' '\(new)' > '\(html)'")
    #expect(outcome.status == 1, "\(outcome)")
    let page = try ReportTools.open(html, key: "k00012", field: "price", scroll: 1)
    #expect(page.error == nil, "\(page.error ?? "")")
    guard let initial = page.initial, let filtered = page.filtered, let fielded = page.fielded,
      let scrolled = page.scrolled
    else { return }
    #expect(
      initial.counts == ["inserted": 25_000, "deleted": 25_000, "updated": 50_000, "moved": 0])
    #expect(initial.shown == "100,000 changes")
    #expect(initial.rows.first == ["group", "Deleted25,000 of 25,000"])
    #expect(
      initial.rows.dropFirst().first
        == ["−", "k000000", "0", "", #"{"id": "k000000", "name": "name 0", "price": 0}"#])
    #expect(initial.rows.dropFirst(2).first?.prefix(3) == ["−", "k000005", "5"])
    // Only what is on screen is in the page: some dozens of rows.
    #expect(initial.rowElements > 10 && initial.rowElements < 100, "\(initial.rowElements)")
    #expect(initial.domNodes < 2_000, "\(initial.domNodes)")
    // k00012x: 10 records, 2 deleted (120, 125), 4 updated (121, 122, 126, 127).
    #expect(filtered.shown == "showing 6 of 100,000 changes")
    #expect(filtered.rows.first == ["group", "Deleted2 of 25,000"])
    #expect(
      filtered.rows.map { $0[1] } == [
        "Deleted2 of 25,000", "k000120", "k000125", "Updated4 of 50,000", "k000121", "k000122",
        "k000126", "k000127",
      ])
    #expect(filtered.hash == "#key=k00012")
    #expect(fielded.hash == "#key=k00012&field=price")
    #expect(fielded.shown == "showing 4 of 100,000 changes")
    #expect(fielded.rows.first == ["group", "Updated4 of 50,000"])
    #expect(fielded.rows.dropFirst().first == ["~", "k000121", "121", "price", "121", "122"])
    #expect(scrolled.rows.count == fielded.rows.count)
    #expect(page.requests == ["file://" + html], "\(page.requests ?? [])")
    #expect(page.exceptions == [], "\(page.exceptions ?? [])")
  }

  @Test func scrollingShowsRowsFromDeepInTheList() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = (0..<20_000).map { #"{"id": \#($0), "v": 0}"# }.joined(separator: ",\n")
    let new = (0..<20_000).map { #"{"id": \#($0), "v": 1}"# }.joined(separator: ",\n")
    let html = folder.file("report.html")
    let outcome = try ToolProcess.shell(
      "'\(Self.coldiff)' -f html '\(try folder.write("old.json", "[\(old)]"))' "
        + "'\(try folder.write("new.json", "[\(new)]"))' > '\(html)'")
    #expect(outcome.status == 1, "\(outcome)")
    let page = try ReportTools.open(html, scroll: 1)
    #expect(page.error == nil, "\(page.error ?? "")")
    // At the bottom the last updates show: a header row and 20,000 rows
    // above them, and still only the rows on screen in the page.
    let last = page.scrolled?.rows.last
    #expect(last == ["~", "19999", "19999", "v", "0", "1"], "\(page.scrolled?.rows ?? [])")
    #expect((page.scrolled?.rowElements ?? 0) < 100)
  }

  @Test func hostileValuesShowAsText() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = #"[{"id": "</script><script>alert(1)</script>", "v": "<!-- a"}]"#
    // Real line and paragraph separators, which end a line in JavaScript.
    let new =
      #"[{"id": "</script><script>alert(1)</script>", "v": "<!-- b "# + "\u{2028} \u{2029}"
      + #" &amp; <b>x</b>"}]"#
    let html = folder.file("report.html")
    let outcome = try ToolProcess.shell(
      "'\(Self.coldiff)' -f html '\(try folder.write("old.json", old))' "
        + "'\(try folder.write("new.json", new))' > '\(html)'")
    #expect(outcome.status == 1, "\(outcome)")
    let bytes = try String(contentsOfFile: html, encoding: .utf8)
    // The data cannot end its script element or open a comment: the page
    // has its three script elements (the first changes, the script, all
    // changes) and no more.
    #expect(bytes.components(separatedBy: "</script>").count == 4)
    #expect(bytes.components(separatedBy: "<script").count == 4)
    #expect(!bytes.contains("<!--"))
    #expect(!bytes.contains("\u{2028}") && !bytes.contains("\u{2029}"))
    let page = try ReportTools.open(html)
    #expect(page.error == nil, "\(page.error ?? "")")
    #expect(
      page.initial?.rows.dropFirst().first
        == [
          "~", "</script><script>alert(1)</script>", "0", "v", #""<!-- a""#,
          #""<!-- b "# + "\u{2028} \u{2029}" + #" &amp; <b>x</b>""#,
        ])
    #expect(page.exceptions == [], "\(page.exceptions ?? [])")
  }

  @Test func aTreeReportNamesNodesByTheirPathAndCountsSubtreesOnce() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let examples = ProjectPaths.packageRoot.appendingPathComponent("examples").path
    let html = folder.file("report.html")
    let outcome = try ToolProcess.shell(
      "'\(Self.coldiff)' -f html --tree children '\(examples)/tree-old.json' "
        + "'\(examples)/tree-new.json' > '\(html)'")
    #expect(outcome.status == 1, "\(outcome)")
    let page = try ReportTools.open(html)
    #expect(page.error == nil, "\(page.error ?? "")")
    #expect(page.initial?.counts == ["inserted": 2, "deleted": 1, "updated": 1, "moved": 2])
    #expect(
      page.initial?.rows == [
        ["group", "Deleted1 of 1"],
        ["−", "Garden", "[1]", "", #"{"id": "Garden"}  with 1 record below it"#],
        ["group", "Inserted2 of 2"],
        [
          "+", "Electronics › Tablets", "[0, 2]", "", #"{"id": "Tablets"}  with 1 record below it"#,
        ],
        ["+", "Outdoor", "[1]", "", #"{"id": "Outdoor"}"#],
        ["group", "Updated1 of 1"],
        ["~", #"Electronics › Phones › "Nokia 3310""#, "[0, 0, 0]", "price", "59", "49"],
        ["group", "Moved2 of 2"],
        [
          "↕", #"Electronics › Phones › "Pixel 8""#, "[0, 0, 1] → [0, 2, 1]", "",
          "now under Electronics › Tablets",
        ],
        ["↕", "Garden › Tools", "[1, 1] → [1, 0]", "", "now under Outdoor"],
      ])
  }
}
