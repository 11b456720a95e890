/// The rows of a table being written (``CSVTable/write(header:rows:to:flushingAbove:passingOn:flush:)``),
/// read by position: a row that is one of the table's records as it was
/// written is told by the record's number alone, so that a table of a
/// million rows, most of them its own records untouched, is written
/// without a ``CSVOutputRow`` made and held for each (a patched 1M-row
/// table's array of them was 24 MB of fresh memory, made and freed on
/// one core while nothing was written).
public struct CSVOutputRows {
  /// The number of rows.
  public let count: Int
  /// The record of the table that the row at a position is, as it was
  /// written, or `nil` for any other row.
  let original: (_ position: Int) -> Int?
  /// The row at a position for which `original` gives `nil`.
  let row: (_ position: Int) -> CSVOutputRow
  /// The positions for which `original` gives `nil`, ascending, when the
  /// rows' maker knows them: the header (``CSVTable/outputHeader(old:rows:)``)
  /// reads only those rows, not `original` at each of a million positions.
  let others: [Int]?
  /// How many rows from a position on, at most `most`, are the table's
  /// records one after another, from the one at the position (0 when
  /// that row is not one of them): told by the rows' maker in one tight
  /// loop, not by `original` at each position.
  let run: (_ position: Int, _ most: Int) -> Int

  /// `count` rows: at each position, the table's record `original`
  /// gives, or else the row `row` gives.
  ///
  /// - Parameters:
  ///   - count: the number of rows.
  ///   - original: the record of the table that the row at a position
  ///     is, untouched, or `nil`.
  ///   - row: the row at a position for which `original` gives `nil`.
  ///   - others: the positions for which `original` gives `nil`,
  ///     ascending, or `nil` when they are to be found.
  ///   - run: how many rows from a position on, at most `most`, are the
  ///     table's records one after another from the one at the position;
  ///     `nil` to find it through `original`.
  public init(
    count: Int, original: @escaping (_ position: Int) -> Int?,
    row: @escaping (_ position: Int) -> CSVOutputRow, others: [Int]? = nil,
    run: ((_ position: Int, _ most: Int) -> Int)? = nil
  ) {
    (self.count, self.original, self.row, self.others) = (count, original, row, others)
    self.run =
      run ?? { position, most in
        guard most > 0, let first = original(position) else { return 0 }
        var length = 1
        while length < most, original(position + length) == first + length { length += 1 }
        return length
      }
  }

  /// The rows of `rows`, in order.
  public init(_ rows: [CSVOutputRow]) {
    self.init(count: rows.count) {
      if case .original(let record) = rows[$0] { record } else { nil }
    } row: {
      rows[$0]
    }
  }

  /// Whether there are no rows.
  public var isEmpty: Bool { count == 0 }
}
