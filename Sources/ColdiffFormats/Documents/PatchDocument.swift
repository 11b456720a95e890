/// What `colpatch` accepts as PATCH: an RFC 6902 JSON Patch or a coldiff
/// diff document, told apart by their shape (SPEC §5).
public enum PatchDocument: Equatable, Sendable {
  /// The two kinds of patch, told apart by their shape, here only: an
  /// array is an RFC 6902 patch, an object (with a `coldiff` member) a
  /// diff document.
  public enum Kind: Sendable {
    /// An RFC 6902 JSON Patch.
    case jsonPatch
    /// A coldiff diff document.
    case diff

    /// The kind of a patch read as a value, or `nil` for neither shape.
    public init?(_ document: JSONValue) {
      switch document {
      case .array: self = .jsonPatch
      case .object(let object) where object["coldiff"] != nil: self = .diff
      default: return nil
      }
    }

    /// The kind a patch's text opens as (its first byte that is not
    /// whitespace: `[` or `{`), before it is read; `nil` for any other
    /// text, which only a full read can name.
    ///
    /// - Complexity: O(leading whitespace).
    public init?(opening bytes: some Sequence<UInt8>) {
      switch bytes.first(where: { $0 > 0x20 }) {
      case UInt8(ascii: "[")?: self = .jsonPatch
      case UInt8(ascii: "{")?: self = .diff
      default: return nil
      }
    }
  }

  /// An RFC 6902 patch (a JSON array), applied by position.
  case jsonPatch(JSONPatch)
  /// A coldiff diff document (an object with a `coldiff` member), applied
  /// by key.
  case diff(DiffDocument)

  /// Reads a patch document of either kind: an array is a JSON Patch, an
  /// object with a `coldiff` member a diff document.
  ///
  /// - Parameter document: the document's value.
  /// - Throws: `InputError` when the value is neither shape, or when the
  ///   patch or diff document is not well formed.
  /// - Complexity: O(n) in the size of the document.
  public init(from document: JSONValue) throws(InputError) {
    try self.init(from: document, locator: nil)
  }

  /// Reads a patch document of either kind from JSON text.
  ///
  /// - Parameter bytes: the document's bytes.
  /// - Throws: `InputError` for text that is not JSON (with its line and
  ///   column), or as ``init(from:)``; an error in an operation or list
  ///   element names its line and column.
  /// - Complexity: O(n) in the length of the text.
  public init(bytes: [UInt8]) throws(InputError) {
    try self.init(from: try JSONReader.parse(bytes), locator: DocumentLocator(bytes: bytes))
  }

  /// Reads a patch document of either kind, locating errors with
  /// `locator` when there is one.
  private init(from document: JSONValue, locator: DocumentLocator?) throws(InputError) {
    switch Kind(document) {
    case .jsonPatch?:
      self = .jsonPatch(try JSONPatch(from: document, locator: locator))
    case .diff?:
      self = .diff(try DiffDocument(from: document, locator: locator))
    case nil:
      throw InputError(
        "not a patch: expected a JSON Patch (an array of operations) or a coldiff diff"
          + " document (an object with a \"coldiff\" member), found \(document.kindName)")
    }
  }
}
