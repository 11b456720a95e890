import Foundation
import TestSupport

/// The outside tools the report tests check coldiff's reports with: a
/// GFM parser (Python's `markdown-it-py`) and headless Chromium. `.ci/run`
/// installs both; a test that cannot have one fails (it never skips).
enum ReportTools {
  /// The folder of the Python helpers beside this file.
  static let support = ProjectPaths.packageRoot.appendingPathComponent(
    "Tests/EndToEndTests/Support"
  ).path

  /// A Python that imports `markdown_it`: `COLDIFF_MARKDOWN_PYTHON` when
  /// set, else the venv `.build/report-venv`, made and given
  /// `markdown-it-py` by pip when missing; or why there is none.
  static let markdownPython: Result<String, ToolMissing> = findOrInstallMarkdown()

  /// Chromium: `COLDIFF_CHROMIUM` when set, else `chromium` on `PATH`; or
  /// why there is none.
  static let chromium: Result<String, ToolMissing> = findChromium()

  /// A tool the tests need is not there.
  struct ToolMissing: Error, CustomStringConvertible {
    let description: String
  }

  private static func imports(_ python: String) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    return (try? ToolProcess.run(python, ["-c", "import markdown_it"]))?.status == 0
  }

  private static func findOrInstallMarkdown() -> Result<String, ToolMissing> {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["COLDIFF_MARKDOWN_PYTHON"], !named.isEmpty {
      return imports(named)
        ? .success(named) : .failure(ToolMissing(description: "\(named) cannot import markdown_it"))
    }
    let venv = ProjectPaths.packageRoot.appendingPathComponent(".build/report-venv").path
    let python = venv + "/bin/python3"
    if imports(python) { return .success(python) }
    for step in [
      "python3 -m venv '\(venv)'",
      "'\(venv)/bin/pip' install --quiet --disable-pip-version-check markdown-it-py",
    ] {
      let outcome = try? ToolProcess.shell(step)
      guard let outcome, outcome.status == 0 else {
        return .failure(
          ToolMissing(description: "`\(step)` failed (run .ci/run, which installs markdown-it-py)"))
      }
    }
    return imports(python)
      ? .success(python)
      : .failure(ToolMissing(description: "markdown_it does not import after installing it"))
  }

  private static func findChromium() -> Result<String, ToolMissing> {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["COLDIFF_CHROMIUM"], !named.isEmpty {
      return .success(named)
    }
    for folder in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let candidate = "\(folder)/chromium"
      if FileManager.default.isExecutableFile(atPath: candidate) { return .success(candidate) }
    }
    return .failure(
      ToolMissing(description: "no chromium on PATH (.ci/run installs Debian's chromium)"))
  }

  /// The Markdown parsed: headings, paragraphs and tables (see
  /// `markdown_tables.py`).
  struct Markdown: Decodable {
    struct Table: Decodable {
      let header: [String]
      let rows: [[String]]
      let html: [[String]]
    }
    let headings: [String]
    let paragraphs: [String]
    let tables: [Table]
    let html: String
  }

  /// Parses `markdown` with markdown-it-py.
  static func parse(markdown: [UInt8]) throws -> Markdown {
    let python = try markdownPython.get()
    let outcome = try ToolProcess.run(
      python, [support + "/markdown_tables.py"], input: markdown)
    guard outcome.status == 0 else { throw ToolMissing(description: "parser: \(outcome)") }
    return try JSONDecoder().decode(Markdown.self, from: Data(outcome.output))
  }

  /// What a page showed at one moment (see `report_browser.py`).
  struct PageState: Decodable {
    let counts: [String: Int]
    let shown: String
    let rowElements: Int
    let domNodes: Int
    let rows: [[String]]
    let hash: String
  }

  /// What opening a report in Chromium showed.
  struct Page: Decodable {
    let error: String?
    let firstRowsMs: Double?
    let initial: PageState?
    let filtered: PageState?
    let fielded: PageState?
    let scrolled: PageState?
    let requests: [String]?
    let exceptions: [String]?
  }

  /// Opens `report` in headless Chromium, then types `key` into the key
  /// filter, chooses `field`, and scrolls to `scroll` (each when given).
  static func open(
    _ report: String, key: String? = nil, field: String? = nil, scroll: Double? = nil
  )
    throws -> Page
  {
    var arguments = [support + "/report_browser.py", report, "--chromium", try chromium.get()]
    if let key { arguments += ["--key", key] }
    if let field { arguments += ["--field", field] }
    if let scroll { arguments += ["--scroll", String(scroll)] }
    let outcome = try ToolProcess.run("/usr/bin/env", ["python3"] + arguments)
    return try JSONDecoder().decode(Page.self, from: Data(outcome.output))
  }
}
