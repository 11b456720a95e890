import ColdiffFormats

/// Which record of OLD each record of NEW has the same bytes as, when
/// NEW's scan took it whole from OLD's records (`KnownRecords`): such a
/// pair is equal without reading the bytes again.
package struct KnownPartners {
  /// The scan's list: OLD's record (a table's line, the header 0) for
  /// each record (each line) of NEW, or -1.
  private let list: [Int32]
  /// How far a table's lines are from its rows (1: the header); 0 for
  /// JSON records.
  private let shift: Int

  /// The list of a JSON scan (`JSONCollectionIndex.knownPartners`) or of
  /// a table's (`CSVTable.knownPartners`, by line).
  ///
  /// - Parameters:
  ///   - list: the scan's list.
  ///   - lines: whether it is a table's, by line with the header first.
  init(_ list: [Int32], lines: Bool) {
    self.list = list
    shift = lines ? 1 : 0
  }

  /// OLD's record with the same bytes as NEW's record `record`, or `nil`
  /// when the scan validated the record instead.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package func partner(of record: Int) -> Int? {
    let partner = Int(list[record + shift]) - shift
    return partner >= 0 ? partner : nil
  }
}
