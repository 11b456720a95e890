import ColdiffCore
import ColdiffEngine
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffCLI

/// The text report, its changes' text made in halves on both cores, is
/// the report made line by line in order: deletes, inserts, updates,
/// moves, at most `--limit` of them, the rest counted, then the summary.
@Suite struct TextReportTests {
  /// `count` records with random fields, some of them edited, moved,
  /// deleted and inserted in NEW, as JSON Lines or CSV (NEW's columns in
  /// another order when `reordered`).
  private func pair(seed: UInt64, count: Int, form: String, reordered: Bool = false) -> (
    String, String
  ) {
    var generator = SeededGenerator(seed: seed)
    func record(_ id: Int) -> [String] {
      [String(id), "n\(Int.random(in: 0..<3, using: &generator))", "s\(id % 4)"]
    }
    let old = (0..<count).map(record)
    var new = old
    for _ in 0..<count / 2 {
      let position = Int.random(in: 0..<max(1, new.count), using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !new.isEmpty: new.remove(at: position)
      case 1: new.insert(record(count + position * 7 + new.count), at: min(position, new.count))
      case 2 where !new.isEmpty: new[position][1] += "x"
      case 3 where !new.isEmpty: new.insert(new.remove(at: position), at: new.count / 2)
      default: break
      }
    }
    var seen = Set<String>()
    new = new.filter { seen.insert($0[0]).inserted }
    func text(_ records: [[String]], columns: [Int]) -> String {
      let names = ["id", "name", "size"]
      if form == "csv" {
        return ([columns.map { names[$0] }] + records.map { record in columns.map { record[$0] } })
          .map { $0.joined(separator: ",") + "\n" }.joined()
      }
      return records.map { record in
        "{" + columns.map { "\"\(names[$0])\": \"\(record[$0])\"" }.joined(separator: ", ") + "}\n"
      }.joined()
    }
    return (text(old, columns: [0, 1, 2]), text(new, columns: reordered ? [0, 2, 1] : [0, 1, 2]))
  }

  private func comparison(_ oldText: String, _ newText: String, form: String) throws -> Comparison {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func snapshot(_ name: String, _ text: String) throws -> Snapshot {
      let path = try folder.write("\(name).\(form)", text)
      return try Snapshot(InputFile(path: path), override: nil, keyName: Array("id".utf8))
    }
    let (old, new) = (try snapshot("old", oldText), try snapshot("new", newText))
    let identity = try Identity.resolve(keys: [], old: old, new: new)
    return try Comparison(
      old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: true,
      oldKeys: try old.keyArena(for: identity), newKeys: try new.keyArena(for: identity))
  }

  /// The report made one line at a time, in order.
  private func lineByLine(_ comparison: Comparison, style: ReportStyle, columns: String?) -> String
  {
    let (diff, old, new) = (comparison.diff, comparison.old, comparison.new)
    func name(_ record: Int, _ snapshot: Snapshot) -> String {
      RecordNames.name(of: record, in: snapshot, identity: comparison.identity)
    }
    var lines: [String] = []
    for record in diff.deletes {
      lines.append(
        style.line("-", name(record, old), ReportText.value(old.value(of: record)), .red))
    }
    for record in diff.inserts {
      lines.append(
        style.line("+", name(record, new), ReportText.value(new.value(of: record)), .green))
    }
    for record in diff.updates {
      let fields = comparison.changes[record]!.map(style.describe).joined(separator: "; ")
      lines.append(style.line("~", name(record, old), fields, .yellow))
    }
    for move in diff.moves {
      lines.append(style.line("↕", name(move.from, old), "\(move.from) → \(move.to)", .cyan))
    }
    guard !lines.isEmpty || columns != nil else { return "" }
    let shown = min(lines.count, style.limit ?? lines.count)
    var report = (columns.map { [style.paint($0, .dim)] } ?? []) + lines.prefix(shown)
    if shown < lines.count {
      let more = lines.count - shown
      report.append(style.paint("… and \(more) more change\(more == 1 ? "" : "s")", .dim))
    }
    report.append(style.paint(ReportStyle.summary(diff), .bold))
    return report.map { $0 + "\n" }.joined()
  }

  @Test(arguments: ["jsonl", "csv"], [UInt64(1), 2, 3, 4, 5])
  func changesAreReportedAsLineByLine(form: String, seed: UInt64) throws {
    let count = Int(seed) * 9 - 9
    let (oldText, newText) = pair(seed: seed, count: count, form: form)
    let comparison = try comparison(oldText, newText, form: form)
    #expect(count == 0 || comparison.diff.count > 0)
    for limit in [nil, 0, 1, 2, 5, comparison.diff.count, comparison.diff.count + 3] {
      for (color, width) in [(false, nil), (true, 30)] {
        let style = ReportStyle(color: color, width: width, limit: limit)
        #expect(
          TextReport(style: style).render(comparison)
            == lineByLine(comparison, style: style, columns: nil),
          "limit \(String(describing: limit)), color \(color)")
      }
    }
  }

  @Test func aTablesColumnsComeFirst() throws {
    let (oldText, newText) = pair(seed: 7, count: 20, form: "csv", reordered: true)
    let comparison = try comparison(oldText, newText, form: "csv")
    let columns = "columns: id, name, size → id, size, name"
    for limit in [nil, 0, 3] {
      let style = ReportStyle(color: false, width: nil, limit: limit)
      let report = TextReport(style: style).render(comparison)
      #expect(report.hasPrefix(columns + "\n"))
      #expect(report == lineByLine(comparison, style: style, columns: columns))
    }
  }
}
