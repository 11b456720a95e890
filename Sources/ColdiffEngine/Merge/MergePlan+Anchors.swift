import ColdiffFormats

extension MergePlan {
  /// Where THEIRS's record `theirsIndex` goes in the merged snapshot, as
  /// a diff document's `after` (SPEC §8.4): after the nearest record
  /// before it in THEIRS that stays in the merge (one OURS deleted is
  /// skipped), and when that record is OURS's, after the records OURS put
  /// right behind it (ours first when both sides put something at the
  /// same place). `nil` in unordered documents.
  func anchor(_ theirsIndex: Int) -> DiffDocument.Reference? {
    guard theirs.comparison.ordered else { return nil }
    var previous = theirsIndex - 1
    while previous >= 0, !staysInMerge(theirsRecord: previous) { previous -= 1 }
    var oursIndex = -1
    if previous >= 0 {
      let baseIndex = Int(theirs.comparison.newToOld[previous])
      if baseIndex >= 0, let index = ours.position(ofBase: baseIndex) {
        oursIndex = index
      } else if let index = oursInserts[Array(theirsKeys.key(previous))] {
        oursIndex = index
      } else {
        // THEIRS's own insert, placed before this one.
        return key(ofTheirs: previous)
      }
    }
    // Step over what OURS placed right after the anchor.
    var anchorIndex = oursIndex
    var next = oursIndex + 1
    while next < ours.snapshot.count, ours.placed[next] {
      let baseIndex = Int(ours.comparison.newToOld[next])
      if baseIndex < 0 || !deleted[baseIndex] { anchorIndex = next }
      next += 1
    }
    guard anchorIndex >= 0 else { return .null }
    return ours.snapshot.keyValue(of: anchorIndex, identity: ours.comparison.identity).map {
      .key($0)
    } ?? .null
  }

  /// Whether THEIRS's record `theirsIndex` is in the merged snapshot:
  /// THEIRS's inserts are, and BASE's records unless OURS deleted them.
  private func staysInMerge(theirsRecord theirsIndex: Int) -> Bool {
    let baseIndex = Int(theirs.comparison.newToOld[theirsIndex])
    return baseIndex < 0 || ours.position(ofBase: baseIndex) != nil
  }

  /// THEIRS's record `theirsIndex` as an `after` reference.
  private func key(ofTheirs theirsIndex: Int) -> DiffDocument.Reference {
    theirs.snapshot.keyValue(of: theirsIndex, identity: theirs.comparison.identity).map {
      .key($0)
    } ?? .null
  }
}
