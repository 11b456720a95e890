/// Two values of a changed field cut to a budget so that the difference
/// stays visible (SPEC §8.1.8): what both share at the start and at the
/// end is cut first (`…`), keeping a little context on each side of the
/// first differing characters.
enum ValueWindow {
  /// The characters of context kept before and after the difference.
  static let context = 12

  /// `old` and `new` each cut to about `budget` characters, the shared
  /// start and end cut first.
  ///
  /// - Complexity: O(length of the values).
  static func cut(_ old: String, _ new: String, to budget: Int) -> (old: String, new: String) {
    let (a, b) = (Array(old), Array(new))
    guard a.count > budget || b.count > budget else { return (old, new) }
    var prefix = 0
    while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    return (window(a, prefix, suffix, budget), window(b, prefix, suffix, budget))
  }

  /// One value cut to `budget` characters.
  static func cut(_ value: String, to budget: Int) -> String {
    value.count > budget ? String(value.prefix(max(budget - 1, 0))) + "…" : value
  }

  /// `characters` without most of its first `prefix` and last `suffix`
  /// characters, then cut to `budget`.
  private static func window(_ characters: [Character], _ prefix: Int, _ suffix: Int, _ budget: Int)
    -> String
  {
    let start = prefix > context + 1 ? prefix - context : 0
    let end = suffix > context + 1 ? characters.count - suffix + context : characters.count
    var text = (start > 0 ? "…" : "") + String(characters[start..<end])
    text = cut(text, to: end < characters.count ? budget - 1 : budget)
    return end < characters.count && !text.hasSuffix("…") ? text + "…" : text
  }
}
