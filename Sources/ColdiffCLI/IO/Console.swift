import ColdiffEngine
import ColdiffFormats

/// The two streams of a run, with the tool's conventions: results on
/// standard output, messages on standard error as `TOOL: message`, a
/// closed pipe on standard output ends the output quietly, and any other
/// write failure is reported once.
struct Console {
  let io: ToolIO
  let tool: String

  /// Prints `message` on standard error, prefixed by the tool's name
  /// unless `raw`.
  func error(_ message: String, raw: Bool = false) {
    let line = raw ? message : "\(tool): \(message)\n"
    try? io.standardError.write(line)
    try? io.standardError.flush()
  }

  /// Writes `text` to standard output and flushes it.
  ///
  /// - Returns: whether the output was written (or its reader had gone
  ///   away, which is not trouble); `false` after reporting a failure.
  func output(_ text: String) -> Bool {
    output(Array(text.utf8))
  }

  /// Writes `bytes` to standard output and flushes them; see
  /// `output(_:)`.
  func output(_ bytes: [UInt8]) -> Bool {
    do {
      try io.standardOutput.write(bytes)
      try io.standardOutput.flush()
      return true
    } catch WriteFailure.closedPipe {
      return true
    } catch {
      let reason: String
      if case WriteFailure.failed(let words) = error { reason = words } else { reason = "\(error)" }
      self.error("cannot write the output: \(reason)")
      return false
    }
  }
}

extension Console {
  /// Prints what went wrong and gives the exit status it means: 1 for a
  /// patch that does not apply (a conflict or a failed operation), the
  /// diagnostic's own status, 2 for anything else.
  func report(_ error: any Error) -> ExitStatus {
    switch error {
    case let conflicts as PatchConflicts:
      self.error(conflicts.description)
      return .differences
    case let conflict as PatchConflict:
      self.error(conflict.description)
      return .differences
    case let failure as JSONPatchApplicationError:
      self.error(failure.description)
      return .differences
    case let diagnostic as Diagnostic:
      self.error(diagnostic.description)
      return diagnostic.status
    default:
      self.error("\(error)")
      return .trouble
    }
  }
}

extension Console {
  /// Notes on standard error that `snapshot` (the file `name`) was read
  /// with `;` because its header has no comma but a `;` (SPEC §8.1.3).
  func noteDelimiter(of snapshot: Snapshot, name: String) {
    noteDelimiter(guessed: snapshot.guessedDelimiter, name: name)
  }

  /// The note for a `.csv` read with `guessed` (`;`), if any.
  func noteDelimiter(guessed: UInt8?, name: String) {
    guard guessed != nil else { return }
    error(
      "note: \(name): the header has no comma but ';', so fields are read as separated by ';' "
        + "(--delimiter sets the separator)")
  }
}
