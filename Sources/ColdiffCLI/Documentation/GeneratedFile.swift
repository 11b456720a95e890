/// A file of the repository rendered from the flag tables.
public struct GeneratedFile: Sendable, Equatable {
  /// The path relative to the package root (`man/coldiff.1`).
  public let path: String
  /// The complete contents.
  public let contents: String

  /// Creates a generated file.
  ///
  /// - Parameters:
  ///   - path: The path relative to the package root.
  ///   - contents: The contents.
  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}
