import Foundation
import TestSupport
import Testing

/// `colpatch merge` as git's merge driver (SPEC §8.4): two branches that
/// edit different records of `data.json` and `data.csv` merge cleanly
/// with `git merge`; conflicting edits leave git reporting a conflict and
/// a valid file holding OURS's values.
@Suite struct GitMergeTests {
  private static let json = """
    [
      {"id": 1, "name": "one", "price": 10},
      {"id": 2, "name": "two", "price": 20},
      {"id": 3, "name": "three", "price": 30},
      {"id": 4, "name": "four", "price": 40}
    ]

    """

  private static let csv = "id,name,price\n1,one,10\n2,two,20\n3,three,30\n4,four,40\n"

  /// A repository whose `main` holds BASE, with JSON merged by the SPEC's
  /// driver line and CSV by the same with `--path %P`, and a branch
  /// `other` made from it.
  private func repository() throws -> GitRepository {
    let repository = try GitRepository()
    try repository.write(
      ".gitattributes", "*.json merge=coldiff\n*.csv merge=coldiff-path\n")
    try repository.run("config", "merge.coldiff.driver", "colpatch merge %O %A %B -i")
    try repository.run(
      "config", "merge.coldiff-path.driver", "colpatch merge %O %A %B -i --path %P")
    try repository.write("data.json", Self.json)
    try repository.write("data.csv", Self.csv)
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "base")
    try repository.run("branch", "other")
    return repository
  }

  /// Commits `json` and `csv` on `branch`.
  private func commit(
    _ repository: GitRepository, on branch: String, json: String, csv: String
  ) throws {
    try repository.run("checkout", "-q", branch)
    try repository.write("data.json", json)
    try repository.write("data.csv", csv)
    try repository.run("commit", "-q", "-am", "edit on \(branch)")
  }

  /// A repository in which `other` and then `main` commit their edits of
  /// BASE, and `main` has run `git merge other` (the outcome returned).
  private func merged(
    other: (json: String, csv: String), main: (json: String, csv: String)
  ) throws -> (GitRepository, ToolProcess.Outcome) {
    let repository = try repository()
    try commit(repository, on: "other", json: other.json, csv: other.csv)
    try commit(repository, on: "main", json: main.json, csv: main.csv)
    return (repository, try repository.git("merge", "--no-edit", "other"))
  }

  private func read(_ repository: GitRepository, _ name: String) throws -> String {
    String(decoding: try ColpatchCommandLine.bytes(repository.path + "/" + name), as: UTF8.self)
  }

  @Test func editsOfDifferentRecordsMergeCleanly() throws {
    let (repository, merge) = try merged(
      other: (
        json: Self.json.replacingOccurrences(
          of: "\"two\", \"price\": 20", with: "\"two\", \"price\": 22"),
        csv: Self.csv.replacingOccurrences(of: "2,two,20", with: "2,TWO,20")
      ),
      main: (
        json: Self.json.replacingOccurrences(
          of: "\"four\", \"price\": 40", with: "\"four\", \"price\": 44"
        )
        .replacingOccurrences(of: "  {\"id\": 1, \"name\": \"one\", \"price\": 10},\n", with: ""),
        csv: Self.csv + "5,five,50\n"
      ))
    defer { repository.remove() }
    #expect(merge.status == 0, "\(merge.errors)")
    #expect(
      try read(repository, "data.json") == """
        [
          {"id": 2, "name": "two", "price": 22},
          {"id": 3, "name": "three", "price": 30},
          {"id": 4, "name": "four", "price": 44}
        ]

        """)
    #expect(
      try read(repository, "data.csv") == "id,name,price\n1,one,10\n2,TWO,20\n3,three,30\n"
        + "4,four,40\n5,five,50\n")
    let status = try repository.git("status", "--porcelain")
    #expect(status.text.isEmpty)
  }

  @Test func conflictingEditsLeaveAConflictAndAValidFile() throws {
    let (repository, merge) = try merged(
      other: (
        json: Self.json.replacingOccurrences(
          of: "\"three\", \"price\": 30", with: "\"three\", \"price\": 33"),
        csv: Self.csv.replacingOccurrences(of: "3,three,30", with: "3,three,33")
      ),
      main: (
        json: Self.json.replacingOccurrences(
          of: "\"three\", \"price\": 30", with: "\"three\", \"price\": 31"
        )
        .replacingOccurrences(of: "\"one\", \"price\": 10", with: "\"one\", \"price\": 11"),
        csv: Self.csv.replacingOccurrences(of: "3,three,30", with: "3,three,31")
      ))
    defer { repository.remove() }
    #expect(merge.status != 0)
    #expect(merge.text.contains("CONFLICT") && merge.text.contains("data.json"))
    #expect(merge.errors.contains("colpatch: conflict: key 3 /price: base 30, ours 31, theirs 33"))
    let unmerged = try repository.git("diff", "--name-only", "--diff-filter=U")
    #expect(unmerged.text == "data.csv\ndata.json\n")
    let merged = try read(repository, "data.json")
    #expect(merged.contains("\"price\": 31") && merged.contains("\"price\": 11"))
    #expect(!merged.contains("<<<<<<<"))
    #expect((try? JSONSerialization.jsonObject(with: Data(merged.utf8))) != nil)
    #expect(
      try read(repository, "data.csv")
        == Self.csv.replacingOccurrences(of: "3,three,30", with: "3,three,31"))
  }
}
