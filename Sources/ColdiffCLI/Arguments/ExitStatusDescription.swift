/// One exit status and what it means, as help text and man pages list it.
public struct ExitStatusDescription: Sendable, Equatable {
  /// The status number.
  public let code: Int
  /// What the status means.
  public let meaning: String

  /// Describes an exit status.
  ///
  /// - Parameters:
  ///   - code: The status number.
  ///   - meaning: What it means.
  public init(code: Int, meaning: String) {
    self.code = code
    self.meaning = meaning
  }
}
