import ColdiffFormats

/// The rules of one `--compare FIELDS=RULE[,RULE…]` for one field or
/// pattern.
package struct FieldRule: Hashable, Sendable {
  /// The fields the rules apply to (with everything inside them).
  package let pattern: FieldPattern
  /// The rules, in the order given.
  package let rules: [ComparisonRule]

  /// Creates the rules of one field or pattern.
  package init(pattern: FieldPattern, rules: [ComparisonRule]) {
    self.pattern = pattern
    self.rules = rules
  }

  /// Parses the value of one `--compare`: FIELDS (a comma-separated list
  /// of fields or patterns, as `--key` takes them), `=`, then the rules
  /// separated by commas. The last `=` separates them, so a field name
  /// may hold one (rules never do).
  ///
  /// - Parameter argument: `price=abs:0.01`, `name,title=trim,icase`.
  /// - Returns: one `FieldRule` per field, each with all the rules.
  /// - Throws: `InputError` for a missing `=`, a bad field or rule.
  package static func parse(_ argument: String) throws(InputError) -> [FieldRule] {
    guard let equals = argument.lastIndex(of: "=") else {
      throw InputError("bad comparison '\(argument)': expected FIELDS=RULE[,RULE…]")
    }
    let fields = try JSONPointer.fieldList(String(argument[..<equals]))
    var rules: [ComparisonRule] = []
    for text in argument[argument.index(after: equals)...].split(
      separator: ",", omittingEmptySubsequences: false)
    {
      rules.append(try ComparisonRule(parsing: text))
    }
    return fields.map { FieldRule(pattern: FieldPattern($0), rules: rules) }
  }
}
