import Foundation
import TestSupport

/// An independent RFC 6902 implementation (Python's `jsonpatch`) that
/// checks a batch of coldiff patches in one Python process: each patch
/// applied to its OLD must give its NEW as JSON values.
///
/// The interpreter is the one named by `COLDIFF_JSONPATCH_PYTHON` when
/// set, else a virtual environment at `.build/jsonpatch-venv`, created and
/// given `jsonpatch` by pip when missing. When neither works (no network
/// for pip), `shared` is `nil` and the reason is in `unavailableReason`.
struct JSONPatchOracle: Sendable {
  /// The Python interpreter that imports `jsonpatch`.
  let python: String

  /// One patch to check.
  struct Job: Encodable {
    /// A name for messages.
    let name: String
    /// OLD's path.
    let old: String
    /// OLD's form: `json`, `jsonl`, `csv`, `tsv`, `detect` (SPEC §7.15
    /// for standard input) or `empty` (`/dev/null`: an empty collection of
    /// the other side's kind).
    let oldForm: String
    /// NEW's path.
    let new: String
    /// NEW's form.
    let newForm: String
    /// The patch's path.
    let patch: String
    /// `--ignore` fields, removed from every record before comparing.
    var ignore: [String] = []
    /// Whether to compare the collections as multisets.
    var unordered = false
    /// The `--delimiter` of CSV and TSV input, if given.
    var delimiter: String?
  }

  /// The oracle, or `nil` when no interpreter with `jsonpatch` can be had.
  static let shared: JSONPatchOracle? = locate().oracle

  /// Why `shared` is `nil` (empty when it is not).
  static let unavailableReason: String = locate().reason

  /// Whether the oracle tests can run; prints why not when they cannot.
  static var isAvailable: Bool {
    if shared == nil {
      print("SKIPPED: the jsonpatch oracle is unavailable: \(unavailableReason)")
    }
    return shared != nil
  }

  /// Found (or installed) once per test run.
  private static let located = findOrInstall()

  private static func locate() -> (oracle: JSONPatchOracle?, reason: String) { located }

