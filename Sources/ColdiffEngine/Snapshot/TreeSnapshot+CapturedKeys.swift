import ColdiffCore
import ColdiffFormats

extension TreeSnapshot {
  /// The keys a scan made for every node of `layout` as an arena, and
  /// their table when asked for (OLD's); `nil` when the scan made none or
  /// a node has no key (matching then reports it), a `nil` table when a
  /// key occurs twice (matching reports it). The keys are hashed only for
  /// a hash table (`KeyTable.arenaAndTable(bytes:starts:hashed:)`): keys
  /// that ascend get a table that reads no hashes, and keys matched to a
  /// table are hashed one by one where the matching looks them up.
  ///
  /// - Complexity: O(n) expected.
  static func capturedKeys(of layout: JSONTreeScanner.Layout, table: Bool) -> (
    KeyArena?, KeyTable?
  ) {
    guard everyNodeHasCapturedKey(layout) else { return (nil, nil) }
    guard table else {
      return (KeyArena(unhashedBytes: layout.canonicalKeys, starts: layout.canonicalKeyStarts), nil)
    }
    // Hashed on this core: the other makes the tree's shape meanwhile.
    return KeyTable.arenaAndTable(
      bytes: layout.canonicalKeys, starts: layout.canonicalKeyStarts,
      hashed: KeyArena.init(bytes:starts:))
  }

  /// Whether the scan made a key for every node of `layout`.
  private static func everyNodeHasCapturedKey(_ layout: JSONTreeScanner.Layout) -> Bool {
    !layout.canonicalKeyStarts.isEmpty && layout.keyRanges.firstAbsent() == nil
  }

  /// Whether `pointers` name the one key the scan noted for every node
  /// (`capturedArena`).
  func keyedAsCaptured(_ pointers: [JSONPointer]) -> Bool {
    guard let capturedKey, capturedArena != nil else { return false }
    return pointers.count == 1 && pointers[0].tokens == [capturedKey]
  }

  /// The table of the keys `pointers` name, when the snapshot built it
  /// (`capturedTable`): NEW's keys are looked up in it.
  package func keyTable(for pointers: [JSONPointer]) -> KeyTable? {
    keyedAsCaptured(pointers) ? capturedTable : nil
  }
}
