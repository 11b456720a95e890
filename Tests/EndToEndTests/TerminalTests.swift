import Foundation
import TestSupport
import Testing

/// The text format on a terminal (SPEC §4, §4.1): `--color auto` colors
/// it unless `NO_COLOR` is set, and long lines are shortened to the
/// terminal's width. The terminal is a pseudo-terminal made by
/// util-linux's `script`.
@Suite struct TerminalTests {
  private static let script = "/usr/bin/script"

  /// Runs coldiff on a 50-column pseudo-terminal; returns what it showed
  /// with the terminal's `\r\n` turned back into `\n`.
  private func onTerminal(_ environment: [String: String] = [:]) throws -> String {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(
      "old.json",
      """
      [
        {"id": 1, "name": "Espresso machine", "price": 249.00, "tags": ["kitchen"]},
        {"id": 2, "name": "Milk frother", "price": 39.90, "tags": []}
      ]

      """)
    try directory.write(
      "new.json",
      """
      [
        {"id": 2, "name": "Milk frother with a very long name indeed", "price": 39.90, "tags": []},
        {"id": 3, "name": "Cold brew bottle", "price": 29.00, "tags": ["summer"]}
      ]

      """)
    let command =
      "stty cols 50; '\(Binaries.path(of: "coldiff"))' old.json new.json; echo \"status $?\""
    let outcome = try ToolProcess.run(
      Self.script, ["-q", "-e", "-c", command, "/dev/null"], in: directory.path,
      environment: ToolProcess.environment(
        adding: environment.merging(["TERM": "dumb"]) { a, _ in a }))
    #expect(outcome.errors == "")
    return outcome.text.replacingOccurrences(of: "\r\n", with: "\n")
  }

  // `script` comes with util-linux; without it there is no terminal to
  // test on, which the printed message says.
  @Test(.enabled(if: TerminalTests.hasScript))
  func autoColorsAndShortensOnATerminal() throws {
    let shown = try onTerminal()
    let expected = """
      \u{1B}[31m- 1\u{1B}[0m  {"id": 1, "name": "Espresso machine", "price…
      \u{1B}[32m+ 3\u{1B}[0m  {"id": 3, "name": "Cold brew bottle", "price…
      \u{1B}[33m~ 2\u{1B}[0m  name: "Milk frother" → "Milk frother w…
      \u{1B}[1m1 inserted, 1 deleted, 1 updated, 0 moved\u{1B}[0m
      status 1

      """
    // Each line fits 50 columns; a changed value gets a third of them.
    #expect(shown == expected)
  }

  @Test(.enabled(if: TerminalTests.hasScript))
  func noColorTurnsAutoOff() throws {
    let shown = try onTerminal(["NO_COLOR": "1"])
    #expect(!shown.contains("\u{1B}["))
    #expect(shown.hasSuffix("1 inserted, 1 deleted, 1 updated, 0 moved\nstatus 1\n"))
  }

  static var hasScript: Bool {
    let found = FileManager.default.isExecutableFile(atPath: script)
    if !found { print("SKIPPED: no \(script) (util-linux) to make a pseudo-terminal") }
    return found
  }
}