  private static func imports(_ python: String) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    let outcome = try? ToolProcess.run(python, ["-c", "import jsonpatch"])
    return outcome?.status == 0
  }

  private static func findOrInstall() -> (oracle: JSONPatchOracle?, reason: String) {
    if let named = ProcessInfo.processInfo.environment["COLDIFF_JSONPATCH_PYTHON"],
      !named.isEmpty
    {
      return imports(named)
        ? (JSONPatchOracle(python: named), "")
        : (nil, "COLDIFF_JSONPATCH_PYTHON=\(named) cannot import jsonpatch")
    }
    let venv = ProjectPaths.packageRoot.appendingPathComponent(".build/jsonpatch-venv").path
    let python = venv + "/bin/python3"
    if imports(python) { return (JSONPatchOracle(python: python), "") }
    let steps = [
      "python3 -m venv '\(venv)'",
      "'\(venv)/bin/pip' install --quiet --disable-pip-version-check jsonpatch",
    ]
    for step in steps {
      let outcome = try? ToolProcess.shell(step)
      guard let outcome, outcome.status == 0 else {
        return (nil, "`\(step)` failed: \(outcome?.errors.suffix(300) ?? "could not run it")")
      }
    }
    return imports(python)
      ? (JSONPatchOracle(python: python), "")
      : (nil, "jsonpatch does not import after installing it into \(venv)")
  }

  /// Checks every job in one Python process.
  ///
  /// - Parameter jobs: the patches to check.
  /// - Returns: for each job's name, `nil` when the patch reproduced NEW,
  ///   else why not.
  /// - Throws: when Python cannot be run or answers out of turn.
  func check(_ jobs: [Job]) throws -> [String: String?] {
    guard !jobs.isEmpty else { return [:] }
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("oracle.py", Self.script)
    var input: [UInt8] = []
    let encoder = JSONEncoder()
    for job in jobs {
      input += Array(try encoder.encode(job))
      input.append(0x0A)
    }
    let outcome = try ToolProcess.run(python, [script], input: input)
    guard outcome.status == 0 else {
      throw OracleFailure(message: "python exited \(outcome.status): \(outcome.errors)")
    }
    var results: [String: String?] = [:]
    for line in outcome.text.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard parts.count >= 2 else { throw OracleFailure(message: "bad oracle line \(line)") }
      results[parts[1]] = parts[0] == "ok" ? String?.none : (parts.count > 2 ? parts[2] : "failed")
    }
    guard results.count == jobs.count else {
      throw OracleFailure(message: "oracle answered \(results.count) of \(jobs.count) jobs")
    }
    return results
  }

  /// The oracle could not do its work.
  struct OracleFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  /// Reads jobs (JSON Lines) on standard input, prints `ok\tNAME` or
  /// `fail\tNAME\tREASON` for each.
  private static let script = #"""
    import csv, decimal, io, json, sys
    import jsonpatch

    def parse(text):
        return json.loads(text, parse_float=decimal.Decimal)

    def lines(text):
        return [parse(line) for line in text.splitlines() if line.strip()]

    def load(path, form, delimiter=None):
        if form == 'empty':
            return None
        data = open(path, 'rb').read()
        if form in ('csv', 'tsv'):
            text = data.decode('utf-8-sig')
            if text == '':
                return []
            header = text.split('\n', 1)[0]
            if delimiter is None:
                semicolons = form == 'csv' and ',' not in header and ';' in header
                delimiter = ';' if semicolons else ',' if form == 'csv' else '\t'
            rows = list(csv.reader(io.StringIO(text, newline=''), delimiter=delimiter))
            while len(rows) > 1 and rows[-1] == []:
                rows.pop()  # empty lines at the end are not records
            return [dict(zip(rows[0], row)) for row in rows[1:]]
        text = data.decode('utf-8-sig')
        if form == 'jsonl':
            return lines(text)
        if form == 'detect' and text.lstrip().startswith('{'):
            stripped = text.strip()
            value, end = json.JSONDecoder(parse_float=decimal.Decimal).raw_decode(stripped)
            return lines(text) if stripped[end:].strip() else value
        return parse(text)

    def canon(value):
        if value is None:
            return 'null'
        if isinstance(value, bool):
            return 'true' if value else 'false'
        if isinstance(value, (int, decimal.Decimal)):
            number = decimal.Decimal(value)
            return '0' if number == 0 else str(number.normalize())
        if isinstance(value, str):
            return json.dumps(value)
        if isinstance(value, list):
            return '[' + ','.join(canon(item) for item in value) + ']'
        return '{' + ','.join(json.dumps(k) + ':' + canon(value[k]) for k in sorted(value)) + '}'

    def tokens(field):
        if field.startswith('/'):
            return [t.replace('~1', '/').replace('~0', '~') for t in field.split('/')[1:]]
        return field.split('.')

    def remove(record, path):
        for token in path[:-1]:
            if not isinstance(record, dict) or token not in record:
                return
            record = record[token]
        if isinstance(record, dict):
            record.pop(path[-1], None)

    def records(collection):
        return collection if isinstance(collection, list) else list(collection.values())

    def normal(collection, job):
        for record in records(collection):
            for field in job.get('ignore', []):
                remove(record, tokens(field))
        if job.get('unordered') and isinstance(collection, list):
            return '[' + ','.join(sorted(canon(r) for r in collection)) + ']'
        return canon(collection)

    for line in sys.stdin:
        job = json.loads(line)
        name = job['name']
        try:
            old = load(job['old'], job['oldForm'], job.get('delimiter'))
            new = load(job['new'], job['newForm'], job.get('delimiter'))
            old = type(new)() if old is None else old
            new = type(old)() if new is None else new
            patch = parse(open(job['patch'], 'rb').read().decode('utf-8'))
            result = jsonpatch.apply_patch(old, patch)
            got, want = normal(result, job), normal(new, job)
            if got == want:
                print('ok\t' + name)
            else:
                print('fail\t' + name + '\tgot ' + got[:600] + ' want ' + want[:600])
        except Exception as error:
            print('fail\t' + name + '\t' + type(error).__name__ + ': ' + str(error)[:600])
    """#
}
