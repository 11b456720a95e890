extension DiffDocument {
  /// Reads a diff document from its JSON value, checking its shape
  /// strictly, so that a hand-edited document with a typo is refused
  /// rather than half applied.
  ///
  /// - Parameter document: the diff document's value.
  /// - Throws: `InputError` when the document is not well formed: not an
  ///   object, `coldiff` not `1`, an unknown `kind`, a missing, repeated,
  ///   mistyped or unexpected member (`parent` outside a tree document,
  ///   `after` or `moves` in an unordered one, `tree` outside a tree
  ///   document), a position that does not fit the kind (an index path in
  ///   a tree, whose first step may be a root's member name; a member name
  ///   or index in an unordered document, an index
  ///   otherwise), a change with neither `old` nor `new`, or bad pointer
  ///   syntax. The message names the member (`diff document: inserts[3]:
  ///   missing member "value"`).
  /// - Complexity: O(n) in the size of the document.
  public init(from document: JSONValue) throws(InputError) {
    try self.init(from: document, locator: nil)
  }

  /// Reads a diff document from JSON text.
  ///
  /// - Parameter bytes: the document's bytes.
  /// - Throws: `InputError` for text that is not JSON, or a document that
  ///   is not well formed, as ``init(from:)``; an error in an element of a
  ///   list names the element's line and column.
  /// - Complexity: O(n) in the length of the text.
  public init(bytes: [UInt8]) throws(InputError) {
    try self.init(from: try JSONReader.parse(bytes), locator: DocumentLocator(bytes: bytes))
  }

  /// Reads a diff document from its JSON value, locating a malformed list
  /// element with `locator` when there is one.
  init(from document: JSONValue, locator: DocumentLocator?) throws(InputError) {
    let top = try MemberTable(
      document, label: MemberLabel(),
      allowed: [
        "coldiff", "kind", "key", "tree", "rules", "columns", "inserts", "deletes", "updates",
        "moves",
      ])
    let version = try top.required("coldiff")
    guard case .number(let number) = version, number == JSONNumber(1) else {
      throw InputError(
        "diff document: unsupported version \(version.shortText())"
          + " (\"coldiff\" must be 1)")
    }
    let kindName = try top.string("kind")
    guard let kind = Kind(rawValue: kindName) else {
      throw InputError(
        "diff document: unknown kind \"\(kindName)\" (expected ordered, unordered or tree)")
    }
    var reader = EntryReader(kind: kind, locator: locator)
    self.init(kind: kind)
    if let key = top.optional("key") {
      self.key = try reader.keyFields(key)
    }
    if let tree = top.optional("tree") {
      guard kind == .tree else {
        throw InputError("diff document: \"tree\" is only allowed in a tree document")
      }
      self.tree = try top.pointer(tree, name: "tree")
      guard self.tree?.isRoot == false else {
        throw InputError("diff document: \"tree\" must name a member, not the whole record")
      }
    } else if kind == .tree {
      throw InputError("diff document: missing member \"tree\" (the children member)")
    }
    if let rules = top.optional("rules") {
      guard case .object = rules else {
        throw InputError("diff document: \"rules\" must be an object")
      }
      self.rules = rules
    }
    if let columns = top.optional("columns") {
      self.columns = try Columns.read(columns)
    }
    inserts = try reader.list(top, "inserts") { (reader, entry) throws(InputError) in
      try reader.insert(entry)
    }
    deletes = try reader.list(top, "deletes") { (reader, entry) throws(InputError) in
      try reader.delete(entry)
    }
    updates = try reader.list(top, "updates") { (reader, entry) throws(InputError) in
      try reader.update(entry)
    }
    moves = try reader.list(top, "moves") { (reader, entry) throws(InputError) in
      try reader.move(entry)
    }
  }
}

/// Reads the elements of a diff document's lists, checking them against
/// the document's kind.
private struct EntryReader {
  let kind: DiffDocument.Kind
  /// Locates a malformed element in the document's text, when known.
  let locator: DocumentLocator?
  /// Whether the positions of an unordered document are member names
  /// (`true`) or indices (`false`), once the first is read.
  var usesNames: Bool?

  init(kind: DiffDocument.Kind, locator: DocumentLocator?) {
    self.kind = kind
    self.locator = locator
  }

  /// The top-level `key`: a non-empty array of pointer strings.
  func keyFields(_ value: JSONValue) throws(InputError) -> [JSONPointer] {
    guard case .array(let elements) = value, !elements.isEmpty else {
      throw InputError(
        "diff document: \"key\" must be a non-empty array of JSON Pointers"
          + " (found \(value.kindName))")
    }
    var pointers: [JSONPointer] = []
    for (index, element) in elements.enumerated() {
      let table = MemberTable(label: MemberLabel())
      pointers.append(try table.pointer(element, name: "key[\(index)]"))
    }
    return pointers
  }

