/// How a JSON text is formatted, so that new values can be written to look
/// like their neighbours (SPEC §7.17).
///
/// The common styles:
///
/// | written by | indent | colon | comma |
/// |---|---|---|---|
/// | `jq .` | `.spaces(2)` | `": "` | – |
/// | `jq -c .`, orjson | `.none` | `":"` | `","` |
/// | Python `json.dumps(x)` | `.none` | `": "` | `", "` |
/// | Python `json.dumps(x, indent=4)` | `.spaces(4)` | `": "` | – |
public struct JSONStyle: Sendable, Equatable {
  /// The indentation of one nesting level.
  public enum Indent: Sendable, Equatable {
    /// Compact: a value is written on one line.
    case none
    /// Each level is indented by this many spaces, one member or element a
    /// line.
    case spaces(Int)
    /// Each level is indented by one tab, one member or element a line.
    case tab
  }

  /// The indentation of one level, or `.none` for compact text.
  public var indent: Indent
  /// What separates a member's name from its value (`":"`, `": "`).
  public var colon: [UInt8]
  /// What separates elements and members in compact text (`","`, `", "`);
  /// indented text puts `,` and a new line between them.
  public var comma: [UInt8]
  /// The line ending of indented text and JSON Lines (`"\n"` or `"\r\n"`).
  public var lineEnding: [UInt8]
  /// Whether the document ends with a line ending.
  public var finalNewline: Bool

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - indent: the indentation of one level, `.none` for compact text.
  ///   - colon: the bytes between a member's name and value.
  ///   - comma: the bytes between elements in compact text.
  ///   - lineEnding: `"\n"` or `"\r\n"`.
  ///   - finalNewline: whether the document ends with a line ending.
  public init(
    indent: Indent, colon: [UInt8], comma: [UInt8], lineEnding: [UInt8] = [0x0A],
    finalNewline: Bool = true
  ) {
    self.indent = indent
    self.colon = colon
    self.comma = comma
    self.lineEnding = lineEnding
    self.finalNewline = finalNewline
  }

  /// `jq .`: two spaces, `": "`, a final new line.
  public static let jq = JSONStyle(
    indent: .spaces(2), colon: Array(": ".utf8), comma: Array(", ".utf8))

  /// `jq -c .`: compact, no spaces, a final new line.
  public static let compact = JSONStyle(
    indent: .none, colon: Array(":".utf8), comma: Array(",".utf8))

  /// The bytes of one level of indentation (empty for `.none`).
  public var indentUnit: [UInt8] {
    switch indent {
    case .none: return []
    case .spaces(let count): return Array(repeating: 0x20, count: count)
    case .tab: return [0x09]
    }
  }
}
