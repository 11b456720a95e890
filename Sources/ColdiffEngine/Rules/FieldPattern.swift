import ColdiffFormats

/// A FIELD of `--ignore` or `--compare` that may hold wildcards (SPEC
/// §8.2): `*` stands for exactly one path segment, `**` for any number
/// of segments (none included).
///
/// A pattern is written in the FIELD syntax (SPEC §7.7): `a.*.price`,
/// `**.updated_at`, or as a pointer `/a/*/price`. A segment that is
/// exactly `*` or `**` is always a wildcard; any other segment is a
/// member name (or, inside an array, an element's index). A pattern
/// without wildcards is a plain field.
///
/// ```swift
/// let pattern = FieldPattern(JSONPointer(["**", "updated_at"]))
/// pattern.matches([Array("user".utf8), Array("updated_at".utf8)])  // true
/// ```
package struct FieldPattern: Hashable, Sendable {
  /// One segment of a pattern.
  package enum Segment: Hashable, Sendable {
    /// A member name or element index, matched exactly (decoded UTF-8).
    case name([UInt8])
    /// `*`: any one segment.
    case one
    /// `**`: any number of segments.
    case any
  }

  /// The segments from the record down.
  package let segments: [Segment]
  /// The field as the user wrote it resolved (for documents and messages).
  package let pointer: JSONPointer

  /// The pattern of a FIELD already resolved into pointer tokens.
  ///
  /// - Parameter pointer: the FIELD's tokens; `*` and `**` are wildcards.
  package init(_ pointer: JSONPointer) {
    self.pointer = pointer
    segments = pointer.tokens.map { token in
      switch token {
      case [UInt8(ascii: "*")]: .one
      case [UInt8(ascii: "*"), UInt8(ascii: "*")]: .any
      default: .name(token)
      }
    }
  }

  /// Whether the pattern has no wildcard (it names one field).
  package var isPlain: Bool {
    segments.allSatisfy { if case .name = $0 { true } else { false } }
  }

  /// Whether the pattern matches the field at `path` (member names and
  /// element indices from the record down).
  ///
  /// - Complexity: O(p × s) for p path and s pattern segments.
  package func matches<Path: RandomAccessCollection<[UInt8]>>(_ path: Path) -> Bool
  where Path.Index == Int {
    // The classic wildcard match with one backtracking point for `**`.
    var segment = 0
    var position = path.startIndex
    var starSegment = -1
    var starPosition = path.startIndex
    while position < path.endIndex {
      if segment < segments.count {
        switch segments[segment] {
        case .name(let name) where name == path[position]:
          segment += 1
          position += 1
          continue
        case .one:
          segment += 1
          position += 1
          continue
        case .any:
          starSegment = segment
          starPosition = position
          segment += 1
          continue
        case .name:
          break
        }
      }
      guard starSegment >= 0 else { return false }
      segment = starSegment + 1
      starPosition += 1
      position = starPosition
    }
    while segment < segments.count, segments[segment] == .any { segment += 1 }
    return segment == segments.count
  }

  /// The FIELD as the report spells it (`a.*.price`, or a pointer when a
  /// name holds a `.`).
  package var text: String { ReportText.field(pointer.tokens) }
}
