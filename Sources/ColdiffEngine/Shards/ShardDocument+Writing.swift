import ColdiffFormats

extension ShardDocument {
  /// The document as JSON text, one entry a line:
  ///
  /// ```json
  /// {
  ///   "coldiff-shard": 1,
  ///   "shard": [0, 4],
  ///   "fingerprint": "…",
  ///   "arguments": ["--key", "id"],
  ///   "identity": {"fields": ["/id"]},
  ///   "ordered": true,
  ///   "old": {"name": "old.json", "form": "array", "count": 3, "header": []},
  ///   "new": {"name": "new.json", "form": "array", "count": 3, "header": []},
  ///   "matched": [
  ///     [0, 1, 7]
  ///   ],
  ///   "inserts": [
  ///     [0, "{\"id\": 9}"]
  ///   ],
  ///   "deletes": [],
  ///   "updates": [
  ///     [0, [{"path": "/price", "old": 1, "new": 2}]]
  ///   ]
  /// }
  /// ```
  ///
  /// `identity` is `{"fields": [POINTER…]}`, `"names"` or `"whole"`; a
  /// match is `[OLD, NEW, KEY]` with a fourth member for NEW's key when it
  /// is written otherwise (KEY is the key value, the member name as a
  /// string, or the record's text as a string); an insert or delete is
  /// `[POSITION, TEXT]`, with the member name third in an object map.
  ///
  /// - Complexity: O(size of the document).
  package var bytes: [UInt8] {
    var out: [UInt8] = []
    out += "{\n  \"coldiff-shard\": \(ShardDocument.version),\n".utf8
    out += "  \"shard\": [\(shard.index), \(shard.count)],\n  \"fingerprint\": ".utf8
    ShardDocument.writeString(Array(fingerprint.utf8), to: &out)
    out += ",\n  \"arguments\": [".utf8
    for (index, argument) in arguments.enumerated() {
      if index > 0 { out += ", ".utf8 }
      ShardDocument.writeString(Array(argument.utf8), to: &out)
    }
    out += "],\n  \"identity\": ".utf8
    switch identity {
    case .memberName: out += "\"names\"".utf8
    case .wholeValue: out += "\"whole\"".utf8
    case .fields(let pointers):
      out += "{\"fields\": [".utf8
      for (index, pointer) in pointers.enumerated() {
        if index > 0 { out += ", ".utf8 }
        ShardDocument.writeString(pointer.bytes, to: &out)
      }
      out += "]}".utf8
    }
    out += ",\n  \"ordered\": \(ordered),\n  \"old\": ".utf8
    old.write(to: &out)
    out += ",\n  \"new\": ".utf8
    new.write(to: &out)
    out += ",\n".utf8
    writeList("matched", matched, to: &out) { match, out in
      out += "[\(match.old), \(match.new), ".utf8
      writeKey(match.oldKey, to: &out)
      if let newKey = match.newKey {
        out += ", ".utf8
        writeKey(newKey, to: &out)
      }
      out += "]".utf8
    }
    out += ",\n".utf8
    writeList("inserts", inserts, to: &out) { $0.write(to: &$1) }
    out += ",\n".utf8
    writeList("deletes", deletes, to: &out) { $0.write(to: &$1) }
    out += ",\n".utf8
    writeList("updates", updates, to: &out) { $0.write(to: &$1) }
    out += "\n}\n".utf8
    return out
  }

  private func writeKey(_ key: [UInt8], to out: inout [UInt8]) {
    switch identity {
    case .fields: out += key
    case .memberName: JSONWriter.write(JSONString(raw: key, value: []), to: &out)
    case .wholeValue: ShardDocument.writeString(key, to: &out)
    }
  }

  private func writeList<Element>(
    _ name: String, _ elements: [Element], to out: inout [UInt8],
    _ write: (Element, inout [UInt8]) -> Void
  ) {
    out += "  \"\(name)\": [".utf8
    for (index, element) in elements.enumerated() {
      out += index > 0 ? ",\n    ".utf8 : "\n    ".utf8
      write(element, &out)
    }
    out += elements.isEmpty ? "]".utf8 : "\n  ]".utf8
  }

  /// Appends `text` as a JSON string.
  static func writeString(_ text: [UInt8], to out: inout [UInt8]) {
    JSONWriter.write(JSONString(utf8: text), to: &out)
  }
}

extension ShardDocument.Side {
  /// The names of the forms in the text.
  static let formNames: [(InputForm, String)] = [
    (.jsonArray, "array"), (.jsonObject, "object"), (.jsonLines, "lines"), (.csv, "csv"),
    (.tsv, "tsv"),
  ]

  fileprivate func write(to out: inout [UInt8]) {
    let formName = Self.formNames.first { $0.0 == form }?.1 ?? "array"
    out += "{\"name\": ".utf8
    ShardDocument.writeString(Array(name.utf8), to: &out)
    out += ", \"form\": \"\(formName)\", \"count\": \(count), \"header\": [".utf8
    for (index, field) in header.enumerated() {
      if index > 0 { out += ", ".utf8 }
      ShardDocument.writeString(field, to: &out)
    }
    out += "]}".utf8
  }
}

extension ShardDocument.Record {
  fileprivate func write(to out: inout [UInt8]) {
    out += "[\(position), ".utf8
    ShardDocument.writeString(text, to: &out)
    if let name {
      out += ", ".utf8
      JSONWriter.write(JSONString(raw: name, value: []), to: &out)
    }
    out += "]".utf8
  }
}

extension ShardDocument.Update {
  fileprivate func write(to out: inout [UInt8]) {
    out += "[\(position), [".utf8
    for (index, change) in changes.enumerated() {
      if index > 0 { out += ", ".utf8 }
      out += "{\"path\": ".utf8
      ShardDocument.writeString(JSONPointer(tokens: change.path).bytes, to: &out)
      if let old = change.old {
        out += ", \"old\": ".utf8
        JSONWriter.write(old, style: .compact, to: &out)
      }
      if let new = change.new {
        out += ", \"new\": ".utf8
        JSONWriter.write(new, style: .compact, to: &out)
      }
      switch change.after {
      case .null?: out += ", \"after\": null".utf8
      case .key(let name)?:
        out += ", \"after\": ".utf8
        JSONWriter.write(name, style: .compact, to: &out)
      case nil: break
      }
      out += "}".utf8
    }
    out += "]]".utf8
  }
}
