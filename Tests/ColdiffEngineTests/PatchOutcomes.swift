import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A patch applied to a target two ways, to show that a fast path of
/// `PatchTarget` (field and member edits, records added as text) gives
/// what the value model gives: read in its plain form
/// (`PatchTarget.apply(_:)` with a `RawJSONPatch`), and read whole and
/// applied through `JSONPatch.apply(to:)`.
enum PatchOutcomes {
  /// The written target, or the error, of `patch` applied to the target
  /// `text` (a file named `name`) each way.
  static func of(_ patch: String, on text: String, named name: String) throws
    -> (fast: String, built: String)
  {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let snapshot = try Snapshot(InputFile(path: try folder.write(name, text)), override: nil)
    let bytes = Array(patch.utf8)
    let raw = try #require(RawJSONPatch(bytes: bytes))
    guard case .jsonPatch(let whole) = try PatchDocument(bytes: bytes) else {
      throw InputError("a patch read as a diff document")
    }
    return (
      outcome({ try $0.apply(raw) }, to: snapshot),
      outcome({ try whole.apply(to: &$0) }, to: snapshot)
    )
  }

  /// The written target, or the error, of `apply` on `snapshot`.
  private static func outcome(_ apply: (inout PatchTarget) throws -> Void, to snapshot: Snapshot)
    -> String
  {
    var target = PatchTarget(snapshot)
    do {
      try apply(&target)
      return String(decoding: try target.written(), as: UTF8.self)
    } catch {
      return "error: \(error)"
    }
  }
}
