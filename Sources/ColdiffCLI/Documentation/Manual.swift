/// The prose of a man page around what the flag table renders: the
/// sections before and after the options and the related pages.
public struct Manual: Sendable, Equatable {
  /// The command the page documents.
  public let command: CommandDescription
  /// Sections printed between SYNOPSIS and OPTIONS (DESCRIPTION first).
  public let leadingSections: [ManualSection]
  /// Sections printed after OPTIONS and before EXIT STATUS.
  public let trailingSections: [ManualSection]
  /// Related pages for SEE ALSO (`colpatch(1)`).
  public let seeAlso: [String]

  /// Creates a manual.
  ///
  /// - Parameters:
  ///   - command: The documented command.
  ///   - leadingSections: The sections before OPTIONS.
  ///   - trailingSections: The sections after OPTIONS.
  ///   - seeAlso: The related pages.
  public init(
    command: CommandDescription, leadingSections: [ManualSection],
    trailingSections: [ManualSection], seeAlso: [String]
  ) {
    self.command = command
    self.leadingSections = leadingSections
    self.trailingSections = trailingSections
    self.seeAlso = seeAlso
  }
}
