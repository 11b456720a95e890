import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// `--textconv FILE` (SPEC §4.4): a canonical rendering for git's own
  /// line diff: one record per line, sorted by key (or by value when the
  /// records have no key), members sorted by name, so `git diff`,
  /// `--word-diff` and `--color-moved` work on whole records. A member
  /// of a JSON object map is written as a one-member object.
  func textconv(_ path: String) throws -> ExitStatus {
    let format = options.inputFormat
    let snapshot = try Snapshot(
      InputFile(path: path, standardInput: io.standardInput), override: format,
      delimiter: options.delimiter)
    console.noteDelimiter(of: snapshot, name: path)
    let identity = try Identity.resolve(keys: options.keyFields, old: snapshot, new: snapshot)
    let style = JSONStyle(
      indent: .none, colon: Array(": ".utf8), comma: Array(", ".utf8), finalNewline: false)
    var records: [(key: JSONValue, line: JSONValue)] = []
    records.reserveCapacity(snapshot.count)
    for record in 0..<snapshot.count {
      var value = snapshot.value(of: record).sortingMembers()
      if identity == .memberName {
        value = .object(
          JSONObject(members: [.init(name: snapshot.memberName(of: record), value: value)]))
      }
      let key = snapshot.keyValue(of: record, identity: identity) ?? value
      records.append((key, value))
    }
    records.sort { $0.key.precedes($1.key) }
    var out: [UInt8] = []
    for record in records {
      JSONWriter.write(record.line, style: style, to: &out)
      out.append(0x0A)
    }
    return console.output(out) ? .success : .trouble
  }
}
