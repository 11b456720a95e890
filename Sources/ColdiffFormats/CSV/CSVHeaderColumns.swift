/// The columns of a header by name, for the members of rows written from
/// values (records a patch adds to a table): a member is looked for at
/// its own place in the header first, since members mostly come in the
/// header's order, and only then in a table of the names.
struct CSVHeaderColumns {
  /// The header's names, in order.
  let names: [[UInt8]]
  /// The column of each name.
  private let index: [[UInt8]: Int]

  /// The columns of the header `names`.
  init(_ names: [[UInt8]]) {
    self.names = names
    var index: [[UInt8]: Int] = [:]
    for (column, name) in names.enumerated() { index[name] = column }
    self.index = index
  }

  /// The column named `name`, the member at `position` of its object, or
  /// `nil` when the header has none.
  func column(of name: [UInt8], at position: Int) -> Int? {
    position < names.count && names[position] == name ? position : index[name]
  }

  /// The column named by the bytes `name`, the member at `position` of
  /// its object, as ``column(of:at:)-([UInt8],_)`` finds it: compared in
  /// place at its own place, copied only to look it up elsewhere.
  func column(of name: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
    if position < names.count,
      names[position].withUnsafeBufferPointer({
        $0.sameBytes(0..<$0.count, as: name, 0..<name.count)
      })
    {
      return position
    }
    return index[Array(name)]
  }
}
