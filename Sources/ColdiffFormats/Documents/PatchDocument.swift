/// What `colpatch` accepts as PATCH: an RFC 6902 JSON Patch or a coldiff
/// diff document, told apart by their shape (SPEC §5).
public enum PatchDocument: Equatable, Sendable {
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
    switch document {
    case .array:
      self = .jsonPatch(try JSONPatch(from: document, locator: locator))
    case .object(let object) where object["coldiff"] != nil:
      self = .diff(try DiffDocument(from: document, locator: locator))
    default:
      throw InputError(
        "not a patch: expected a JSON Patch (an array of operations) or a coldiff diff"
          + " document (an object with a \"coldiff\" member), found \(document.kindName)")
    }
  }
}
