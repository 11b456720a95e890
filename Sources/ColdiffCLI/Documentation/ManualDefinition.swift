/// A term and its description, in a ``ManualBlock/definitions(_:)`` list.
public struct ManualDefinition: Sendable, Equatable {
  /// The term, with the inline markup of ``ManualBlock``.
  public let term: String
  /// The description, with the inline markup of ``ManualBlock``.
  public let text: String

  /// Creates a definition.
  ///
  /// - Parameters:
  ///   - term: The term.
  ///   - text: Its description.
  public init(_ term: String, _ text: String) {
    self.term = term
    self.text = text
  }
}
