extension ColpatchJSON {
  /// The value as compact JSON text, members sorted by name, numbers in
  /// plain decimal notation where that is short, strings escaped only
  /// where JSON requires it.
  public var jsonText: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let number): out += number.jsonText
    case .string(let text): out += ColpatchJSON.quoted(text)
    case .array(let elements):
      out += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { out += "," }
        element.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (position, name) in members.keys.sorted().enumerated() {
        if position > 0 { out += "," }
        out += ColpatchJSON.quoted(name) + ":"
        members[name]!.write(to: &out)
      }
      out += "}"
    }
  }

  /// `text` as a JSON string literal: `"` and `\` escaped, control
  /// characters as `\n`, `\t` or `\u00XX`, everything else as UTF-8.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

extension ColpatchDecimal {
  /// The number as JSON text: an integer or a plain decimal fraction when
  /// that is shorter than 30 digits, else `DIGITSeEXPONENT`.
  public var jsonText: String {
    guard !digits.isEmpty else { return "0" }
    let sign = negative ? "-" : ""
    if exponent >= 0, exponent < 30 {
      return sign + digits + String(repeating: "0", count: exponent)
    }
    if exponent < 0, -exponent < 30 {
      let places = -exponent
      let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
      let split = padded.index(padded.endIndex, offsetBy: -places)
      return sign + padded[..<split] + "." + padded[split...]
    }
    return sign + digits + "e" + String(exponent)
  }
}