  /// The list `name` of the top level, each element read by `read`.
  mutating func list<Entry>(
    _ top: MemberTable, _ name: String,
    _ read: (inout EntryReader, MemberTable) throws(InputError) -> Entry
  ) throws(InputError) -> [Entry] {
    let value = try top.required(name)
    guard case .array(let elements) = value else {
      throw InputError("diff document: \"\(name)\" must be an array (found \(value.kindName))")
    }
    if name == "moves", kind == .unordered, !elements.isEmpty {
      throw InputError("diff document: an unordered document has no moves")
    }
    var entries: [Entry] = []
    entries.reserveCapacity(elements.count)
    let allowed = allowedMembers(name)
    for (index, element) in elements.enumerated() {
      do {
        let table = try MemberTable(
          element, label: MemberLabel(list: name, index: index), allowed: allowed)
        entries.append(try read(&self, table))
      } catch {
        throw error.located(at: locator?.position(ofElement: index, inMember: name))
      }
    }
    return entries
  }

  /// The members an element of list `list` may have in this kind of
  /// document.
  private func allowedMembers(_ list: String) -> Set<String> {
    var allowed: Set<String> = ["key"]
    switch list {
    case "inserts": allowed.formUnion(["index", "value"])
    case "deletes": allowed.formUnion(["index", "value"])
    case "updates": allowed.formUnion(["index", "changes"])
    default: allowed.formUnion(["from", "to"])
    }
    if list == "inserts" || list == "moves" {
      if kind != .unordered { allowed.insert("after") }
      if kind == .tree { allowed.insert("parent") }
    }
    if kind == .unordered, list != "moves" { allowed.insert("name") }
    return allowed
  }

  /// An element of `inserts`.
  mutating func insert(_ entry: MemberTable) throws(InputError) -> DiffDocument.Insert {
    DiffDocument.Insert(
      position: try position(entry), key: entry.optional("key"),
      after: entry.optional("after").map(reference),
      parent: entry.optional("parent").map(reference),
      value: .value(try entry.required("value")))
  }

  /// An element of `deletes`.
  mutating func delete(_ entry: MemberTable) throws(InputError) -> DiffDocument.Delete {
    DiffDocument.Delete(
      position: try position(entry), key: entry.optional("key"),
      value: .value(try entry.required("value")))
  }

  /// An element of `updates`.
  mutating func update(_ entry: MemberTable) throws(InputError) -> DiffDocument.Update {
    let position = try position(entry)
    let value = try entry.required("changes")
    guard case .array(let elements) = value else {
      throw InputError("\(entry.label): \"changes\" must be an array (found \(value.kindName))")
    }
    var changes: [DiffDocument.Change] = []
    for (index, element) in elements.enumerated() {
      let change = try MemberTable(
        element, label: entry.place.change(index), allowed: EntryReader.changeMembers)
      let path = try change.pointer(try change.required("path"), name: "path")
      let old = change.optional("old")
      let new = change.optional("new")
      let key = change.optional("key")
      let from = try change.optional("from").map { (value) throws(InputError) in
        try change.pointer(value, name: "from")
      }
      guard old != nil || new != nil || (from != nil && key != nil) else {
        throw InputError("\(change.label): a change needs \"old\", \"new\" or both")
      }
      guard from == nil || key != nil else {
        throw InputError(
          "\(change.label): \"from\" moves an element of a keyed array: it needs \"key\"")
      }
      let after = try change.optional("after").map { (value) throws(InputError) in
        switch value {
        case .null: return DiffDocument.Reference.null
        case .string: return DiffDocument.Reference.key(value)
        default:
          throw InputError(
            "\(change.label): \"after\" must be a member name or null (found \(value.kindName))")
        }
      }
      changes.append(
        DiffDocument.Change(
          path: path, old: old, new: new, key: key, from: from, after: after))
    }
    return DiffDocument.Update(position: position, key: entry.optional("key"), changes: changes)
  }

  /// The members of a change.
  private static let changeMembers: Set<String> = ["path", "from", "key", "after", "old", "new"]

  /// An element of `moves`.
  mutating func move(_ entry: MemberTable) throws(InputError) -> DiffDocument.Move {
    DiffDocument.Move(
      from: try indexPosition(entry, "from"), to: try indexPosition(entry, "to"),
      key: entry.optional("key"), after: entry.optional("after").map(reference),
      parent: entry.optional("parent").map(reference))
  }

  /// `null` or a key.
  private func reference(_ value: JSONValue) -> DiffDocument.Reference {
    if case .null = value { return .null }
    return .key(value)
  }

  /// The position of an insert, delete or update: `index`, or in an
  /// unordered document `index` or `name` (one form per document).
  private mutating func position(_ entry: MemberTable) throws(InputError) -> DiffDocument.Position {
    guard kind == .unordered else { return try indexPosition(entry, "index") }
    let name = entry.optional("name")
    let index = entry.optional("index")
    let isName: Bool
    switch (name, index) {
    case (.some, .some):
      throw InputError("\(entry.label): give \"index\" or \"name\", not both")
    case (nil, nil):
      throw InputError("\(entry.label): missing member \"index\" or \"name\"")
    case (.some, nil): isName = true
    case (nil, .some): isName = false
    }
    if let usesNames, usesNames != isName {
      throw InputError(
        "\(entry.label): the document mixes \"index\" and \"name\" positions")
    }
    usesNames = isName
    guard let name else { return try indexPosition(entry, "index") }
    guard case .string(let string) = name else {
      throw InputError("\(entry.label): \"name\" must be a string (found \(name.kindName))")
    }
    return .name(string)
  }

