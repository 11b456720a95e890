/// The validated options of `colpatch reverse`.
public struct ColpatchReverseOptions: Sendable, Equatable {
  /// The PATCH operand; `-` is standard input.
  public var patch: String

  /// Creates reverse options.
  ///
  /// - Parameter patch: The patch file.
  public init(patch: String) {
    self.patch = patch
  }
}
