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
/// order, and behind their OLD partners: after each stretch of the walk,
/// those before the first OLD record the stretch read (a record moved
/// further back is read again from the page cache; a shuffled OLD keeps
/// most of its pages).
package struct ReleasingWalk {
  private let old: Snapshot
  private let new: Snapshot
  private var newOffset = -1
  private var oldOffset = -1
  /// The first OLD record read in the current stretch.
  private var firstOld = Int.max
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
    firstOld = Swift.min(firstOld, oldIndex)
    visited += 1
    guard visited % Snapshot.recordsBetweenReleases == 0 else { return }
    new.releasePages(from: &newOffset, before: newIndex)
    old.releasePages(from: &oldOffset, before: firstOld)
    firstOld = .max
  }
}

extension Snapshot {
  /// Tells the system that the rest of the reads of the input are sparse
  /// (`SourceBytes.adviseSparseReads()`): after the comparison, only the
  /// changed records are read again.
  package func adviseSparseReads() {
    bytes.adviseSparseReads()
  }
}
