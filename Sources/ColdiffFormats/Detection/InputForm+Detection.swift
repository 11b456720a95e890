extension InputForm {
  /// Decides how to read an input (SPEC §2, §7.11, §7.15).
  ///
  /// The format is `override` (`--input`) when given, else the one
  /// `fileName`'s extension names (``InputFormat/init(fileName:)``). Then:
  ///
  /// - `csv`, `tsv`, `jsonl`: that form, whatever the content (an empty
  ///   input is an empty collection).
  /// - `json`: the first byte that is not JSON white space (a UTF-8 byte
  ///   order mark before it is passed over) decides: `[` is a JSON array,
  ///   `{` a JSON object; an empty input or any other byte (a top-level
  ///   scalar) is not a collection.
  /// - no format (standard input, no or unknown extension): `[` is a JSON
  ///   array, `{` is ``jsonObjectOrLines`` (the JSON scanner decides);
  ///   anything else, an empty input included, is an error asking for
  ///   `--input`.
  ///
  /// - Parameters:
  ///   - fileName: the path as the user gave it, `nil` or `-` for
  ///     standard input.
  ///   - override: the `--input` format, if given.
  ///   - bytes: the input (only its first bytes are looked at).
  /// - Returns: the form to read the input in.
  /// - Throws: `InputError` located at the first significant byte (or the
  ///   end) when the input is not a collection or its form cannot be told.
  /// - Complexity: O(leading white space).
  public static func detect(
    fileName: String?, override: InputFormat?, bytes: UnsafeBufferPointer<UInt8>
  ) throws(InputError) -> InputForm {
    let format = override ?? fileName.flatMap { InputFormat(fileName: $0) }
    switch format {
    case .csv?: return .csv
    case .tsv?: return .tsv
    case .jsonLines?: return .jsonLines
    case .json?, nil: break
    }
    let offset = firstSignificantOffset(bytes)
    let first: UInt8? = offset < bytes.count ? bytes[offset] : nil
    switch first {
    case UInt8(ascii: "[")?: return .jsonArray
    case UInt8(ascii: "{")?: return format == nil ? .jsonObjectOrLines : .jsonObject
    case nil where format == nil:
      throw InputError(
        "the input is empty, so its form cannot be told "
          + "(use --input jsonl, csv or tsv to read it as an empty collection)",
        offset: offset, in: bytes)
    case nil:
      throw InputError(
        "not a collection: the JSON input is empty (it must hold an array or an object)",
        offset: offset, in: bytes)
    case let byte? where format == nil:
      throw InputError(
        "cannot tell the input's form: it starts with \(shown(byte)), not `[` or `{` "
          + "(use --input json, jsonl, csv or tsv)",
        offset: offset, in: bytes)
    case let byte?:
      throw InputError(
        "not a collection: the JSON input starts with \(shown(byte)), "
          + "not `[` (an array) or `{` (an object)",
        offset: offset, in: bytes)
    }
  }

  /// Decides how to read an input held in an array; see
  /// ``detect(fileName:override:bytes:)``.
  public static func detect(fileName: String?, override: InputFormat?, bytes: [UInt8])
    throws(InputError) -> InputForm
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) -> InputForm in
      try detect(fileName: fileName, override: override, bytes: buffer)
    }
  }

  /// The offset of the first byte after a byte order mark and JSON white
  /// space (the input's length when there is none).
  private static func firstSignificantOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var offset = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: " "), 0x09, 0x0A, 0x0D: offset += 1
      default: return offset
      }
    }
    return offset
  }

  /// A byte as a message shows it: a printable ASCII character between
  /// backquotes, anything else in hexadecimal.
  private static func shown(_ byte: UInt8) -> String {
    if byte > 0x20 && byte < 0x7F { return "`" + String(UnicodeScalar(byte)) + "`" }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
  }
}
