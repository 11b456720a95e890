extension JSONPointer {
  /// Parses a pointer in its RFC 6901 string form.
  ///
  /// `""` is the whole document; every other pointer starts with `/`,
  /// and in each token `~1` stands for `/` and `~0` for `~`.
  ///
  /// - Parameter text: the pointer's characters as UTF-8 (already decoded
  ///   from any JSON string escapes).
  /// - Throws: `InputError` when the text does not start with `/` or
  ///   holds a `~` not followed by `0` or `1`.
  /// - Complexity: O(n) in the length of the text.
  public init(parsing text: some Collection<UInt8>) throws(InputError) {
    guard let first = text.first else {
      self.init(tokens: [])
      return
    }
    guard first == UInt8(ascii: "/") else {
      throw InputError(
        "bad JSON Pointer \(JSONPointer.quoted(text)): it must be empty or start with \"/\"")
    }
    // Each token is made in one piece: copied when it has no `~`; room
    // for them made at once (a `/` before each).
    var tokens: [[UInt8]] = []
    tokens.reserveCapacity(text.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) })
    var start = text.index(after: text.startIndex)
    var index = start
    var plain = true
    while true {
      guard index != text.endIndex, text[index] != UInt8(ascii: "/") else {
        let token = text[start..<index]
        tokens.append(plain ? Array(token) : try JSONPointer.decoded(token, of: text))
        guard index != text.endIndex else { break }
        index = text.index(after: index)
        (start, plain) = (index, true)
        continue
      }
      if text[index] == UInt8(ascii: "~") { plain = false }
      index = text.index(after: index)
    }
    self.init(tokens: tokens)
  }

  /// A token of `text` with its `~0` and `~1` decoded.
  ///
  /// - Throws: `InputError` naming `text` for a `~` not followed by `0`
  ///   or `1`.
  private static func decoded<Text: Collection<UInt8>>(
    _ token: Text.SubSequence, of text: Text
  ) throws(InputError) -> [UInt8] {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(token.count)
    var iterator = token.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "~") else {
        decoded.append(byte)
        continue
      }
      switch iterator.next() {
      case UInt8(ascii: "0"): decoded.append(UInt8(ascii: "~"))
      case UInt8(ascii: "1"): decoded.append(UInt8(ascii: "/"))
      default:
        throw InputError(
          "bad JSON Pointer \(JSONPointer.quoted(text)): \"~\" must be followed by 0 or 1")
      }
    }
    return decoded
  }

  /// Parses a pointer from a Swift string.
  ///
  /// - Parameter text: the pointer in its RFC 6901 string form.
  /// - Throws: `InputError` for bad syntax, as ``init(parsing:)``.
  public init(parsing text: String) throws(InputError) {
    try self.init(parsing: Array(text.utf8))
  }

  /// The pointer in its RFC 6901 string form, as UTF-8: each token after a
  /// `/`, with `~` written `~0` and `/` written `~1`.
  ///
  /// - Complexity: O(n) in the total length of the tokens.
  public var bytes: [UInt8] {
    var out: [UInt8] = []
    for token in tokens {
      out.append(UInt8(ascii: "/"))
      for byte in token {
        switch byte {
        case UInt8(ascii: "~"): out += [UInt8(ascii: "~"), UInt8(ascii: "0")]
        case UInt8(ascii: "/"): out += [UInt8(ascii: "~"), UInt8(ascii: "1")]
        default: out.append(byte)
        }
      }
    }
    return out
  }

  /// A pointer's text in quotes, for messages.
  static func quoted(_ text: some Collection<UInt8>) -> String {
    "\"" + String(decoding: Array(text), as: UTF8.self) + "\""
  }
}

extension JSONPointer: CustomStringConvertible {
  /// The pointer in its RFC 6901 string form (`/a~1b/~0c`).
  public var description: String { String(decoding: bytes, as: UTF8.self) }
}
