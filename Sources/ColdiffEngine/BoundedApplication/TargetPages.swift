import ColdiffFormats

/// Lets the pages of a mapped target go now and then while a patch reads
/// its records here and there (SPEC §8.3): a page read for one record
/// maps its neighbours too, so a patch that touches one record in a
/// hundred would otherwise bring the whole target back into memory. A
/// page read again is mapped again from the page cache. Does nothing for
/// a target whose pages stay (`SourceBytes.releasesPages`).
///
/// A class, so that copies of a `PatchTarget` (and its non-mutating
/// reads) count their reads together.
package final class TargetPages {
  private let bytes: SourceBytes
  private var reads = 0

  /// No reads yet of `bytes`.
  package init(_ bytes: SourceBytes) {
    self.bytes = bytes
  }

  /// Notes that a record is about to be read; every
  /// `Snapshot.sparseRecordsBetweenReleases` reads, the pages go.
  package func noteRead() {
    guard bytes.releasesPages else { return }
    reads += 1
    if reads % Snapshot.sparseRecordsBetweenReleases == 0 { release() }
  }

  /// Lets every page of the target go now (a write streaming the result
  /// calls it after each piece it hands on).
  package func release() {
    bytes.releasePages(0..<bytes.count)
  }
}
