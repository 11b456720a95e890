import ColdiffFormats

extension Snapshot {
  /// How many records a walk over a snapshot passes between two
  /// releases of the pages behind it.
  package static let recordsBetweenReleases = 4096

  /// Lets the pages of a mapped input that lie wholly between `offset`
  /// and the start of record `record` leave the process's memory (they
  /// stay in the page cache; `SourceBytes.releasePages(_:)`), for a walk
  /// over the records in order that is done with them, so that a large
  /// input is not all in memory at once; and those from the start of the
  /// folio `offset` lies in, which the walk's reads after `offset` mapped
  /// again (`SourceBytes.releaseWalked(from:to:)`). Moves `offset`
  /// to that start.
  ///
  /// - Parameters:
  ///   - offset: where the walk's last release ended (start at the first
  ///     record's start).
  ///   - record: the record the walk is at.
  package func releasePages(from offset: inout Int, before record: Int) {
    bytes.releaseWalked(from: &offset, to: byteStart(of: record))
  }
}

/// Lets the pages go behind a comparison's walk over NEW's records in
/// order, and behind their OLD partners while those come mostly in order:
/// after each stretch of the walk in which few OLD records came before
/// the one read just before them (records moved further back are read
/// again from the page cache), those before the last OLD record read. A
/// shuffled OLD keeps its pages: most would be read again.
package struct ReleasingWalk {
  private let old: Snapshot
  private let new: Snapshot
  private var newOffset = -1
  private var oldOffset = -1
  /// The NEW record read last.
  private var lastNew = -1
  /// The OLD record read last.
  private var lastOld = -1
  /// How many OLD records in the current stretch came before the one
  /// read just before them.
  private var descents = 0
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
      newOffset = new.byteStart(of: newIndex)
      oldOffset = old.byteStart(of: oldIndex)
    }
    if oldIndex < lastOld { descents += 1 }
    (lastNew, lastOld) = (newIndex, oldIndex)
    visited += 1
    guard visited % Snapshot.recordsBetweenReleases == 0 else { return }
    releaseBehind()
  }

  /// Lets the pages go behind the records visited last, as is done every
  /// `Snapshot.recordsBetweenReleases` visits: at the end of a walk over
  /// one stretch of NEW's records (a piece of a comparison), whose last
  /// visits would keep their pages otherwise.
  package mutating func finish() {
    if visited > 0 { releaseBehind() }
  }

  private mutating func releaseBehind() {
    new.releasePages(from: &newOffset, before: lastNew)
    if descents < Snapshot.recordsBetweenReleases / 8 {
      old.releasePages(from: &oldOffset, before: lastOld)
    }
    descents = 0
  }
}

extension Snapshot {
  /// How many records a sparse walk (the changed records a document
  /// lists) passes between two releases of the pages behind it.
  static let sparseRecordsBetweenReleases = 256

  /// `transform` of each of `records` (ascending, as a diff lists them),
  /// letting the pages behind the walk go now and then: a page read for
  /// a few records maps its neighbours too, which would bring the whole
  /// input back into memory.
  ///
  /// - Parameters:
  ///   - records: positions in this snapshot, ascending.
  ///   - transform: makes one entry from a record.
  /// - Returns: the entries, in order.
  package func mapReleasingBehind<Entry>(_ records: [Int], _ transform: (Int) -> Entry) -> [Entry] {
    mapReleasingBehind(records, at: { $0 }, transform)
  }

  /// `transform` of each of `items`, whose records (`record(item)`) in
  /// this snapshot ascend, letting the pages behind the walk go now and
  /// then; see `mapReleasingBehind(_:_:)`.
  ///
  /// - Parameters:
  ///   - items: what to transform, in the order of their records.
  ///   - record: the position of an item's record in this snapshot.
  ///   - transform: makes one entry from an item.
  /// - Returns: the entries, in order.
  package func mapReleasingBehind<Item, Entry>(
    _ items: [Item], at record: (Item) -> Int, _ transform: (Item) -> Entry
  ) -> [Entry] {
    var entries: [Entry] = []
    entries.reserveCapacity(items.count)
    var released = items.first.map { byteStart(of: record($0)) } ?? 0
    var touched: UInt8 = 0
    for (position, item) in items.enumerated() {
      if position % Snapshot.sparseRecordsBetweenReleases == 0 {
        releasePages(from: &released, before: record(item))
      }
      if position % Snapshot.recordsReadAhead == 0 {
        let ahead = items[position..<min(position + Snapshot.recordsReadAhead, items.count)]
        // (A snapshot that reads copies leaves its input's pages alone:
        // only where its keys lie is read ahead.)
        let records = ahead.lazy.map(record)
        touched ^= copies.isEmpty ? touch(records) : touchKeys(records)
      }
      entries.append(transform(item))
    }
    Snapshot.keep(touched)
    return entries
  }

  /// How many records a sparse walk reads a byte of at once before
  /// reading them in turn.
  static let recordsReadAhead = 8

  /// The first and last bytes of `records` (and where a JSON record's
  /// captured key lies), read one after another without waiting for
  /// each, so that the cache misses of records far apart in a large
  /// input are waited for together, not one by one.
  private func touch(_ records: some Sequence<Int>) -> UInt8 {
    bytes.withUnsafeBufferPointer { buffer in
      var touched: UInt8 = 0
      for record in records {
        let range = byteRange(of: record)
        guard !range.isEmpty else { continue }
        touched ^= buffer[range.lowerBound] ^ buffer[range.upperBound - 1]
        if !jsonKeyOffsets.isEmpty {
          touched ^= UInt8(truncatingIfNeeded: jsonKeyOffsets[record] ^ jsonKeyLengths[record])
        }
      }
      return touched
    }
  }

  /// Where the captured keys of `records` lie (a JSON collection's) and
  /// the first byte of their canonical bytes (their partners', when the
  /// scan left their keys to them), read one after another without
  /// waiting for each, as ``touch(_:)`` reads the records.
  private func touchKeys(_ records: some Sequence<Int>) -> UInt8 {
    var touched: UInt8 = 0
    for record in records {
      if !jsonKeyOffsets.isEmpty {
        touched ^= UInt8(truncatingIfNeeded: jsonKeyOffsets[record] ^ jsonKeyLengths[record])
      }
      touched ^= withCanonicalKey(of: record) { $0.first ?? 0 } ?? 0
    }
    return touched
  }

  /// Takes the bytes a walk read ahead, so that their reads are not left
  /// out as unused.
  @inline(never) @_optimize(none)
  private static func keep(_ touched: UInt8) {}
}

/// Lets all the pages of two inputs go now and then while records are
/// read here and there in no particular order (a patch's operations): a
/// page read for one record maps its neighbours too, which would bring
/// the whole inputs back into memory; a page read again is mapped again
/// from the page cache.
package struct SparseReads {
  private let inputs: (SourceBytes, SourceBytes)
  private var reads = 0

  /// No reads yet.
  ///
  /// - Parameters:
  ///   - old: the snapshot compared from.
  ///   - new: the snapshot compared to.
  package init(_ old: Snapshot, _ new: Snapshot) {
    inputs = (old.bytes, new.bytes)
  }

  /// Notes that a record is about to be read; every
  /// `Snapshot.sparseRecordsBetweenReleases` reads, the pages go.
  package mutating func note() {
    reads += 1
    guard reads % Snapshot.sparseRecordsBetweenReleases == 0 else { return }
    inputs.0.releasePages(0..<inputs.0.count)
    inputs.1.releasePages(0..<inputs.1.count)
  }
}
