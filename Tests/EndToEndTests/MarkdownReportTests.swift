import Foundation
import TestSupport
import Testing

/// `coldiff -f markdown` read back by a GFM parser (markdown-it-py with
/// its tables): the counts, the changed fields and the change tables say
/// what changed; hostile values (`|`, backticks, newlines, `<script>`,
/// emphasis, links, entities, math, mentions) come out as the same text in
/// the cells they belong to, and never as markup; `--limit` caps the
/// changes with `… and N more changes`.
@Suite struct MarkdownReportTests {
  private static let coldiff = Binaries.path(of: "coldiff")

  /// Runs coldiff on `old` and `new` (JSON) with `arguments`.
  private func report(old: String, new: String, _ arguments: [String]) throws -> (
    ToolProcess.Outcome, ReportTools.Markdown
  ) {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let outcome = try ToolProcess.run(
      Self.coldiff,
      ["-f", "markdown"] + arguments + [
        try folder.write("old.json", old), try folder.write("new.json", new),
      ])
    return (outcome, try ReportTools.parse(markdown: outcome.output))
  }

  /// The rows of the tables with this header, one after the other.
  private func table(_ markdown: ReportTools.Markdown, _ header: [String]) -> [[String]]? {
    let tables = markdown.tables.filter { $0.header == header }
    return tables.isEmpty ? nil : tables.flatMap(\.rows)
  }

  @Test func hostileValuesRenderAsTheirText() throws {
    // Keys, field names and values that mean something in Markdown or HTML.
    let old = #"""
      [{"id": "a|b", "note": "x`y``z", "f|<i>`x": 1},
       {"id": "<script>alert(1)</script>", "note": "line1\nline2", "n\nl": 1},
       {"id": "back\\slash|pipe", "note": "**bold** [l](http://e.test) &amp; $m$ @who #1 ~~s~~"},
       {"id": "<!--", "note": "gone|`<b>`"}]
      """#
    let new = #"""
      [{"id": "a|b", "note": "x`y``z`", "f|<i>`x": 2},
       {"id": "<script>alert(1)</script>", "note": "line1\r\nline2", "n\nl": 2},
       {"id": "back\\slash|pipe", "note": "<img src=x onerror=alert(1)>|\\|"},
       {"id": "`new`", "note": "</script>"}]
      """#
    let (outcome, markdown) = try report(old: old, new: new, [])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      table(markdown, ["change", "records"])
        == [["inserted", "1"], ["deleted", "1"], ["updated", "3"], ["moved", "0"]])
    #expect(
      table(markdown, ["field", "records"])
        == [["note", "3"], ["f|<i>`x", "1"], ["n\\nl", "1"]])
    #expect(
      table(markdown, ["key", "position", "record"])
        == [
          ["<!--", "3", #"{"id": "<!--", "note": "gone|`<b>`"}"#],
          ["`new`", "3", #"{"id": "`new`", "note": "</script>"}"#],
        ])
    #expect(
      table(markdown, ["key", "position", "field", "old → new"])
        == [
          ["a|b", "0", "note", #""x`y``z" → "x`y``z`""#],
          ["a|b", "0", "f|<i>`x", "1 → 2"],
          ["<script>alert(1)</script>", "1", "note", #""line1\nline2" → "line1\r\nline2""#],
          ["<script>alert(1)</script>", "1", "n\\nl", "1 → 2"],
          [
            #"back\slash|pipe"#, "2", "note",
            #""**bold** [l](http://e.test) &amp; $m$ @who #1 ~~s~~" → "<img src=x onerror=alert(1)>|\\|""#,
          ],
        ])
    // No value became markup: the only tags are the tables' own.
    let tags = Set(
      markdown.html.matches(of: /<\/?([a-z0-9]+)/).map { String($0.output.1) })
    #expect(tags == ["h3", "h4", "table", "thead", "tbody", "tr", "th", "td"], "\(tags)")
  }

  @Test func limitCapsTheChangesNotTheirFields() throws {
    // 5 deletes, 5 inserts, 30 updates of two fields each.
    var old: [String] = []
    var new: [String] = []
    for index in 0..<35 {
      old.append(#"{"id": \#(index), "a": 0, "b": "x"}"#)
      if index >= 5 { new.append(#"{"id": \#(index), "a": 1, "b": "y"}"#) }
    }
    for index in 100..<105 { new.append(#"{"id": \#(index), "a": 0, "b": "x"}"#) }
    let (outcome, markdown) = try report(
      old: "[" + old.joined(separator: ",\n") + "]", new: "[" + new.joined(separator: ",\n") + "]",
      ["--limit", "12"])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      table(markdown, ["change", "records"])
        == [["inserted", "5"], ["deleted", "5"], ["updated", "30"], ["moved", "0"]])
    #expect(table(markdown, ["field", "records"]) == [["a", "30"], ["b", "30"]])
    #expect(markdown.headings.dropFirst(2) == ["Deleted (5)", "Inserted (5)", "Updated (30)"])
    let tables = markdown.tables.dropFirst(2).map(\.rows)
    #expect(tables.map(\.count) == [5, 5, 4])
    #expect(tables.last?.map(\.first) == ["5", "5", "6", "6"])
    #expect(markdown.paragraphs.last?.hasPrefix("… and 28 more changes") == true)
  }

  @Test func theDefaultLimitIsAHundred() throws {
    let old = "[" + (0..<150).map { #"{"id": \#($0), "v": 0}"# }.joined(separator: ",") + "]"
    let new = "[" + (0..<150).map { #"{"id": \#($0), "v": 1}"# }.joined(separator: ",") + "]"
    let (_, markdown) = try report(old: old, new: new, [])
    #expect(markdown.tables.last?.rows.count == 100)
    #expect(markdown.paragraphs.last?.hasPrefix("… and 50 more changes") == true)
  }

  @Test func noDifferencesSaysSo() throws {
    let (outcome, markdown) = try report(old: #"[{"id": 1}]"#, new: #"[{"id": 1}]"#, [])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      table(markdown, ["change", "records"])
        == [["inserted", "0"], ["deleted", "0"], ["updated", "0"], ["moved", "0"]])
    #expect(markdown.tables.count == 1)
    #expect(markdown.paragraphs == ["No differences."])
  }
}
