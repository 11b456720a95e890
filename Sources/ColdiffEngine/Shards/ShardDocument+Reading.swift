import ColdiffFormats

extension ShardDocument {
  /// Reads a shard document written by ``bytes``.
  ///
  /// - Parameters:
  ///   - bytes: the document's text.
  ///   - name: the file's name, for messages.
  /// - Throws: `InputError` naming the file when the text is not JSON or
  ///   not a shard document.
  /// - Complexity: O(size of the document).
  package init(bytes: [UInt8], name: String) throws {
    // The matched records, most of the text, are read apart when plain.
    let lines = ShardMatchedLines(bytes)
    if let lines, let document = try? ShardDocument(bytes: lines.rest, name: name, lines: lines) {
      self = document
    } else {
      try self.init(bytes: bytes, name: name, lines: nil)
    }
  }

  /// Reads a document whose `matched` list is `lines`'s when given.
  private init(bytes: [UInt8], name: String, lines: ShardMatchedLines?) throws {
    let parsed: JSONValue
    do {
      parsed = try JSONReader.parse(bytes)
    } catch {
      throw error.inFile(name)
    }
    let notShard = InputError(
      "not a coldiff shard document (made by `coldiff --shard I/N -f json`)", file: name)
    guard let root = parsed.objectValue else { throw notShard }
    do {
      guard case .number(let version)? = root["coldiff-shard"],
        version.text == Array(String(ShardDocument.version).utf8)
      else { throw notShard }
      let shardNumbers = try ShardRead.ints(root["shard"])
      guard shardNumbers.count == 2,
        let shard = Shard(index: shardNumbers[0], count: shardNumbers[1])
      else { throw ShardShapeError() }
      self.shard = shard
      fingerprint = String(decoding: try ShardRead.string(root["fingerprint"]), as: UTF8.self)
      arguments = try ShardRead.array(root["arguments"]).map {
        String(decoding: try ShardRead.string($0), as: UTF8.self)
      }
      identity = try ShardRead.identity(root["identity"])
      guard case .bool(let ordered)? = root["ordered"] else { throw ShardShapeError() }
      self.ordered = ordered
      old = try ShardRead.side(root["old"])
      new = try ShardRead.side(root["new"])
      let identity = identity
      if let lines {
        guard let matches = lines.matches(for: identity) else { throw ShardShapeError() }
        matched = matches
      } else {
        matched = try ShardRead.array(root["matched"]).map { try ShardRead.match($0, identity) }
      }
      inserts = try ShardRead.array(root["inserts"]).map(ShardRead.record)
      deletes = try ShardRead.array(root["deletes"]).map(ShardRead.record)
      updates = try ShardRead.array(root["updates"]).map(ShardRead.update)
    } catch is ShardShapeError {
      throw InputError("not a well-formed coldiff shard document", file: name)
    }
  }
}

/// A shard document member that is not what the writer writes.
struct ShardShapeError: Error {}

/// Reading the members of a shard document.
private enum ShardRead {
  static func array(_ value: JSONValue?) throws -> [JSONValue] {
    guard let array = value?.arrayValue else { throw ShardShapeError() }
    return array
  }

  static func string(_ value: JSONValue?) throws -> [UInt8] {
    guard case .string(let string)? = value else { throw ShardShapeError() }
    return string.value
  }

  static func int(_ value: JSONValue?) throws -> Int {
    guard case .number(let number)? = value,
      let int = Int(String(decoding: number.text, as: UTF8.self)), int >= 0
    else { throw ShardShapeError() }
    return int
  }

  static func ints(_ value: JSONValue?) throws -> [Int] {
    try array(value).map(int)
  }

  static func identity(_ value: JSONValue?) throws -> Identity {
    switch value {
    case .string(let name)? where name.value == Array("names".utf8): return .memberName
    case .string(let name)? where name.value == Array("whole".utf8): return .wholeValue
    case .object(let object)?:
      let pointers = try array(object["fields"]).map {
        do {
          return try JSONPointer(parsing: try string($0))
        } catch is InputError {
          throw ShardShapeError()
        }
      }
      guard !pointers.isEmpty else { throw ShardShapeError() }
      return .fields(pointers)
    default: throw ShardShapeError()
    }
  }

  static func side(_ value: JSONValue?) throws -> ShardDocument.Side {
    guard let object = value?.objectValue else { throw ShardShapeError() }
    let formName = try string(object["form"])
    guard
      let form = ShardDocument.Side.formNames.first(where: { Array($0.1.utf8) == formName })?.0
    else { throw ShardShapeError() }
    return ShardDocument.Side(
      name: String(decoding: try string(object["name"]), as: UTF8.self), form: form,
      count: try int(object["count"]), header: try array(object["header"]).map(string))
  }

  static func match(_ value: JSONValue, _ identity: Identity) throws -> ShardDocument.Match {
    let members = try array(value)
    guard members.count == 3 || members.count == 4 else { throw ShardShapeError() }
    return ShardDocument.Match(
      old: try int(members[0]), new: try int(members[1]), oldKey: try key(members[2], identity),
      newKey: members.count == 4 ? try key(members[3], identity) : nil)
  }

  private static func key(_ value: JSONValue, _ identity: Identity) throws -> [UInt8] {
    switch identity {
    case .fields:
      var out: [UInt8] = []
      JSONWriter.write(value, style: .compact, to: &out)
      return out
    case .memberName:
      guard case .string(let name) = value else { throw ShardShapeError() }
      return name.raw
    case .wholeValue:
      return try string(value)
    }
  }

  static func record(_ value: JSONValue) throws -> ShardDocument.Record {
    let members = try array(value)
    guard members.count == 2 || members.count == 3 else { throw ShardShapeError() }
    var name: [UInt8]?
    if members.count == 3 {
      guard case .string(let string) = members[2] else { throw ShardShapeError() }
      name = string.raw
    }
    return ShardDocument.Record(
      position: try int(members[0]), name: name, text: try string(members[1]))
  }

  static func update(_ value: JSONValue) throws -> ShardDocument.Update {
    let members = try array(value)
    guard members.count == 2 else { throw ShardShapeError() }
    let changes = try array(members[1]).map { change in
      guard let object = change.objectValue else { throw ShardShapeError() }
      let path: JSONPointer
      do {
        path = try JSONPointer(parsing: try string(object["path"]))
      } catch is InputError {
        throw ShardShapeError()
      }
      let after = object["after"].map { name in
        name == .null ? DiffDocument.Reference.null : DiffDocument.Reference.key(name)
      }
      return FieldChange(path: path.tokens, old: object["old"], new: object["new"], after: after)
    }
    return ShardDocument.Update(position: try int(members[0]), changes: changes)
  }
}
