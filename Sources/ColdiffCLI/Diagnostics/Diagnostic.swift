import ColdiffEngine
import ColdiffFormats

/// One message for standard error: `TOOL: FILE:LINE:COLUMN: message`, or
/// `TOOL: message` when no location is known.
struct Diagnostic: Error, Equatable, CustomStringConvertible {
  /// The message with its location, as printed after `TOOL: `.
  let description: String
  /// The exit status the message ends the run with.
  let status: ExitStatus

  /// A message without a location.
  init(_ message: String, status: ExitStatus = .trouble) {
    self.description = message
    self.status = status
  }

  /// A located input error.
  init(_ error: InputError, status: ExitStatus = .trouble) {
    self.description = error.description
    self.status = status
  }
}
