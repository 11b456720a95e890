import Foundation
import TestSupport
import Testing

/// coldiff inside git (SPEC §4.4): the external diff driver's 7- and
/// 9-argument forms and the unmerged form, `git difftool`, and textconv.
@Suite struct GitTests {
  private static let twenty = (1...20).map { "  {\"id\": \($0), \"name\": \"record \($0)\"}" }

  private static func array(_ lines: [String]) -> String {
    "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }

  /// A repository with `*.json` and `*.csv` diffed by coldiff and a
  /// second commit that modifies, adds, deletes and renames files.
  private func driverRepository() throws -> GitRepository {
    let repository = try GitRepository()
    try repository.write(".gitattributes", "*.json diff=coldiff\n*.csv diff=coldiff\n")
    try repository.run("config", "diff.coldiff.command", "coldiff")
    try repository.write("a.json", "[\n  {\"id\": 1, \"v\": 1},\n  {\"id\": 2, \"v\": 2}\n]\n")
    try repository.write("gone.json", "[{\"id\": 1}]\n")
    try repository.write("gone.csv", "id,name\n1,one\n")
    try repository.write("big.json", Self.array(Self.twenty))
    try repository.write("same.json", "[{\"id\": 1, \"v\": 1.0}]\n")
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "one")
    try repository.write("a.json", "[\n  {\"id\": 2, \"v\": 2},\n  {\"id\": 1, \"v\": 5}\n]\n")
    try repository.run("rm", "-q", "gone.json", "gone.csv")
    try repository.write("added.json", "[{\"id\": 9}]\n")
    try repository.write("added.csv", "id,name\n7,seven\n8,eight\n")
    try repository.run("mv", "big.json", "renamed.json")
    var renamed = Self.twenty
    renamed[4] = "  {\"id\": 5, \"name\": \"record five\"}"
    try repository.write("renamed.json", Self.array(renamed))
    try repository.write("same.json", "[\n  {\"v\": 1, \"id\": 1}\n]\n")
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "two")
    return repository
  }

  private static let driverOutput = """
    diff --coldiff a/a.json b/a.json
    ~ 1  v: 1 → 5
    ↕ 2  1 → 0
    0 inserted, 0 deleted, 1 updated, 1 moved
    diff --coldiff a/added.csv b/added.csv
    columns: +id, +name
    + 7  {"id": "7", "name": "seven"}
    + 8  {"id": "8", "name": "eight"}
    2 inserted, 0 deleted, 0 updated, 0 moved
    diff --coldiff a/added.json b/added.json
    + 9  {"id": 9}
    1 inserted, 0 deleted, 0 updated, 0 moved
    diff --coldiff a/gone.csv b/gone.csv
    columns: -id, -name
    - 1  {"id": "1", "name": "one"}
    0 inserted, 1 deleted, 0 updated, 0 moved
    diff --coldiff a/gone.json b/gone.json
    - 1  {"id": 1}
    0 inserted, 1 deleted, 0 updated, 0 moved
    diff --coldiff a/big.json b/renamed.json
    similarity index 94%
    rename from big.json
    rename to renamed.json
    index 922c36d..a48a4e0 100644
    ~ 5  name: "record 5" → "record five"
    0 inserted, 0 deleted, 1 updated, 0 moved
    diff --coldiff a/same.json b/same.json

    """

  /// `git diff` and `git log -p --ext-diff` call the driver for a
  /// modified, an added, a deleted and a renamed file (7 and 9 arguments):
  /// a header naming the path(s), `/dev/null` as an empty collection, the
  /// header alone for a file whose records are all equal (§7.20), and
  /// exit 0 so git goes on.
  @Test func driverShowsModifiedAddedDeletedAndRenamedFiles() throws {
    let repository = try driverRepository()
    defer { repository.remove() }
    let diff = try repository.git("diff", "-M", "HEAD~1", "HEAD")
    #expect(diff.text == Self.driverOutput)
    #expect(diff.errors == "")
    #expect(diff.status == 0)
    let log = try repository.git("log", "-p", "--ext-diff", "-M", "--format=%s", "-1")
    #expect(log.text == "two\n\n" + Self.driverOutput)
    #expect(log.errors == "")
    #expect(log.status == 0)
    // A change in the work tree: git passes the file itself as NEW.
    try repository.write("a.json", "[\n  {\"id\": 2, \"v\": 2},\n  {\"id\": 1, \"v\": 6}\n]\n")
    let worktree = try repository.git("diff")
    #expect(
      worktree.text
        == "diff --coldiff a/a.json b/a.json\n~ 1  v: 5 → 6\n"
        + "0 inserted, 0 deleted, 1 updated, 0 moved\n")
    #expect(worktree.status == 0)
  }

  /// Called directly with git's seven arguments, coldiff exits 0 on
  /// differences unless `GIT_EXTERNAL_DIFF_TRUST_EXIT_CODE=true`, then 0
  /// or 1 like diff(1); trouble is 2 either way.
  @Test func trustExitCodeGivesDiffStatuses() throws {
    let repository = try GitRepository()
    defer { repository.remove() }
    try repository.write("old.json", "[{\"id\": 1, \"v\": 1}]\n")
    try repository.write("new.json", "[{\"id\": 1, \"v\": 2}]\n")
    try repository.write("bad.json", "[{\"id\": 1,]\n")
    func driver(_ old: String, _ new: String) -> [String] {
      [
        "data.json", old, String(repeating: "1", count: 40), "100644", new,
        String(repeating: "2", count: 40), "100644",
      ]
    }
    let trust = ["GIT_EXTERNAL_DIFF_TRUST_EXIT_CODE": "true"]
    let header = "diff --coldiff a/data.json b/data.json\n"
    let report = "~ 1  v: 1 → 2\n0 inserted, 0 deleted, 1 updated, 0 moved\n"

    let untrusted = try repository.coldiff(driver("old.json", "new.json"))
    #expect(untrusted.text == header + report)
    #expect(untrusted.status == 0)
    let trusted = try repository.coldiff(driver("old.json", "new.json"), adding: trust)
    #expect(trusted.text == header + report)
    #expect(trusted.status == 1)
    let same = try repository.coldiff(driver("old.json", "old.json"), adding: trust)
    #expect(same.text == header)
    #expect(same.status == 0)
    let added = try repository.coldiff(driver("/dev/null", "new.json"), adding: trust)
    #expect(
      added.text == header
        + "+ 1  {\"id\": 1, \"v\": 2}\n1 inserted, 0 deleted, 0 updated, 0 moved\n")
    #expect(added.status == 1)
    // A file coldiff cannot read is shown line by line, named by its path
    // in the repository, never by git's file (§8.1.2).
    for (environment, status) in [([:], 0), (trust, 1)] as [([String: String], Int32)] {
      let broken = try repository.coldiff(driver("old.json", "bad.json"), adding: environment)
      #expect(broken.status == status)
      #expect(
        broken.text == header
          + "--- a/data.json\n+++ b/data.json\n@@ -1 +1 @@\n-[{\"id\": 1, \"v\": 1}]\n"
          + "+[{\"id\": 1,]\n")
      #expect(
        broken.errors
          == "coldiff: note: data.json:1:11: expected a member name in double quotes, found ']'; "
          + "showing a line diff\n")
    }
  }

  /// In the rename form each side's form follows its own path: a CSV
  /// renamed to `.json` and rewritten as a JSON array is read as one
  /// (a regression: NEW was read by OLD's extension).
  @Test func renameToAnotherFormReadsEachSideByItsPath() throws {
    let repository = try GitRepository()
    defer { repository.remove() }
    try repository.write("old-blob", "id,name\n1,a\n2,b\n")
    try repository.write(
      "new-blob", "[{\"id\": \"1\", \"name\": \"a\"}, {\"id\": \"2\", \"name\": \"B\"}]\n")
    let rename = "similarity index 60%\nrename from data.csv\nrename to data.json\n"
    let outcome = try repository.coldiff([
      "data.csv", "old-blob", String(repeating: "1", count: 40), "100644", "new-blob",
      String(repeating: "2", count: 40), "100644", "data.json", rename,
    ])
    #expect(
      outcome.text
        == "diff --coldiff a/data.csv b/data.json\n" + rename
        + "~ 2  name: \"b\" → \"B\"\n0 inserted, 0 deleted, 1 updated, 0 moved\n")
    #expect(outcome.errors == "")
    #expect(outcome.status == 0)
  }

  /// During a merge conflict git calls the driver with the path alone
  /// (and `GIT_DIFF_PATH_TOTAL` set): coldiff prints `* Unmerged path
  /// PATH` and exits 0 (§7.16); outside git one operand is a missing NEW
  /// (§8.1.1).
  @Test func unmergedPathIsNamed() throws {
    let repository = try GitRepository()
    defer { repository.remove() }
    try repository.write(".gitattributes", "*.json diff=coldiff\n")
    try repository.run("config", "diff.coldiff.command", "coldiff")
    try repository.write("a.json", "[{\"id\": 1, \"v\": 0}]\n")
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "base")
    try repository.run("checkout", "-q", "-b", "side")
    try repository.write("a.json", "[{\"id\": 1, \"v\": 1}]\n")
    try repository.run("commit", "-q", "-a", "-m", "side")
    try repository.run("checkout", "-q", "main")
    try repository.write("a.json", "[{\"id\": 1, \"v\": 2}]\n")
    try repository.run("commit", "-q", "-a", "-m", "main")
    let merge = try repository.git("merge", "-q", "side")
    #expect(merge.status == 1)
    let diff = try repository.git("diff", "--cached")
    #expect(diff.text == "* Unmerged path a.json\n")
    #expect(diff.errors == "")
    #expect(diff.status == 0)
    let alone = try repository.coldiff(["a.json"])
    #expect(alone.text == "")
    #expect(alone.errors.hasPrefix("coldiff: missing operand NEW\nusage: coldiff"))
    #expect(alone.status == 2)
  }

  /// `git difftool -x coldiff` and a `difftool.coldiff.cmd` run coldiff
  /// on git's temporary copies, which keep the file's extension; each
  /// file's report starts with the header naming its path (§8.1.2).
  @Test func difftoolRunsColdiff() throws {
    let repository = try GitRepository()
    defer { repository.remove() }
    try repository.write("a.json", "[{\"id\": 1, \"v\": 1}, {\"id\": 2, \"v\": 2}]\n")
    try repository.write("t.csv", "id,v\n1,a\n2,b\n")
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "one")
    try repository.write("a.json", "[{\"id\": 1, \"v\": 5}, {\"id\": 2, \"v\": 2}]\n")
    try repository.write("t.csv", "id,v\n2,b\n1,c\n")
    try repository.run("commit", "-q", "-a", "-m", "two")
    let expected = """
      diff --coldiff a/a.json b/a.json
      ~ 1  v: 1 → 5
      0 inserted, 0 deleted, 1 updated, 0 moved
      diff --coldiff a/t.csv b/t.csv
      ~ 1  v: "a" → "c"
      ↕ 2  1 → 0
      0 inserted, 0 deleted, 1 updated, 1 moved

      """
    let extcmd = try repository.git("difftool", "-x", "coldiff", "--no-prompt", "HEAD~1", "HEAD")
    #expect(extcmd.text == expected)
    #expect(extcmd.errors == "")
    #expect(extcmd.status == 0)
    try repository.run("config", "difftool.coldiff.cmd", "coldiff \"$LOCAL\" \"$REMOTE\"")
    let tool = try repository.git("difftool", "--tool=coldiff", "--no-prompt", "HEAD~1", "HEAD")
    #expect(tool.text == expected)
    #expect(tool.errors == "")
    #expect(tool.status == 0)
  }

  /// A repository where `.json` files that are not collections (JSON
  /// with comments, a scalar, an empty file, invalid bytes) sit between
  /// good ones: every file is shown, each under its header, the bad ones
  /// as a unified line diff after one note naming the path (§8.1.2).
  private func mixedRepository() throws -> GitRepository {
    let repository = try GitRepository()
    try repository.write(".gitattributes", "*.json diff=coldiff\n")
    try repository.run("config", "diff.coldiff.command", "coldiff")
    try repository.write("a.json", "[{\"id\": 1, \"v\": 1}]\n")
    try repository.write("b.json", "{\n  // strict\n  \"strict\": true\n}\n")
    try repository.write("c.json", "[{\"id\": 1, \"v\": 1}]\n")
    try repository.write("d.json", "")
    try repository.write("e.json", "[{\"id\": 1}]\n")
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "one")
    try repository.write("a.json", "[{\"id\": 1, \"v\": 2}]\n")
    try repository.write("b.json", "{\n  // strict\n  \"strict\": false\n}\n")
    try repository.write("c.json", "[{\"id\": 1, \"v\": 3}]\n")
    try repository.write("d.json", "7\n")
    try Data([0x5B, 0xFF, 0x5D, 0x0A]).write(to: URL(fileURLWithPath: repository.path + "/e.json"))
    try repository.run("commit", "-q", "-a", "-m", "two")
    return repository
  }

  private static let mixedOutput = """
    diff --coldiff a/a.json b/a.json
    ~ 1  v: 1 → 2
    0 inserted, 0 deleted, 1 updated, 0 moved
    diff --coldiff a/b.json b/b.json
    --- a/b.json
    +++ b/b.json
    @@ -1,4 +1,4 @@
     {
       // strict
    -  "strict": true
    +  "strict": false
     }
    diff --coldiff a/c.json b/c.json
    ~ 1  v: 1 → 3
    0 inserted, 0 deleted, 1 updated, 0 moved
    diff --coldiff a/d.json b/d.json
    --- a/d.json
    +++ b/d.json
    @@ -0,0 +1 @@
    +7
    diff --coldiff a/e.json b/e.json
    --- a/e.json
    +++ b/e.json
    @@ -1 +1 @@
    -[{"id": 1}]

    """

  private static let mixedNotes = [
    "coldiff: note: b.json:2:3: expected a member name in double quotes, found '/'; "
      + "showing a line diff",
    "coldiff: note: d.json:1:1: not a collection: the JSON input is empty (it must hold an "
      + "array or an object); showing a line diff",
  ]

  @Test func unreadableFilesAreShownLineByLineInEveryGitForm() throws {
    let repository = try mixedRepository()
    defer { repository.remove() }
    let newE = "+[\u{FFFD}]\n"
    for arguments in [
      ["diff", "HEAD~1", "HEAD"], ["log", "-p", "--ext-diff", "--format=", "-1"],
      ["show", "--ext-diff", "--format=", "HEAD"],
      ["difftool", "-x", "coldiff", "--no-prompt", "HEAD~1", "HEAD"],
    ] {
      let outcome = try repository.git(arguments)
      let text = outcome.text.hasPrefix("\n") ? String(outcome.text.dropFirst()) : outcome.text
      #expect(text == Self.mixedOutput + newE, "\(arguments)")
      #expect(outcome.status == 0, "\(arguments)")
      let notes = outcome.errors.split(separator: "\n").map(String.init)
      #expect(notes.count == 3, "\(arguments): \(outcome.errors)")
      #expect(Array(notes.prefix(2)) == Self.mixedNotes, "\(arguments)")
      #expect(notes.last?.hasPrefix("coldiff: note: e.json:1:2: ") == true, "\(arguments)")
      #expect(!outcome.errors.contains("git-blob"), "\(arguments)")
    }
    // Without --ext-diff, git log -p and git show use git's own diff (as
    // the README says).
    for arguments in [["log", "-p", "--format=", "-1"], ["show", "--format=", "HEAD"]] {
      let outcome = try repository.git(arguments)
      #expect(outcome.text.hasPrefix("diff --git a/a.json b/a.json\n"), "\(arguments)")
      #expect(!outcome.text.contains("diff --coldiff"), "\(arguments)")
    }
  }

  /// With textconv a file coldiff cannot read passes through unchanged,
  /// so git's own diff shows its lines (§8.1.2).
  @Test func textconvPassesUnreadableFilesThrough() throws {
    let repository = try mixedRepository()
    defer { repository.remove() }
    try repository.run("config", "--unset", "diff.coldiff.command")
    try repository.run("config", "diff.coldiff.textconv", "coldiff --textconv")
    let diff = try repository.git("diff", "HEAD~1", "HEAD", "--", "b.json", "c.json")
    #expect(diff.status == 0)
    #expect(diff.text.contains("-  \"strict\": true\n+  \"strict\": false\n"))
    #expect(diff.text.contains("-{\"id\": 1, \"v\": 1}\n+{\"id\": 1, \"v\": 3}\n"))
    #expect(diff.errors.contains("coldiff: note: b.json:2:3: "))
    #expect(!diff.errors.contains("git-blob"))
  }

  /// With `textconv = coldiff --textconv`, git's own diff shows whole
  /// records as lines (sorted by key, members sorted), and `--word-diff`
  /// marks the changed words inside a record.
  @Test func textconvGivesRecordLines() throws {
    let repository = try GitRepository()
    defer { repository.remove() }
    try repository.write(".gitattributes", "*.json diff=coldiff\n")
    try repository.run("config", "diff.coldiff.textconv", "coldiff --textconv")
    try repository.write(
      "a.json",
      "[\n  {\"id\": 2, \"name\": \"b\", \"qty\": 1},\n  {\"name\": \"a\", \"id\": 1, \"qty\": 1}\n]\n"
    )
    try repository.run("add", "-A")
    try repository.run("commit", "-q", "-m", "one")
    try repository.write(
      "a.json",
      "[{\"id\": 1, \"qty\": 1, \"name\": \"a\"}, {\"qty\": 3, \"id\": 2, \"name\": \"b\"}]\n")
    let diff = try repository.git("diff")
    #expect(diff.status == 0)
    #expect(diff.errors == "")
    #expect(
      diff.text.hasSuffix(
        """
        @@ -1,2 +1,2 @@
         {"id": 1, "name": "a", "qty": 1}
        -{"id": 2, "name": "b", "qty": 1}
        +{"id": 2, "name": "b", "qty": 3}

        """))
    let words = try repository.git("diff", "--word-diff")
    #expect(words.status == 0)
    #expect(
      words.text.hasSuffix(
        """
        @@ -1,2 +1,2 @@
        {"id": 1, "name": "a", "qty": 1}
        {"id": 2, "name": "b", "qty": [-1}-]{+3}+}

        """))
  }
}
