extension DiffDocument {
  /// The headers of two tables that differ in any way, names or order
  /// (SPEC §8.1.3): written `"columns": {"old": [...], "new": [...]}`.
  /// Applying the document gives a table NEW's column order.
  public struct Columns: Equatable, Sendable {
    /// OLD's column names, in order.
    public var old: [JSONString]
    /// NEW's column names, in order.
    public var new: [JSONString]

    /// Creates the headers of a column change.
    ///
    /// - Parameters:
    ///   - old: OLD's column names, in order.
    ///   - new: NEW's column names, in order.
    public init(old: [JSONString], new: [JSONString]) {
      self.old = old
      self.new = new
    }

    /// The header a table gets when this change applies to it, given the
    /// header `current` the writer would use otherwise (the target's
    /// columns that rows still have, then the columns rows added; the
    /// target's header when no row is left).
    ///
    /// Columns NEW has and `current` has not are added, and the columns
    /// NEW has take NEW's order in the places they hold; any other column
    /// (the target's own) keeps its place. With no row left, columns OLD
    /// had and NEW has not are dropped too (with rows, `current` already
    /// lacks the columns no row holds). So on OLD the result is NEW's
    /// header.
    ///
    /// - Parameters:
    ///   - current: the header the writer would use.
    ///   - hasRows: whether the table has rows.
    /// - Complexity: O(number of columns).
    public func header(from current: [[UInt8]], hasRows: Bool) -> [[UInt8]] {
      let newNames = new.map(\.value)
      let newSet = Set(newNames)
      let removed = hasRows ? [] : Set(old.map(\.value)).subtracting(newSet)
      var header = current.filter { !removed.contains($0) }
      let present = Set(header)
      header += newNames.filter { !present.contains($0) }
      let kept = Set(header)
      var ordered = newNames.filter { kept.contains($0) }.makeIterator()
      for index in header.indices where newSet.contains(header[index]) {
        if let name = ordered.next() { header[index] = name }
      }
      return header
    }

    /// The change the other way round.
    public var reversed: Columns { Columns(old: new, new: old) }

    /// Appends `{"old": [...], "new": [...]}`.
    func write(to out: inout [UInt8]) {
      out += "{\"old\": ".utf8
      Columns.writeNames(old, to: &out)
      out += ", \"new\": ".utf8
      Columns.writeNames(new, to: &out)
      out.append(UInt8(ascii: "}"))
    }

    private static func writeNames(_ names: [JSONString], to out: inout [UInt8]) {
      out.append(UInt8(ascii: "["))
      for (index, name) in names.enumerated() {
        if index > 0 { out += ", ".utf8 }
        JSONWriter.write(name, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }

    /// Reads the `columns` member of a document.
    ///
    /// - Throws: `InputError` unless it is an object with exactly `old`
    ///   and `new`, each an array of strings.
    static func read(_ value: JSONValue) throws(InputError) -> Columns {
      guard case .object(let object) = value, object.members.count == 2,
        let old = object["old"], let new = object["new"]
      else {
        throw InputError(
          "diff document: \"columns\" must be an object with \"old\" and \"new\" header arrays")
      }
      return Columns(old: try names(old, "old"), new: try names(new, "new"))
    }

    private static func names(_ value: JSONValue, _ member: String) throws(InputError)
      -> [JSONString]
    {
      guard case .array(let elements) = value else {
        throw InputError("diff document: \"columns.\(member)\" must be an array of column names")
      }
      var names: [JSONString] = []
      for element in elements {
        guard case .string(let name) = element else {
          throw InputError(
            "diff document: \"columns.\(member)\" must hold strings (found \(element.kindName))")
        }
        names.append(name)
      }
      return names
    }
  }
}
