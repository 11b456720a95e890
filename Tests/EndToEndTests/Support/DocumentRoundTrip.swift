import TestSupport
import Testing

/// A diff document's trip through the tools: `coldiff -f json OLD NEW`,
/// the document applied to OLD, reversed, and the reverse applied to NEW.
/// Byte-for-byte round-trip tests (column order, member order) check each
/// step's outcome.
struct DocumentRoundTrip {
  /// `coldiff -f json OLD NEW`.
  let diff: ToolProcess.Outcome
  /// `colpatch apply DOCUMENT OLD`: NEW when the trip holds.
  let applied: ToolProcess.Outcome
  /// `colpatch apply REVERSE NEW`: OLD when the trip holds.
  let back: ToolProcess.Outcome

  /// Writes `old` and `new` into `folder` under `oldName` and `newName`
  /// and runs the trip.
  init(
    old: String, new: String, as oldName: String, _ newName: String, in folder: TemporaryDirectory
  ) throws {
    let oldPath = try folder.write(oldName, old)
    let newPath = try folder.write(newName, new)
    diff = try ColpatchCommandLine.coldiff(["-f", "json", oldPath, newPath])
    let document = try folder.write("d.json", diff.text)
    applied = try ColpatchCommandLine.colpatch(["apply", document, oldPath])
    let reverse = try folder.write(
      "r.json", try ColpatchCommandLine.colpatch(["reverse", document]).text)
    back = try ColpatchCommandLine.colpatch(["apply", reverse, newPath])
  }

  /// Expects the trip to hold byte for byte: applying the document to
  /// OLD gives `new`, applying its reverse to NEW gives `old`.
  func expectHolds(
    _ name: String, old: String, new: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(applied.status == 0, "\(name): \(applied)", sourceLocation: sourceLocation)
    #expect(
      applied.text == new, "\(name): apply gives NEW byte for byte", sourceLocation: sourceLocation)
    #expect(back.status == 0, "\(name): \(back)", sourceLocation: sourceLocation)
    #expect(
      back.text == old, "\(name): the reverse gives OLD byte for byte",
      sourceLocation: sourceLocation)
  }
}
