/// A titled section of man page prose (`DESCRIPTION`, `INPUT FORMATS`).
public struct ManualSection: Sendable, Equatable {
  /// The section heading, in capitals.
  public let title: String
  /// The section's blocks, in order.
  public let blocks: [ManualBlock]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - title: The heading.
  ///   - blocks: The blocks.
  public init(_ title: String, _ blocks: [ManualBlock]) {
    self.title = title
    self.blocks = blocks
  }
}
