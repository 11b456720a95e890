extension DiffDocument {
  /// One of the document's four lists as text, its elements written one
  /// after another apart from the document (each list on the core that
  /// reads its records), then put in the document by
  /// ``write(inserts:deletes:updates:moves:to:flushingAt:_:)``: the same
  /// bytes as ``write(to:flushingAt:_:)`` writes for the same elements,
  /// without a value per element to build and free.
  package struct ListText: Sendable {
    /// The elements written so far, each after its separator (those of
    /// the parts appended after them left out: ``pieces``).
    package private(set) var bytes: [UInt8] = []
    /// How many elements were written, those of the parts appended
    /// included.
    package private(set) var count = 0
    /// How many elements of the whole list come before this part's, for
    /// a part written apart (``init(reservingCapacity:after:)``).
    private var elementsBefore = 0
    /// The bytes of the parts appended (``append(_:)``), in order, as
    /// they were written.
    private var appended: [[UInt8]] = []

    /// An empty list.
    package init() {}

    /// The bytes from which a list's text is handed over to be written
    /// as it is, never copied after the text before it: a copy, and the
    /// fresh memory it grows into, cost more than one more write.
    package static let handedOverBytes = 1 << 16

    /// An empty list with room for about `count` bytes of elements, so
    /// that a long list is not copied as it grows.
    package init(reservingCapacity count: Int) {
      bytes.reserveCapacity(count)
    }

    /// An empty part of a list whose first `elementsBefore` elements
    /// other parts write, with room for about `count` bytes: its
    /// elements are written as they are in the whole list (the first
    /// after a separator when some come before), and it is joined after
    /// those with ``append(_:)``.
    package init(reservingCapacity count: Int, after elementsBefore: Int) {
      bytes.reserveCapacity(count)
      self.elementsBefore = elementsBefore
    }

    /// Appends `part`, the part written apart whose elements come right
    /// after this list's (``init(reservingCapacity:after:)``), without a
    /// copy of its bytes: they are handed over after this list's own.
    ///
    /// - Precondition: `part` was made to follow this list's elements.
    package mutating func append(_ part: ListText) {
      precondition(part.elementsBefore == elementsBefore + count, "a list's parts out of order")
      appended += part.pieces
      count += part.count
    }

    /// The list's text: its own bytes, then those of the parts appended.
    var pieces: [[UInt8]] { appended.isEmpty ? [bytes] : [bytes] + appended }

    /// Appends the text before element `index` of a list: each on its
    /// own line.
    static func appendSeparator(before index: Int, to out: inout [UInt8]) {
      let separator: StaticString = index == 0 ? "\n    " : ",\n    "
      separator.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// The `after` or `parent` of an inserted or moved record
    /// (`Reference`) as text.
    package enum ReferenceText {
      /// `null`: first in NEW (`after`), or a root (`parent`).
      case null
      /// The key of the record before it or of its parent, as the
      /// document writes it.
      case key(ArraySlice<UInt8>)
    }

    /// Appends an inserted record: its position, key, parent (in a tree)
    /// and the record before it (their text as the document writes
    /// them), and its text, which `value` appends.
    package mutating func appendInsert(
      _ position: Position, key: ArraySlice<UInt8>?, parent: ReferenceText? = nil,
      after: ReferenceText?, value: (inout [UInt8]) -> Void
    ) {
      startElement()
      MemberWriter.record(position, to: &bytes) {
        $0.text("key", key, to: &$1)
        $0.referenceText("parent", parent, to: &$1)
        $0.referenceText("after", after, to: &$1)
      } value: {
        value(&$0)
      }
    }

    /// Appends a deleted record: its position, key (its text as the
    /// document writes it), and its text, which `value` appends.
    package mutating func appendDelete(
      _ position: Position, key: ArraySlice<UInt8>?, value: (inout [UInt8]) -> Void
    ) {
      startElement()
      MemberWriter.record(position, to: &bytes) {
        $0.text("key", key, to: &$1)
      } value: {
        value(&$0)
      }
    }

    /// Appends an update: its position, key (its text as the document
    /// writes it) and changes.
    package mutating func appendUpdate(
      _ position: Position, key: ArraySlice<UInt8>?, changes: [Change]
    ) {
      startElement()
      Update.write(position, changes: changes, to: &bytes) { $0.text("key", key, to: &$1) }
    }

    /// Appends an update as ``appendUpdate(_:key:changes:)`` does, its
    /// changes the comparison's (`DiffDocument.Change` gives their
    /// document form), written without being made into the document's.
    package mutating func appendUpdate(
      _ position: Position, key: ArraySlice<UInt8>?, fieldChanges: [FieldChange]
    ) {
      startElement()
      Update.write(position, fieldChanges: fieldChanges, to: &bytes) {
        $0.text("key", key, to: &$1)
      }
    }

    /// Appends a move: its positions in OLD and NEW, its key, its
    /// parent (in a tree) and the record it comes after (their text as
    /// the document writes them).
    package mutating func appendMove(
      from: Position, to: Position, key: ArraySlice<UInt8>?, parent: ReferenceText? = nil,
      after: ReferenceText?
    ) {
      startElement()
      Move.write(from, to, to: &bytes) {
        $0.text("key", key, to: &$1)
        $0.referenceText("parent", parent, to: &$1)
        $0.referenceText("after", after, to: &$1)
      }
    }

    private mutating func startElement() {
      ListText.appendSeparator(before: elementsBefore + count, to: &bytes)
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
  ///   - threshold: the bytes of `out` and a list's text from which the
  ///     list is handed over as it is instead of copied into `out`; a
  ///     list of ``handedOverBytes`` or more always is (its copy would
  ///     cost more than a write of its own).
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
      let pieces = list.pieces
      let size = pieces.reduce(0) { $0 + $1.count }
      if out.count + size >= threshold || size >= ListText.handedOverBytes {
        flush(out)
        out.removeAll(keepingCapacity: true)
        for piece in pieces where !piece.isEmpty { flush(piece) }
      } else {
        for piece in pieces { out += piece }
      }
      out += DiffDocument.listClosing(count: list.count).utf8
    }
    out += DiffDocument.ending.utf8
  }
}

extension MemberWriter {
  /// Appends member `name` with `text`, a value's text as the document
  /// writes it, when there is one.
  mutating func text(_ name: StaticString, _ text: ArraySlice<UInt8>?, to out: inout [UInt8]) {
    guard let text else { return }
    self.name(name, to: &out)
    // Through its buffer: appending the slice counted a reference to its
    // array and let it go again.
    text.withUnsafeBufferPointer { out.append(contentsOf: $0) }
  }

  /// Appends member `name` with a record's `after` or `parent` as
  /// text, when there is one.
  mutating func referenceText(
    _ name: StaticString, _ reference: DiffDocument.ListText.ReferenceText?,
    to out: inout [UInt8]
  ) {
    switch reference {
    case nil: return
    case .null?:
      self.name(name, to: &out)
      ("null" as StaticString).withUTF8Buffer { out.append(contentsOf: $0) }
    case .key(let key)?:
      self.name(name, to: &out)
      key.withUnsafeBufferPointer { out.append(contentsOf: $0) }
    }
  }
}
