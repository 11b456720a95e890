import ColdiffFormats

extension Snapshot {
  /// How many records a walk over a snapshot passes between two
  /// releases of the pages behind it.
  package static let recordsBetweenReleases = 4096

  /// Lets the pages of a mapped input that lie wholly between `offset`
  /// and the start of record `record` leave the process's memory (they
  /// stay in the page cache; `SourceBytes.releasePages(_:)`), for a walk
  /// over the records in order that is done with them, so that a large
  /// input is not all in memory at once. Moves `offset` to that start.
  ///
  /// - Parameters:
  ///   - offset: where the walk's last release ended (start at the first
  ///     record's start).
  ///   - record: the record the walk is at.
  package func releasePages(from offset: inout Int, before record: Int) {
    let start = byteRange(of: record).lowerBound
    guard start > offset else { return }
    bytes.releasePages(offset..<start)
    offset = start
  }
}

/// Lets the pages go behind a comparison's walk over NEW's records in
/// order, and behind their OLD partners while those come in order too (a
/// shuffled OLD keeps its pages: they would be read again).
package struct ReleasingWalk {
  private let old: Snapshot
  private let new: Snapshot
  private var newOffset = -1
  private var oldOffset = -1
  private var lastOld = -1
  private var oldInOrder = true
  private var visited = 0

  /// A walk that has visited nothing yet.
  ///
  /// - Parameters:
  ///   - old: the snapshot compared from.
  ///   - new: the snapshot compared to.
  package init(old: Snapshot, new: Snapshot) {
    self.old = old
    self.new = new
  }

  /// Notes that the walk compares NEW's record `newIndex` with OLD's
  /// `oldIndex` (NEW's in increasing order); every
  /// `Snapshot.recordsBetweenReleases` visits, the pages before them go.
  package mutating func visit(new newIndex: Int, old oldIndex: Int) {
    if visited == 0 {
      newOffset = new.byteRange(of: newIndex).lowerBound
      oldOffset = old.byteRange(of: oldIndex).lowerBound
    }
    if oldIndex < lastOld { oldInOrder = false }
    lastOld = oldIndex
    visited += 1
    guard visited % Snapshot.recordsBetweenReleases == 0 else { return }
    new.releasePages(from: &newOffset, before: newIndex)
    if oldInOrder { old.releasePages(from: &oldOffset, before: oldIndex) }
  }
}
