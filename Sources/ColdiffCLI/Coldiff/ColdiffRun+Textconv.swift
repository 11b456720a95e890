import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// `--textconv FILE` (SPEC §4.4): a canonical rendering for git's own
  /// line diff: one record per line, sorted by key (or by value when the
  /// records have no key), members sorted by name, so `git diff`,
  /// `--word-diff` and `--color-moved` work on whole records. A member
  /// of a JSON object map is written as a one-member object.
  ///
  /// A file that is not a collection coldiff can read is passed through
  /// unchanged after one note, so git's diff never aborts (§8.1.2).
  func textconv(_ path: String) throws -> ExitStatus {
    let input = try InputFile(path: path, standardInput: io.standardInput)
    do {
      return try textconv(input)
    } catch let error as InputError {
      var renamed = error
      renamed.file = ColdiffRun.repositoryName(path)
      note("\(renamed); passing it through unchanged")
    } catch let diagnostic as Diagnostic {
      let name = ColdiffRun.repositoryName(path)
      note(
        "\(diagnostic.description.replacing(path, with: name)); passing it through unchanged")
    }
    return console.output(Array(input.bytes)) ? .success : .trouble
  }

  private func textconv(_ input: InputFile) throws -> ExitStatus {
    let format = options.inputFormat
    let snapshot = try Snapshot(input, override: format, delimiter: options.delimiter)
    console.noteDelimiter(of: snapshot, name: ColdiffRun.repositoryName(input.name))
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
