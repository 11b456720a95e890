extension DiffDocument.Change {
  /// Whether the change is a keyed array element's own (`--array-key`):
  /// inserted (`new` only), deleted (`old` only) or moved (`from`), its
  /// path ending at the element's index.
  var isKeyedElement: Bool {
    key != nil && (old == nil || new == nil)
      && path.tokens.last.flatMap(JSONPointer.arrayIndex) != nil
  }
}

extension DiffDocument {
  /// An update's changes with the index of each keyed array element that
  /// a deeper change goes through turned from its NEW position to its OLD
  /// one (outer arrays first), so that the reversed document names, as
  /// every document does, the positions elements have once their array's
  /// own changes are applied.
  ///
  /// The positions follow from the array's own changes: a moved element
  /// goes back to `from`; any other keeps its rank among the elements
  /// that stay.
  ///
  /// - Complexity: O(c²) for c changes of one update.
  static func keyedPathsInOld(_ changes: [Change]) -> [Change] {
    var changes = changes
    var done = Set<[[UInt8]]>()
    while true {
      // The shallowest keyed array not remapped yet.
      let arrays = changes.filter(\.isKeyedElement).compactMap { $0.path.parent?.tokens }
      guard let array = arrays.filter({ !done.contains($0) }).min(by: { $0.count < $1.count })
      else { return changes }
      done.insert(array)
      let own = changes.filter { $0.isKeyedElement && $0.path.parent?.tokens == array }
      func index(_ pointer: JSONPointer?) -> Int? {
        pointer?.tokens.last.flatMap(JSONPointer.arrayIndex)
      }
      var movedFrom: [Int: Int] = [:]
      var leaving: [Int] = []
      var taken: [Int] = []
      for change in own {
        guard let position = index(change.path) else { continue }
        if let from = index(change.from) {
          movedFrom[position] = from
          leaving.append(from)
          taken.append(position)
        } else if change.new == nil {
          leaving.append(position)
        } else {
          taken.append(position)
        }
      }
      leaving.sort()
      func oldPosition(_ new: Int) -> Int {
        if let from = movedFrom[new] { return from }
        var old = new - taken.filter { $0 < new }.count
        for position in leaving where position <= old { old += 1 }
        return old
      }
      for (offset, change) in changes.enumerated()
      where change.path.tokens.count > array.count + 1 && change.path.tokens.starts(with: array) {
        guard let new = JSONPointer.arrayIndex(change.path.tokens[array.count]) else { continue }
        let token = Array(String(oldPosition(new)).utf8)
        changes[offset].path.tokens[array.count] = token
        if let from = change.from, from.tokens.count > array.count, from.tokens.starts(with: array)
        {
          changes[offset].from?.tokens[array.count] = token
        }
      }
    }
  }
}
