import ColdiffFormats

/// Where a value in the target first differs from the one a diff expects,
/// for conflict messages (SPEC §8.1.8): down through objects (and arrays
/// of the same length) to the first member whose values differ, named by
/// its pointer: `/name is "Knock box", the diff expects "Knock-box"`.
struct FirstDifference: CustomStringConvertible {
  /// The pointer of the first differing member, from the record's root.
  let path: [[UInt8]]
  /// What the target holds there, `nil` when nothing.
  let found: JSONValue?
  /// What the diff expects there, `nil` when nothing.
  let expected: JSONValue?

  /// Finds the first difference below `path` between `found` and
  /// `expected` (which differ).
  ///
  /// Object members are taken in the expected value's order, then the
  /// members only the target has; array elements by index.
  ///
  /// - Complexity: O(size of the values).
  init(found: JSONValue?, expected: JSONValue?, at path: [[UInt8]]) {
    var path = path
    var found = found
    var expected = expected
    while let step = FirstDifference.step(found, expected) {
      path.append(step.token)
      found = step.found
      expected = step.expected
    }
    self.path = path
    self.found = found
    self.expected = expected
  }

  /// The first differing member or element one level down, when both
  /// values are objects, or arrays of one length.
  private static func step(_ found: JSONValue?, _ expected: JSONValue?) -> (
    token: [UInt8], found: JSONValue?, expected: JSONValue?
  )? {
    switch (found, expected) {
    case (.object(let target)?, .object(let wanted)?):
      let names = wanted.members.map(\.name.value) + target.members.map(\.name.value)
      for name in names where target[name] != wanted[name] {
        return (name, target[name], wanted[name])
      }
      return nil
    case (.array(let target)?, .array(let wanted)?) where target.count == wanted.count:
      for index in target.indices where target[index] != wanted[index] {
        return (Array(String(index).utf8), target[index], wanted[index])
      }
      return nil
    default:
      return nil
    }
  }

  /// How many characters of each value a message shows at most.
  static let valueWidth = 60

  /// `/name is "Knock box", the diff expects "Knock-box"`; `is missing`,
  /// `expects none` where a side holds nothing. Long values are shortened
  /// so that where they first differ stays in view (SPEC §8.1.8).
  var description: String {
    let pointer = path.isEmpty ? "the record" : JSONPointer(tokens: path).description
    let (shownFound, shownExpected) = ReportText.shorten(
      found.map(ReportText.value), expected.map(ReportText.value), to: Self.valueWidth)
    return "\(pointer) "
      + (shownFound.map { "is \($0)" } ?? "is missing") + ", "
      + (shownExpected.map { "the diff expects \($0)" } ?? "the diff expects none")
  }
}
