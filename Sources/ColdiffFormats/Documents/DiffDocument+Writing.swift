extension DiffDocument {
  /// The document as JSON text, deterministic to the byte.
  ///
  /// Members in the order of SPEC §4.2: `coldiff`, `kind`, `key`, `tree`
  /// (tree documents), `columns` (tables whose headers differ), `inserts`, `deletes`, `updates`, `moves`; all four
  /// lists always present, each element on its own line with its members
  /// in the order position (`index` or `name`; `from`, `to` for moves),
  /// `key`, `parent`, `after`, then `value` or `changes`, and a change as
  /// `path`, `from`, `key`, `after` (an added or removed member), `old`, `new`. Absent (`nil`) members are left out. Values keep
  /// their original text; `.raw` values are copied unchanged. The text
  /// ends with a newline.
  ///
  /// ```json
  /// {
  ///   "coldiff": 1,
  ///   "kind": "ordered",
  ///   "key": ["/id"],
  ///   "inserts": [
  ///     {"index": 3, "key": 77, "after": 42, "value": {"id": 77}}
  ///   ],
  ///   "deletes": [],
  ///   "updates": [],
  ///   "moves": []
  /// }
  /// ```
  ///
  /// - Complexity: O(n) in the size of the written document.
  public var bytes: [UInt8] {
    var out: [UInt8] = []
    write(to: &out)
    return out
  }

  /// Appends the document as JSON text, as ``bytes`` gives it.
  ///
  /// - Parameter out: the buffer to append to.
  public func write(to out: inout [UInt8]) {
    write(to: &out, flushingAt: Int.max) { _ in }
  }

  /// Appends the document as JSON text, as ``bytes`` gives it, handing
  /// the text written so far to `flush` whenever it reaches `threshold`
  /// bytes between two list elements (and `out` is then emptied), so that
  /// a large document is written piece by piece, never held whole.
  ///
  /// - Parameters:
  ///   - out: the buffer to append to; what is left in it at the end is
  ///     the document's last piece.
  ///   - threshold: the bytes from which the text is handed over.
  ///   - flush: takes the text so far (and writes it somewhere).
  public func write(
    to out: inout [UInt8], flushingAt threshold: Int, _ flush: ([UInt8]) -> Void
  ) {
    writeHead(to: &out)
    DiffDocument.writeList("inserts", inserts, to: &out, threshold, flush) { $0.write(to: &$1) }
    out += ",\n".utf8
    DiffDocument.writeList("deletes", deletes, to: &out, threshold, flush) { $0.write(to: &$1) }
    out += ",\n".utf8
    DiffDocument.writeList("updates", updates, to: &out, threshold, flush) { $0.write(to: &$1) }
    out += ",\n".utf8
    DiffDocument.writeList("moves", moves, to: &out, threshold, flush) { $0.write(to: &$1) }
    out += DiffDocument.ending.utf8
  }

  /// The text after the last list.
  static let ending = "\n}\n"

  /// Appends the members before the lists: `coldiff`, `kind`, and those
  /// of `key`, `tree`, `rules` and `columns` that are present.
  func writeHead(to out: inout [UInt8]) {
    out += "{\n  \"coldiff\": 1,\n  \"kind\": \"".utf8
    out += kind.rawValue.utf8
    out += "\",\n".utf8
    DiffDocument.writeHeader("key", key, to: &out) { key, out in
      out.append(UInt8(ascii: "["))
      for (index, pointer) in key.enumerated() {
        if index > 0 { out += ", ".utf8 }
        pointer.writeQuoted(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
    DiffDocument.writeHeader("tree", tree, to: &out) { $0.writeQuoted(to: &$1) }
    DiffDocument.writeHeader("rules", rules, to: &out) { $0.writeInline(to: &$1) }
    DiffDocument.writeHeader("columns", columns, to: &out) { $0.write(to: &$1) }
  }

  /// Appends the header member `"name": value,` and a newline, when there
  /// is a value.
  private static func writeHeader<Value>(
    _ name: String, _ value: Value?, to out: inout [UInt8],
    _ writeValue: (Value, inout [UInt8]) -> Void
  ) {
    guard let value else { return }
    out += "  \"".utf8
    out += name.utf8
    out += "\": ".utf8
    writeValue(value, &out)
    out += ",\n".utf8
  }

  /// Appends `"name": [...]` with one element per line.
  private static func writeList<Element>(
    _ name: String, _ elements: [Element], to out: inout [UInt8], _ threshold: Int,
    _ flush: ([UInt8]) -> Void, _ writeElement: (Element, inout [UInt8]) -> Void
  ) {
    writeListOpening(name, to: &out)
    for (index, element) in elements.enumerated() {
      ListText.appendSeparator(before: index, to: &out)
      writeElement(element, &out)
      if out.count >= threshold {
        flush(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    out += listClosing(count: elements.count).utf8
  }

  /// Appends `"name": [`, the opening of a list.
  static func writeListOpening(_ name: String, to out: inout [UInt8]) {
    out += "  \"".utf8
    out += name.utf8
    out += "\": [".utf8
  }

  /// The closing of a list of `count` elements (an empty list closes on
  /// its own line).
  static func listClosing(count: Int) -> String { count == 0 ? "]" : "\n  ]" }
}

/// Appends the members of one list element, separated by `, `.
struct MemberWriter {
  var first = true

  /// Starts member `name`: the separator, the quoted name and `: `.
  mutating func name(_ name: StaticString, to out: inout [UInt8]) {
    if !first { MemberWriter.appendSeparator(to: &out) }
    first = false
    out.append(UInt8(ascii: "\""))
    // A few bytes, appended one by one: cheaper than a copy of a string's.
    name.withUTF8Buffer { for byte in $0 { out.append(byte) } }
    out.append(UInt8(ascii: "\""))
    out.append(UInt8(ascii: ":"))
    out.append(UInt8(ascii: " "))
  }

  /// Appends `, `, which separates members and the steps of a path.
  @inline(__always)
  static func appendSeparator(to out: inout [UInt8]) {
    out.append(UInt8(ascii: ","))
    out.append(UInt8(ascii: " "))
  }

  /// Appends `number` in decimal, as `String(number)` spells it, without
  /// making the string (up to sixteen digits, held four bits each).
  static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
    guard number >= 0 else {
      out += String(number).utf8
      return
    }
    var digits: (UInt64, Int) = (0, 0)
    var rest = UInt64(number)
    repeat {
      digits.0 = digits.0 << 4 | rest % 10
      digits.1 += 1
      rest /= 10
    } while rest > 0 && digits.1 < 16
    guard rest == 0 else {
      out += String(number).utf8
      return
    }
    for _ in 0..<digits.1 {
      out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digits.0 & 0xF))
      digits.0 >>= 4
    }
  }

  /// Appends the member for a position (`index` or `name`, or `label`
  /// for the `from` and `to` of moves).
  mutating func position(
    _ position: DiffDocument.Position, label: StaticString? = nil, to out: inout [UInt8]
  ) {
    switch position {
    case .index(let index):
      name(label ?? "index", to: &out)
      MemberWriter.appendDecimal(index, to: &out)
    case .name(let memberName):
      name(label ?? "name", to: &out)
      JSONWriter.write(memberName, to: &out)
    case .path(let path):
      name(label ?? "index", to: &out)
      out.append(UInt8(ascii: "["))
      for (index, step) in path.enumerated() {
        if index > 0 { MemberWriter.appendSeparator(to: &out) }
        MemberWriter.appendDecimal(step, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .namedPath(let root, let path):
      name(label ?? "index", to: &out)
      out.append(UInt8(ascii: "["))
      JSONWriter.write(root, to: &out)
      for step in path {
        MemberWriter.appendSeparator(to: &out)
        MemberWriter.appendDecimal(step, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
  }

  /// Appends an inserted or deleted record as one object: its position,
  /// the members `keyed` appends (key and tree references), and its
  /// value, whose text `value` appends.
  static func record(
    _ position: DiffDocument.Position, to out: inout [UInt8],
    keyed: (inout MemberWriter, inout [UInt8]) -> Void, value: (inout [UInt8]) -> Void
  ) {
    var members = MemberWriter()
    out.append(UInt8(ascii: "{"))
    members.position(position, to: &out)
    keyed(&members, &out)
    members.name("value", to: &out)
    value(&out)
    out.append(UInt8(ascii: "}"))
  }

  /// Appends the members of a record's key and tree references, those
  /// present: `key`, `parent`, `after`.
  mutating func keyed(
    _ key: JSONValue?, parent: DiffDocument.Reference?, after: DiffDocument.Reference?,
    to out: inout [UInt8]
  ) {
    value("key", key, to: &out)
    reference("parent", parent, to: &out)
    reference("after", after, to: &out)
  }

  /// Appends member `name` with `value`, when there is one.
  mutating func value(_ name: StaticString, _ value: JSONValue?, to out: inout [UInt8]) {
    guard let value else { return }
    self.name(name, to: &out)
    value.writeInline(to: &out)
  }

  /// Appends member `name` with a reference, when there is one.
  mutating func reference(
    _ name: StaticString, _ reference: DiffDocument.Reference?, to out: inout [UInt8]
  ) {
    switch reference {
    case nil: return
    case .null?:
      self.name(name, to: &out)
      out += "null".utf8
    case .key(let key)?:
      self.name(name, to: &out)
      key.writeInline(to: &out)
    }
  }
}

extension DiffDocument.Insert {
  /// Appends the insert as one object on one line.
  fileprivate func write(to out: inout [UInt8]) {
    MemberWriter.record(position, to: &out) {
      $0.keyed(key, parent: parent, after: after, to: &$1)
    } value: {
      value.writeInline(to: &$0)
    }
  }
}

extension DiffDocument.Delete {
  /// Appends the delete as one object on one line.
  fileprivate func write(to out: inout [UInt8]) {
    MemberWriter.record(position, to: &out) {
      $0.keyed(key, parent: nil, after: nil, to: &$1)
    } value: {
      value.writeInline(to: &$0)
    }
  }
}

extension DiffDocument.Update {
  /// Appends the update, its changes included, as one object on one line.
  func write(to out: inout [UInt8]) {
    DiffDocument.Update.write(position, changes: changes, to: &out) {
      $0.value("key", key, to: &$1)
    }
  }

  /// Appends an update as one object on one line: its position, the
  /// member `key` appends (the key, when there is one), its changes.
  static func write(
    _ position: DiffDocument.Position, changes: [DiffDocument.Change], to out: inout [UInt8],
    key: (inout MemberWriter, inout [UInt8]) -> Void
  ) {
    write(position, count: changes.count, to: &out, key: key) { index, out in
      let change = changes[index]
      writeChange(
        path: change.path, from: change.from, key: change.key, after: change.after,
        old: change.old, new: change.new, to: &out)
    }
  }

  /// Appends an update as ``write(_:changes:to:key:)`` does, its changes
  /// the comparison's (a change's document form is
  /// `DiffDocument.Change`'s of it), written as they are.
  static func write(
    _ position: DiffDocument.Position, fieldChanges: [FieldChange], to out: inout [UInt8],
    key: (inout MemberWriter, inout [UInt8]) -> Void
  ) {
    // Each change read in place: a copy of one counted a reference to
    // each of its arrays and values, which the comparison made on
    // another core, and let them go again.
    fieldChanges.withUnsafeBufferPointer { changes in
      write(position, count: changes.count, to: &out, key: key) { index, out in
        writeChange(changes.baseAddress! + index, to: &out)
      }
    }
  }

  /// Appends one of the comparison's changes as one object, as
  /// ``writeChange(path:from:key:after:old:new:to:)`` writes its document
  /// form, its parts read where they are.
  private static func writeChange(_ change: UnsafePointer<FieldChange>, to out: inout [UInt8]) {
    var members = MemberWriter()
    out.append(UInt8(ascii: "{"))
    members.name("path", to: &out)
    JSONPointer.writeQuoted(tokens: change.pointee.path, to: &out)
    if change.pointee.element != nil {
      if let from = change.pointee.element?.from {
        members.name("from", to: &out)
        JSONPointer.writeQuoted(tokens: from, to: &out)
      }
      members.value("key", change.pointee.element?.key, to: &out)
    }
    members.reference("after", change.pointee.after, to: &out)
    members.value("old", change.pointee.old, to: &out)
    members.value("new", change.pointee.new, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// Appends an update's object: its position, the member `key`
  /// appends, and `count` changes, which `change` writes by index.
  private static func write(
    _ position: DiffDocument.Position, count: Int, to out: inout [UInt8],
    key: (inout MemberWriter, inout [UInt8]) -> Void, change: (Int, inout [UInt8]) -> Void
  ) {
    var members = MemberWriter()
    out.append(UInt8(ascii: "{"))
    members.position(position, to: &out)
    key(&members, &out)
    members.name("changes", to: &out)
    out.append(UInt8(ascii: "["))
    for index in 0..<count {
      if index > 0 { MemberWriter.appendSeparator(to: &out) }
      change(index, &out)
    }
    out.append(UInt8(ascii: "]"))
    out.append(UInt8(ascii: "}"))
  }

  /// Appends one change of an update as one object.
  private static func writeChange(
    path: JSONPointer, from: JSONPointer?, key: JSONValue?, after: DiffDocument.Reference?,
    old: JSONValue?, new: JSONValue?, to out: inout [UInt8]
  ) {
    var members = MemberWriter()
    out.append(UInt8(ascii: "{"))
    members.name("path", to: &out)
    path.writeQuoted(to: &out)
    if let from {
      members.name("from", to: &out)
      from.writeQuoted(to: &out)
    }
    members.value("key", key, to: &out)
    members.reference("after", after, to: &out)
    members.value("old", old, to: &out)
    members.value("new", new, to: &out)
    out.append(UInt8(ascii: "}"))
  }
}

extension DiffDocument.Move {
  /// Appends the move as one object on one line.
  func write(to out: inout [UInt8]) {
    DiffDocument.Move.write(from, to, to: &out) {
      $0.keyed(key, parent: parent, after: after, to: &$1)
    }
  }

  /// Appends a move as one object on one line: its positions in OLD and
  /// NEW, then the members `keyed` appends (key and tree references).
  static func write(
    _ from: DiffDocument.Position, _ to: DiffDocument.Position, to out: inout [UInt8],
    keyed: (inout MemberWriter, inout [UInt8]) -> Void
  ) {
    var members = MemberWriter()
    out.append(UInt8(ascii: "{"))
    members.position(from, label: "from", to: &out)
    members.position(to, label: "to", to: &out)
    keyed(&members, &out)
    out.append(UInt8(ascii: "}"))
  }
}
