/// "Did you mean" suggestions for misspelt option, command and choice
/// names.
public enum Suggestion {
  /// The candidate closest to `typed`, if one is close enough to be a
  /// likely misspelling.
  ///
  /// A candidate is close when its edit distance (insertions, deletions,
  /// substitutions and swaps of adjacent characters) is at most 1 for
  /// words of up to 4 characters and at most 2 otherwise (so `yaml` is not
  /// taken for `html`: half its letters differ), or when it is the
  /// only candidate that starts with `typed` (an abbreviation). Ties go to
  /// the earlier candidate, so the result is deterministic.
  ///
  /// - Parameters:
  ///   - typed: What the user typed, without dashes.
  ///   - candidates: The valid names, in table order.
  /// - Returns: The suggestion, or `nil` when nothing is close.
  /// - Complexity: O(*c* × *m* × *n*) for *c* candidates of length *m* and
  ///   a typed word of length *n*.
  public static func nearest(to typed: String, among candidates: [String]) -> String? {
    let limit = typed.count <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, candidate)
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.name }
    let extensions = candidates.filter { typed.count >= 2 && $0.hasPrefix(typed) }
    return extensions.count == 1 ? extensions[0] : nil
  }

  /// The optimal string alignment distance between two words: the number
  /// of single-character insertions, deletions, substitutions and swaps of
  /// adjacent characters that turn one into the other.
  ///
  /// - Parameters:
  ///   - a: One word.
  ///   - b: The other word.
  /// - Returns: The distance.
  /// - Complexity: O(*m* × *n*).
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow: [Int] = []
    var row = Array(0...b.count)
    for i in 1...a.count {
      let rowBeforeLast = previousRow
      previousRow = row
      row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], rowBeforeLast[j - 2] + 1)
        }
      }
    }
    return row[b.count]
  }
}