  /// The member `member` as an index, or as an index path in a tree.
  private func indexPosition(
    _ entry: MemberTable, _ member: String
  ) throws(InputError) -> DiffDocument.Position {
    let value = try entry.required(member)
    if kind == .tree {
      guard case .array(let steps) = value, !steps.isEmpty else {
        throw InputError(
          "\(entry.label): \"\(member)\" must be an index path such as [0, 2]"
            + " (found \(value.kindName))")
      }
      var path: [Int] = []
      var root: JSONString?
      for (number, step) in steps.enumerated() {
        if number == 0, case .string(let name) = step {
          root = name
          continue
        }
        guard let index = EntryReader.index(step) else {
          throw InputError(
            "\(entry.label): \"\(member)\" must hold non-negative integers"
              + " (found \(step.shortText()))")
        }
        path.append(index)
      }
      return root.map { .namedPath($0, path) } ?? .path(path)
    }
    guard let index = EntryReader.index(value) else {
      throw InputError(
        "\(entry.label): \"\(member)\" must be a non-negative integer (found \(value.shortText()))")
    }
    return .index(index)
  }

  /// A non-negative integer written as plain digits, or `nil`.
  private static func index(_ value: JSONValue) -> Int? {
    guard case .number(let number) = value else { return nil }
    return JSONPointer.arrayIndex(number.text)
  }
}

/// The members of one object of a diff document, checked for unknown and
/// repeated names, with messages that say where they are.
private struct MemberTable {
  /// Where the object is.
  let place: MemberLabel
  /// The members, a handful, so a list searched in order rather than a
  /// table hashed (a document has thousands of these objects).
  private var members: [JSONObject.Member] = []

  /// Where the object is, for messages (`diff document: inserts[3]`).
  var label: String { place.text }

  /// An empty table, for reading values that are not members.
  init(label: MemberLabel) {
    self.place = label
  }

  /// Reads the members of `value`, which must be an object with only
  /// `allowed` names, each at most once.
  init(_ value: JSONValue, label place: MemberLabel, allowed: Set<String>) throws(InputError) {
    self.place = place
    guard case .object(let object) = value else {
      throw InputError("\(label) must be an object (found \(value.kindName))")
    }
    members.reserveCapacity(object.members.count)
    for member in object.members {
      let name = member.name.value
      guard allowed.contains(where: { $0.utf8.elementsEqual(name) }) else {
        throw InputError("\(label): unexpected member \"\(member.name.string)\"")
      }
      guard !members.contains(where: { $0.name.value == name }) else {
        throw InputError("\(label): member \"\(member.name.string)\" appears twice")
      }
      members.append(member)
    }
  }

  /// Member `name`, or `nil`.
  func optional(_ name: String) -> JSONValue? {
    members.first { name.utf8.elementsEqual($0.name.value) }?.value
  }

  /// Member `name`, which must be present.
  func required(_ name: String) throws(InputError) -> JSONValue {
    guard let value = optional(name) else {
      throw InputError("\(label): missing member \"\(name)\"")
    }
    return value
  }

  /// Member `name`, which must be a string.
  func string(_ name: String) throws(InputError) -> String {
    let value = try required(name)
    guard case .string(let string) = value else {
      throw InputError("\(label): \"\(name)\" must be a string (found \(value.kindName))")
    }
    return string.string
  }

  /// `value` (the member `name`) as a JSON Pointer string.
  func pointer(_ value: JSONValue, name: String) throws(InputError) -> JSONPointer {
    guard case .string(let string) = value else {
      throw InputError(
        "\(label): \"\(name)\" must be a JSON Pointer string (found \(value.kindName))")
    }
    do {
      return try JSONPointer(parsing: string.value)
    } catch {
      throw InputError("\(label): \"\(name)\": \(error.message)")
    }
  }
}

/// Where an object of a diff document is, as messages name it, put into
/// words only when a message needs it (a document has thousands of
/// entries and, when well formed, no message).
private struct MemberLabel {
  private var list: String?
  private var index = 0
  private var changeIndex: Int?

  /// The document itself.
  init() {}

  /// Element `index` of the list `list`.
  init(list: String, index: Int) {
    self.list = list
    self.index = index
  }

  /// Change `index` of this entry.
  func change(_ index: Int) -> MemberLabel {
    var label = self
    label.changeIndex = index
    return label
  }

  /// `diff document`, `diff document: updates[2]` or
  /// `diff document: updates[2].changes[0]`.
  var text: String {
    guard let list else { return "diff document" }
    let entry = "diff document: \(list)[\(index)]"
    guard let changeIndex else { return entry }
    return "\(entry).changes[\(changeIndex)]"
  }
}
