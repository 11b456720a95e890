/// For each record of one snapshot (NEW), the record of another (OLD)
/// with the same bytes, when NEW's scan took the record whole from OLD's
/// (`KnownRecords`): such a pair is equal without its bytes being read
/// again, and has the same key, so that the record's key may be left out
/// of its arena (held empty), its partner's standing for it.
///
/// A scan's list may count its records from an offset and name partners
/// from one (a table's lists are by line, the header first): record `i`'s
/// entry is `list[offset + i]`, and its partner is that entry less
/// `offset`, none when the difference is negative.
package struct KnownMatches: Sendable {
  /// The scan's list.
  private let list: [Int32]
  /// Where record 0's entry is in `list`, and how far the entries are
  /// from the partners' positions.
  private let offset: Int

  /// The partners of a scan's list.
  ///
  /// - Parameters:
  ///   - list: an entry for each record, from `offset` on.
  ///   - offset: where record 0's entry is, and what each entry is more
  ///     than its partner's position (1 for a table's lines).
  package init(_ list: [Int32], offset: Int = 0) {
    (self.list, self.offset) = (list, offset)
  }

  /// The number of records.
  package var count: Int { list.count - offset }

  /// OLD's record with the same bytes as NEW's record `record`, or `nil`
  /// when the scan validated the record instead.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package func partner(of record: Int) -> Int? {
    let partner = Int(list[record &+ offset]) &- offset
    return partner >= 0 ? partner : nil
  }

  /// The keys of every record: those `ownBytes` holds (cut by
  /// `ownStarts`, as a `KeyArena`'s), each record with a partner taking
  /// its partner's from `partnerBytes` (cut by `partnerStarts`) instead.
  ///
  /// - Complexity: O(size of the keys).
  package func keys(
    own ownBytes: [UInt8], starts ownStarts: [UInt32], partners partnerBytes: [UInt8],
    starts partnerStarts: [UInt32]
  ) -> (bytes: [UInt8], starts: [UInt32]) {
    let records = ownStarts.count - 1
    var (bytes, starts): ([UInt8], [UInt32]) = ([], [0])
    starts.reserveCapacity(ownStarts.count)
    let average = partnerBytes.count / max(partnerStarts.count - 1, 1) + 1
    bytes.reserveCapacity(ownBytes.count + average * records)
    for record in 0..<records {
      if let partner = partner(of: record) {
        bytes += partnerBytes[Int(partnerStarts[partner])..<Int(partnerStarts[partner + 1])]
      } else {
        bytes += ownBytes[Int(ownStarts[record])..<Int(ownStarts[record + 1])]
      }
      starts.append(KeyArena.keyOffset(bytes.count))
    }
    return (bytes, starts)
  }
}
