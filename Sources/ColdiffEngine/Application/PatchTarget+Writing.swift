import ColdiffFormats

extension PatchTarget {
  /// The patched collection in the target's own form and style (SPEC §5,
  /// §7.17): records no operation touched are copied byte for byte, new
  /// and changed ones written like their neighbours; CSV keeps its header
  /// order, delimiter, line endings and quoting, JSON Lines one record a
  /// line, JSON its indentation. A root that became the other kind of
  /// collection is written whole in the target's style.
  ///
  /// - Throws: `InputError` when a field cannot be written in the
  ///   target's form (rows were checked as they were made, see
  ///   `checkRow`); `PatchConflict` (the patch does not fit this target)
  ///   when rows are left but none has a field.
  /// - Complexity: O(size of the output).
  package func written() throws -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(snapshot.bytes.count + 1024)
    try write(to: &out, flushingAbove: .max) { _ in }
    return out
  }

  /// Writes the patched collection as ``written()`` does, handing the
  /// bytes on in pieces: whenever `out` holds `limit` bytes or more,
  /// `flush` gets it (and must empty it), so the result streams into its
  /// file through a small buffer. What is left in `out` at the end is the
  /// caller's to hand on.
  ///
  /// - Parameters:
  ///   - out: the buffer the bytes gather in.
  ///   - limit: how full `out` gets before `flush` runs.
  ///   - passOn: given `out` and a run of the target's own bytes (records
  ///     no operation touched, in order) that come next, hands both on
  ///     without copying the run and returns `true`, or returns `false`
  ///     and the run is copied (`CSVTable.write`, `JSONCollectionLayout`);
  ///     `nil` copies every run. (A collection inside a document,
  ///     `--root`, is copied.)
  ///   - flush: takes the bytes gathered so far and empties `out`.
  /// - Throws: as ``written()``, or what `flush` or `passOn` throws.
  /// - Complexity: O(size of the output).
  package func write(
    to out: inout [UInt8], flushingAbove limit: Int,
    passingOn passOn: ((inout [UInt8], Range<Int>) throws -> Bool)? = nil,
    flush: (inout [UInt8]) throws -> Void
  ) throws {
    if let root = snapshot.root {
      // The collection inside a document (`--root`): the document's own
      // bytes around it. The collection is written where the blanked
      // document had it, so what comes before and after it is replaced.
      var whole: [UInt8] = []
      try writeCollection(to: &whole, flushingAbove: .max) { _ in }
      let after = root.document.count - root.range.upperBound
      let collection =
        replacement == nil
        ? whole[root.range.lowerBound..<(whole.count - after)]
        : whole.drop { $0 == 0x20 || $0 == 0x0A }.reversed().drop { $0 == 0x20 || $0 == 0x0A }
          .reversed()[...]
      root.document.append(0..<root.range.lowerBound, to: &out)
      out += collection
      root.document.append(root.range.upperBound..<root.document.count, to: &out)
      if out.count >= limit { try flush(&out) }
      return
    }
    try writeCollection(to: &out, flushingAbove: limit, passingOn: passOn, flush: flush)
  }

  /// Writes the patched collection, as ``write(to:flushingAbove:flush:)``
  /// describes, for a collection that is its whole input.
  private func writeCollection(
    to out: inout [UInt8], flushingAbove limit: Int,
    passingOn passOn: ((inout [UInt8], Range<Int>) throws -> Bool)? = nil,
    flush: (inout [UInt8]) throws -> Void
  ) throws {
    let handles = order
    switch snapshot.storage {
    case .json(let index):
      if let replacement {
        let style = snapshot.bytes.withUnsafeBufferPointer { buffer in
          JSONCollectionLayout(bytes: buffer, index: index).style
        }
        out += JSONWriter.document(replacement, style: style)
        return
      }
      let records = handles.lazy.map { handle -> JSONRecordOutput in
        if isUntouchedOriginal(handle) { return .original(Int(handle)) }
        if let members = memberEdits[handle] {
          return .edited(Int(handle), replacing: members.map { ($0.value, $0.json) })
        }
        if !isObjectMap, let text = text(of: handle) {
          return addedTexts.written(text).map { .written($0) } ?? .text(text)
        }
        return isObjectMap
          ? .member(name: name(of: handle), value: value(of: handle)) : .value(value(of: handle))
      }
      try snapshot.bytes.withUnsafeBufferPointer { buffer in
        try JSONCollectionLayout(bytes: buffer, index: index).write(
          records, from: buffer, to: &out, flushingAbove: limit, passingOn: passOn, flush: flush)
      }
    case .table(let table):
      // Read by position as they are written, the untouched records by
      // their numbers alone; the others made once, here (the header and
      // the writing each read them).
      var made: [Int: CSVOutputRow] = [:]
      var others: [Int] = []
      for (position, handle) in handles.enumerated() where !isUntouchedOriginal(handle) {
        made[position] = outputRow(handle)
        others.append(position)
      }
      let target = self
      let rows = CSVOutputRows(
        count: handles.count,
        original: { position in
          let handle = handles[position]
          return target.isUntouchedOriginal(handle) ? Int(handle) : nil
        }, row: { made[$0]! }, others: others,
        run: { position, most in
          handles.withUnsafeBufferPointer { handles in
            let first = handles[position]
            var length = 0
            while length < most, handles[position + length] == first + Int32(length),
              target.isUntouchedOriginal(handles[position + length])
            {
              length += 1
            }
            return length
          }
        })
      var header = table.outputHeader(for: rows)
      if let columnChange {
        header = columnChange.header(from: header, hasRows: !rows.isEmpty)
      }
      guard !header.isEmpty || rows.isEmpty else {
        throw PatchConflict(
          description: "\(snapshot.name): no row of the result has a field left, so it "
            + "cannot be written as a table")
      }
      try table.write(
        header: header, rows: rows, to: &out, flushingAbove: limit, passingOn: passOn,
        flush: flush)
    }
  }

  /// The row of a table's record `handle` that an operation touched: its
  /// fields edited, its text given by the patch, or its value.
  private func outputRow(_ handle: Int32) -> CSVOutputRow {
    if let fields = fieldEdits[handle] { return .edited(Int(handle), fields: fields) }
    if let text = text(of: handle), let row = CSVTextRow(text) { return .text(row) }
    guard case .object(let object) = value(of: handle) else {
      preconditionFailure("checkRow keeps every row of a table an object")
    }
    return .values(object)
  }
}
