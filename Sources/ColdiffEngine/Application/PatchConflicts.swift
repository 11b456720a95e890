/// Every way a well-formed patch or diff document does not fit its
/// target, found in one pass that goes on past each (SPEC §8.1.5,
/// §8.1.6): colpatch exits 1, writes nothing, and `check` lists them all.
///
/// It also counts the guards (an RFC 6902 `test`; a diff document's
/// record found by key with the values it expects) that held and that
/// failed, so that a patch none of whose guards holds can be said to be
/// made for another file.
package struct PatchConflicts: Error, CustomStringConvertible {
  /// One message per conflict, in the order found.
  package private(set) var messages: [String] = []
  /// How many guards held.
  package private(set) var guardsHeld = 0
  /// How many guards failed.
  package private(set) var guardsFailed = 0
  /// What the first message ends with, if anything
  /// (`(was the patch made for another file?)`).
  package var hint: String?

  /// No conflict yet.
  package init() {}

  /// One conflict; `failedGuard` when it is a guard that failed (a target
  /// record without the key, a target of another kind of collection).
  package init(_ message: String, failedGuard: Bool = false) {
    messages = [message]
    guardsFailed = failedGuard ? 1 : 0
  }

  /// Whether there is no conflict.
  package var isEmpty: Bool { messages.isEmpty }

  /// Whether guards were checked and not a single one held.
  package var noGuardHeld: Bool { guardsHeld == 0 && guardsFailed > 0 }

  /// Notes a conflict; `failedGuard` when it is a guard that failed.
  package mutating func add(_ message: String, failedGuard: Bool) {
    messages.append(message)
    if failedGuard { guardsFailed += 1 }
  }

  /// Notes a guard that held.
  package mutating func held() {
    guardsHeld += 1
  }

  /// The first message with the hint, as `apply` reports it.
  package var description: String {
    let first = messages.first ?? "the patch does not apply"
    return hint.map { first + " " + $0 } ?? first
  }

  /// Every message, one a line, the first with the hint; at most `limit`
  /// lines, then `… and N more`, as `check` reports them.
  package func lines(limit: Int = 50) -> [String] {
    var lines = [description] + messages.dropFirst().prefix(max(limit - 1, 0))
    if messages.count > limit { lines.append("… and \(messages.count - limit) more") }
    return lines
  }
}
