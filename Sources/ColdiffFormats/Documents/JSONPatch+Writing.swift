extension JSONPatch {
  /// The patch as JSON text: one operation per line, members in the order
  /// `op`, `from`, `path`, `value`, values with their original text,
  /// ending with a newline.
  ///
  /// ```json
  /// [
  ///   {"op": "test", "path": "/3/id", "value": 42},
  ///   {"op": "remove", "path": "/3"}
  /// ]
  /// ```
  ///
  /// An empty patch is `[]`.
  ///
  /// - Complexity: O(n) in the size of the written document.
  public var bytes: [UInt8] {
    var out: [UInt8] = []
    write(to: &out)
    return out
  }

  /// Appends the patch as JSON text, as ``bytes`` gives it.
  ///
  /// - Parameter out: the buffer to append to.
  public func write(to out: inout [UInt8]) {
    var writer = JSONPatchWriter()
    for operation in operations {
      writer.append(operation)
    }
    out += writer.finish()
  }
}

extension JSONPatchOperation {
  /// Appends the operation as one JSON object on one line.
  ///
  /// - Parameter out: the buffer to append to.
  public func write(to out: inout [UInt8]) {
    out += "{\"op\": \"".utf8
    out += name.utf8
    out += "\"".utf8
    if let from {
      out += ", \"from\": ".utf8
      from.writeQuoted(to: &out)
    }
    out += ", \"path\": ".utf8
    path.writeQuoted(to: &out)
    if let heldValue {
      out += ", \"value\": ".utf8
      heldValue.writeInline(to: &out)
    }
    out.append(UInt8(ascii: "}"))
  }
}

extension JSONPointer {
  /// Appends the pointer as a JSON string: each token straight from its
  /// bytes when none needs an escape, in the pointer or in the string
  /// (most field names), else the pointer's text escaped.
  ///
  /// - Parameter out: the buffer to append to.
  func writeQuoted(to out: inout [UInt8]) { Self.writeQuoted(tokens: tokens, to: &out) }

  /// Appends the pointer with these tokens as ``writeQuoted(to:)`` does,
  /// without making the pointer.
  static func writeQuoted(tokens: [[UInt8]], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    if tokens.allSatisfy({ $0.allSatisfy(JSONPointer.isPlain) }) {
      for token in tokens {
        out.append(UInt8(ascii: "/"))
        token.withUnsafeBufferPointer { out.append(contentsOf: $0) }
      }
    } else {
      out += JSONString.escape(JSONPointer(tokens: tokens).bytes)
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Whether `byte` stands for itself both in a pointer's text (not `~`
  /// or `/`) and in a JSON string (`JSONString.isPlain(_:)`).
  private static func isPlain(_ byte: UInt8) -> Bool {
    byte != UInt8(ascii: "~") && byte != UInt8(ascii: "/") && JSONString.isPlain(byte)
  }
}
