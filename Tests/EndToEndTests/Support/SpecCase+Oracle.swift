import Foundation
import TestSupport

extension SpecCase {
  /// How to check a case's patch with the oracle: the case's arguments
  /// with the output options replaced by `-f patch`, and what the oracle
  /// must know to compare.
  struct PatchCheck {
    /// The arguments that print the patch.
    var arguments: [String] = []
    /// The two operands as given (`-` for standard input).
    var operands: [String] = []
    /// The `--ignore` fields.
    var ignore: [String] = []
    /// Whether `--unordered` was given.
    var unordered = false
    /// The `--compare` arguments.
    var compare: [String] = []
    /// The `--root` pointer.
    var root: String?
    /// The `--tree` children member.
    var tree: String?
    /// The `--input` format.
    var input: String?
    /// The `--delimiter` value.
    var delimiter: String?

    /// The oracle's form for `operand`: `empty` for `/dev/null` (an empty
    /// collection like the other side), the `--input` format, else the
    /// extension's, else detection from the bytes.
    func form(of operand: String) -> String {
      if operand == "/dev/null" { return "empty" }
      if let input { return input }
      switch (operand as NSString).pathExtension {
      case "csv": return "csv"
      case "tsv": return "tsv"
      case "jsonl", "ndjson": return "jsonl"
      case "json": return "json"
      default: return "detect"
      }
    }
  }

  /// The patch check for a case that compares two inputs and finds
  /// differences, `nil` for any other case.
  var patchCheck: PatchCheck? {
    guard expectedStatus == 1, tool == "coldiff" else { return nil }
    let withValue: Set = [
      "-k", "--key", "--ignore", "--compare", "--array-key", "--root", "--input", "--tree",
      "--delimiter",
    ]
    let dropped: Set = ["-q", "--quiet", "--no-test"]
    let droppedWithValue: Set = ["-f", "--format", "--color"]
    var check = PatchCheck()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      let inline = argument.contains("=") && argument.hasPrefix("--")
      // A combination's operands are shard documents, not OLD and NEW.
      if ["--help", "-h", "--version", "--textconv", "--combine"].contains(name) { return nil }
      if dropped.contains(name) { continue }
      if droppedWithValue.contains(name) {
        if !inline { _ = remaining.popFirst() }
        continue
      }
      if name == "--unordered" { check.unordered = true }
      if withValue.contains(name) {
        let value =
          inline
          ? String(argument.split(separator: "=", maxSplits: 1)[1]) : remaining.popFirst() ?? ""
        if name == "--ignore" { check.ignore.append(value) }
        if name == "--compare" { check.compare.append(value) }
        if name == "--root" { check.root = value }
        if name == "--tree" { check.tree = value }
        if name == "--input" { check.input = value }
        if name == "--delimiter" { check.delimiter = value == "tab" ? "\t" : value }
        check.arguments += [name, value]
        continue
      }
      if !argument.hasPrefix("-") || argument == "-" { check.operands.append(argument) }
      check.arguments.append(argument)
    }
    guard check.operands.count == 2 else { return nil }
    check.arguments += ["-f", "patch"]
    return check
  }
}
