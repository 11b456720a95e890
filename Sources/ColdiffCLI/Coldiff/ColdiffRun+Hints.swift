import ColdiffCore
import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// Hints, not guesses (SPEC §8.1.10): a `--key` FIELD that no record of
  /// either snapshot has is an error, an `--ignore` FIELD a note, each
  /// with a did-you-mean when a field differs only in case or by one
  /// edit; with no key and no `id`, a note names a field that would
  /// match records (whole records are still what is matched).
  ///
  /// - Throws: `Diagnostic` for a `--key` FIELD found nowhere.
  func checkFields(old: Snapshot, new: Snapshot, identity: Identity) throws {
    guard old.count + new.count > 0 else { return }
    for pointer in options.keyFields where !old.mentions(pointer) && !new.mentions(pointer) {
      let (suggestion, names) = ColdiffRun.nearField(pointer, in: [old, new])
      // With nothing close, the fields there are (a table's columns).
      let listed =
        names.isEmpty
        ? ""
        : " (the fields are \(names.prefix(10).joined(separator: ", "))"
          + (names.count > 10 ? ", …)" : ")")
      throw Diagnostic(
        "--key \(ReportText.field(pointer.tokens)): no record has this field"
          + (suggestion.map { "; did you mean '\($0)'?" } ?? listed))
    }
    // A pattern (`**.updated_at`) may match nothing on purpose: no note.
    for pointer in options.ignoredFields
    where FieldPattern(pointer).isPlain && !old.mentions(pointer) && !new.mentions(pointer) {
      let suggestion = ColdiffRun.nearField(pointer, in: [old, new]).suggestion
      note(
        "--ignore \(ReportText.field(pointer.tokens)): no record has this field"
          + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    // The search reads every record: only when the note can be seen.
    if identity == .wholeValue, !options.quiet,
      let field = ColdiffRun.uniqueField(old: old, new: new)
    {
      note("no \"id\" field; --key \(shellWord(field)) would match records by \(field)")
    }
  }

  /// `coldiff: note: TEXT` on standard error, unless `-q`.
  func note(_ text: String) {
    guard !options.quiet else { return }
    console.error("note: " + text)
  }

  /// A field of the snapshots (at the same parent) that differs from
  /// `pointer`'s last name only in case or by one edit, and the names
  /// there are at that parent, spelled as FIELDs.
  private static func nearField(
    _ pointer: JSONPointer, in snapshots: [Snapshot]
  ) -> (suggestion: String?, names: [String]) {
    guard let last = pointer.tokens.last else { return (nil, []) }
    let parent = Array(pointer.tokens.dropLast())
    let typed = String(decoding: last, as: UTF8.self)
    var names: [String] = []
    for snapshot in snapshots {
      for name in snapshot.fieldNames(under: parent) {
        let text = String(decoding: name, as: UTF8.self)
        if !names.contains(text) { names.append(text) }
      }
    }
    let match =
      names.first { $0.lowercased() == typed.lowercased() }
      ?? names.first { Suggestion.editDistance(typed, $0) == 1 }
    let spell = { (name: String) in ReportText.field(parent + [Array(name.utf8)]) }
    return (match.map(spell), names.map(spell))
  }

  /// The first field of the first record (in its order) that every
  /// record of both snapshots has, with a value unique in each snapshot;
  /// both snapshots are searched at once.
  private static func uniqueField(old: Snapshot, new: Snapshot) -> String? {
    let first = old.count > 0 ? old : new
    for name in first.fieldNames(limit: 1) {
      let pointer = JSONPointer(tokens: [name])
      let unique = { (snapshot: Snapshot) -> Bool in
        guard snapshot.allRecordsHave(pointer) else { return false }
        return (try? KeyTable(snapshot.keyArena(for: .fields([pointer])))) != nil
      }
      let both = Parallel.both({ unique(old) }, { unique(new) })
      guard both.0 && both.1 else { continue }
      return ReportText.field([name])
    }
    return nil
  }

  /// FIELD as a shell word: as it is when it holds only letters, digits
  /// and `_.-/`, else in single quotes (a CSV column `Contact Phone`).
  private func shellWord(_ field: String) -> String {
    let plain =
      !field.isEmpty
      && field.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
          || (0x61...0x7A).contains(byte) || Array("_.-/".utf8).contains(byte)
      }
    return plain ? field : "'" + field.replacing("'", with: "'\\''") + "'"
  }
}
