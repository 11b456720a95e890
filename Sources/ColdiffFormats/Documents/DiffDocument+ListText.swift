extension DiffDocument {
  /// One of the document's four lists as text, its elements written one
  /// after another apart from the document (each list on the core that
  /// reads its records), then put in the document by
  /// ``write(inserts:deletes:updates:moves:to:flushingAt:_:)``: the same
  /// bytes as ``write(to:flushingAt:_:)`` writes for the same elements,
  /// without a value per element to build and free.
  package struct ListText: Sendable {
    /// The elements written so far, each after its separator.
    package private(set) var bytes: [UInt8] = []
    /// How many elements were written.
    package private(set) var count = 0

    /// An empty list.
    package init() {}

    /// The text before element `index` of a list: each on its own line.
    static func separator(before index: Int) -> String { index == 0 ? "\n    " : ",\n    " }

    /// Appends an inserted record: its position, key, the record before
    /// it, and its text, which `value` appends.
    package mutating func appendInsert(
      _ position: Position, key: JSONValue?, after: Reference?, value: (inout [UInt8]) -> Void
    ) {
      startElement()
      MemberWriter.record(position, key: key, parent: nil, after: after, to: &bytes, value: value)
    }

    /// Appends a deleted record: its position, key, and its text, which
    /// `value` appends.
    package mutating func appendDelete(
      _ position: Position, key: JSONValue?, value: (inout [UInt8]) -> Void
    ) {
      startElement()
      MemberWriter.record(position, key: key, parent: nil, after: nil, to: &bytes, value: value)
    }

    /// Appends an update.
    package mutating func append(_ update: Update) {
      startElement()
      update.write(to: &bytes)
    }

    /// Appends a move.
    package mutating func append(_ move: Move) {
      startElement()
      move.write(to: &bytes)
    }

    private mutating func startElement() {
      bytes += ListText.separator(before: count).utf8
      count += 1
    }
  }

  /// Appends the document as ``write(to:flushingAt:_:)`` gives it with
  /// the given lists, written apart: this document's members before the
  /// lists (its own lists are not written), then the four lists. Each
  /// list's text is handed to `flush` as it is, after the text before it.
  ///
  /// - Parameters:
  ///   - inserts: the inserts' text.
  ///   - deletes: the deletes' text.
  ///   - updates: the updates' text.
  ///   - moves: the moves' text.
  ///   - out: the buffer to append to; what is left in it at the end is
  ///     the document's last piece.
  ///   - threshold: the bytes from which a list's text is handed over
  ///     as it is instead of copied into `out`.
  ///   - flush: takes the text so far (and writes it somewhere).
  package func write(
    inserts: ListText, deletes: ListText, updates: ListText, moves: ListText,
    to out: inout [UInt8], flushingAt threshold: Int, _ flush: ([UInt8]) -> Void
  ) {
    writeHead(to: &out)
    let lists = [
      ("inserts", inserts), ("deletes", deletes), ("updates", updates), ("moves", moves),
    ]
    for (index, (name, list)) in lists.enumerated() {
      if index > 0 { out += ",\n".utf8 }
      DiffDocument.writeListOpening(name, to: &out)
      if out.count + list.bytes.count >= threshold {
        flush(out)
        out.removeAll(keepingCapacity: true)
        if list.count > 0 { flush(list.bytes) }
      } else {
        out += list.bytes
      }
      out += DiffDocument.listClosing(count: list.count).utf8
    }
    out += DiffDocument.ending.utf8
  }
}
