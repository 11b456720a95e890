import ColdiffFormats

extension ComparisonRules {
  /// The rules as a diff document records them (SPEC §8.2):
  /// `{"ignore": [FIELD…], "compare": {FIELD: [RULE…]}, "arrayKeys":
  /// {FIELD: KEYFIELD}, "root": POINTER}`, each member only when it says
  /// something; `nil` when there is no rule.
  package var documentValue: JSONValue? {
    guard !isNone else { return nil }
    var members: [JSONObject.Member] = []
    func member(_ name: String, _ value: JSONValue) {
      members.append(JSONObject.Member(name: JSONString(name), value: value))
    }
    if !ignore.isEmpty {
      member("ignore", .array(ignore.map { .string(JSONString($0.text)) }))
    }
    if !compare.isEmpty {
      // One member per field; rules given for it twice are joined.
      var fields: [(name: String, rules: [JSONValue])] = []
      for rule in compare {
        let texts = rule.rules.map { JSONValue.string(JSONString($0.text)) }
        if let index = fields.firstIndex(where: { $0.name == rule.pattern.text }) {
          fields[index].rules += texts
        } else {
          fields.append((rule.pattern.text, texts))
        }
      }
      member(
        "compare",
        .object(
          JSONObject(
            members: fields.map {
              JSONObject.Member(name: JSONString($0.name), value: .array($0.rules))
            })))
    }
    if !arrayKeys.isEmpty {
      let keys = arrayKeys.map {
        JSONObject.Member(
          name: JSONString($0.field.text),
          value: .string(JSONString(ReportText.field($0.key.tokens))))
      }
      member("arrayKeys", .object(JSONObject(members: keys)))
    }
    if let root { member("root", .string(JSONString(root.description))) }
    return .object(JSONObject(members: members))
  }

  /// Reads the rules a diff document records; a document without rules
  /// (`nil`, an older coldiff) has none.
  ///
  /// - Parameter value: the document's `"rules"` member.
  /// - Throws: `InputError` for a member of the wrong kind, an unknown
  ///   member, or a field or rule coldiff would not accept.
  package init(document value: JSONValue?) throws(InputError) {
    self.init()
    guard case .object(let object)? = value else { return }
    for member in object.members {
      switch (member.name.string, member.value) {
      case ("ignore", .array(let fields)):
        for field in fields {
          guard case .string(let text) = field else { throw Self.bad("ignore") }
          ignore.append(FieldPattern(try JSONPointer(field: text.value)))
        }
      case ("compare", .object(let fields)):
        for field in fields.members {
          guard case .array(let texts) = field.value else { throw Self.bad("compare") }
          var rules: [ComparisonRule] = []
          for text in texts {
            guard case .string(let rule) = text else { throw Self.bad("compare") }
            rules.append(try ComparisonRule(parsing: Substring(rule.string)))
          }
          let pattern = FieldPattern(try JSONPointer(field: field.name.value))
          compare.append(FieldRule(pattern: pattern, rules: rules))
        }
      case ("root", .string(let pointer)):
        root = try JSONPointer(parsing: pointer.value)
      case ("arrayKeys", .object(let keys)):
        for key in keys.members {
          guard case .string(let keyField) = key.value else { throw Self.bad("arrayKeys") }
          arrayKeys.append(
            ArrayKey(
              field: FieldPattern(try JSONPointer(field: key.name.value)),
              key: try JSONPointer(field: keyField.value)))
        }
      default:
        throw InputError(
          "diff document: \"rules\" has an unexpected member \"\(member.name.string)\" "
            + "or a member of the wrong kind")
      }
    }
  }

  private static func bad(_ name: String) -> InputError {
    InputError("diff document: \"rules\".\"\(name)\" is not as coldiff writes it")
  }
}
