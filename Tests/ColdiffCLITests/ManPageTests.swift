import ColdiffCLI
import Foundation
import TestSupport
import Testing

@Suite struct ManPageTests {
  static let pages = ["man/coldiff.1", "man/colpatch.1"]

  /// Runs groff, or records a known issue when it is not installed.
  func groff(_ arguments: [String]) throws -> ShellCommand.Outcome? {
    guard let groff = ShellCommand.locate("groff") else {
      withKnownIssue("groff is not installed (apt-get install groff-base); man pages unchecked") {
        Issue.record("groff missing")
      }
      return nil
    }
    return try ShellCommand.run(groff, arguments, in: ProjectPaths.packageRoot)
  }

  @Test(arguments: pages)
  func groffReportsNoWarnings(page: String) throws {
    guard let outcome = try groff(["-ww", "-man", "-z", page]) else { return }
    #expect(outcome.status == 0)
    #expect(outcome.errors == "", "\(outcome.errors)")
  }

  @Test(arguments: pages)
  func renderedLinesFitEightyColumns(page: String) throws {
    guard let outcome = try groff(["-man", "-Tutf8", "-rLL=80n", "-P-cbou", page]) else { return }
    #expect(outcome.status == 0)
    let lines = outcome.output.split(separator: "\n")
    #expect(lines.count > 100)
    for line in lines { #expect(line.count <= 80, "\(line)") }
  }

  @Test func coldiffPageCarriesTheFlagsAndTheProse() {
    let page = ManPageRenderer.render(ColdiffManual.manual)
    #expect(page.contains(".TH COLDIFF 1 \"\" \"coldiff 0.1.0\" \"User Commands\"\n"))
    for flag in ColdiffFlags.all {
      #expect(page.contains("\\fB" + flag.longSpelling.replacing("-", with: "\\-") + "\\fR"))
    }
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "\"INPUT FORMATS\"", "\"IDENTITY AND EQUALITY\"",
      "OPTIONS",
      "\"OUTPUT FORMATS\"", "GIT", "\"EXIT STATUS\"", "\"SEE ALSO\"",
    ] {
      #expect(page.contains("\n.SH " + section + "\n"), "\(section)")
    }
    #expect(page.contains("git config diff.coldiff.command coldiff"))
    #expect(page.contains("*.json diff=coldiff"))
    #expect(page.contains("git difftool \\-x coldiff"))
    #expect(page.contains("\\fBGIT_EXTERNAL_DIFF_TRUST_EXIT_CODE\\fR"))
    #expect(page.contains("\n.SH \"OPTION SYNTAX\"\n"))
    #expect(
      page.contains(
        "except \\fB\\-\\-ignore\\fR, \\fB\\-\\-compare\\fR and \\fB\\-\\-array\\-key\\fR, which "
          + "collect every value."))
    #expect(page.contains("\n.SH \"COMPARISON RULES\"\n"))
  }

  @Test func colpatchPageCarriesTheCommandsAndTheProse() {
    let page = ManPageRenderer.render(ColpatchManual.manual)
    for name in ["apply", "check", "reverse", "help"] {
      #expect(page.contains("\n.SS \"colpatch " + name))
    }
    for flag in ColpatchArguments.apply.flags {
      #expect(page.contains("\\fB" + flag.longSpelling.replacing("-", with: "\\-") + "\\fR"))
    }
    for section in [
      "\"WRITING THE RESULT\"", "\"THE ROUND TRIP\"", "COMMANDS", "\"OPTION SYNTAX\"",
    ] {
      #expect(page.contains("\n.SH " + section + "\n"), "\(section)")
    }
    #expect(page.contains("colpatch reverse p.json > r.json && colpatch apply r.json NEW"))
  }

  @Test func proseIsEscapedForRoff() {
    let command = CommandDescription(
      tool: "tool", synopses: ["[-x] FILE"], abstract: "a tool", overview: "Does things.",
      flags: [CommonFlags.help], exitStatuses: [ExitStatusDescription(code: 0, meaning: "fine")])
    let manual = Manual(
      command: command,
      leadingSections: [
        ManualSection(
          "DESCRIPTION",
          [
            .paragraph(".starts with a dot, has a \\ backslash, `--opt` and old → new"),
            .example(["'quoted' -x", ".dot"]),
          ])
      ], trailingSections: [], seeAlso: ["other(1)"])
    let page = ManPageRenderer.render(manual)
    #expect(
      page.contains(
        "\n\\&.starts with a dot, has a \\e backslash, \\fB\\-\\-opt\\fR and old \\(-> new\n"))
    #expect(page.contains("\n\\&'quoted' \\-x\n\\&.dot\n"))
    #expect(page.contains("\n.B tool\n[\\fB\\-x\\fR] \\fIFILE\\fR\n"))
    #expect(page.contains("\n.BR other (1)\n"))
  }
}
