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
    /// `--compare` arguments (`FIELDS=RULES`): values equal under the
    /// rules count as equal.
    var compare: [String] = []
    /// The `--root` pointer: the collections compared are the values
    /// there, in the patched OLD and in NEW.
    var root: String?
    /// The `--tree` children member, with `compare`: records are compared
    /// node by node (the rules' fields are each node's own), in preorder
    /// with their depths.
    var tree: String?
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
    import csv, decimal, io, json, re, sys, unicodedata
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

    def match(pattern, path):
        if not pattern:
            return not path
        if pattern[0] == '**':
            return any(match(pattern[1:], path[i:]) for i in range(len(path) + 1))
        if not path:
            return False
        return pattern[0] in ('*', path[0]) and match(pattern[1:], path[1:])

    def strip(value, path, patterns):
        hit = lambda inner: any(match(p, inner) for p in patterns)
        if isinstance(value, dict):
            return {k: strip(v, path + [k], patterns) for k, v in value.items()
                    if not hit(path + [k])}
        if isinstance(value, list):
            return [strip(v, path + [str(i)], patterns) for i, v in enumerate(value)
                    if not hit(path + [str(i)])]
        return value

    NUMBER = re.compile(r'-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?')
    EXACT = decimal.Context(prec=100000)

    def number(value):
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, (int, decimal.Decimal)):
            return decimal.Decimal(value)
        if isinstance(value, str) and NUMBER.fullmatch(value):
            return decimal.Decimal(value)
        return None

    def text(value, rules):
        if 'trim' in rules:
            value = value.strip()
        if 'icase' in rules:
            value = value.casefold()
        if 'nfc' in rules:
            value = unicodedata.normalize('NFC', value)
        return value

    def same(a, b, path, rules, compare):
        rules = rules + [r for p, rs in compare if match(p, path) for r in rs]
        if isinstance(a, dict) and isinstance(b, dict):
            return a.keys() == b.keys() and all(
                same(a[k], b[k], path + [k], rules, compare) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(
                same(x, y, path + [str(i)], rules, compare) for i, (x, y) in enumerate(zip(a, b)))
        if canon(a) == canon(b):
            return True
        x, y = number(a), number(b)
        if x is not None and y is not None:
            distance = EXACT.abs(EXACT.subtract(x, y))
            for rule in rules:
                bound = rule[4:]
                if rule.startswith('abs:') and distance <= decimal.Decimal(bound):
                    return True
                if rule.startswith('rel:') and distance <= EXACT.multiply(
                        decimal.Decimal(bound), max(abs(x), abs(y))):
                    return True
        if isinstance(a, str) and isinstance(b, str):
            return any(r in rules for r in ('trim', 'icase', 'nfc')) and text(a, rules) == text(b, rules)
        return False

    def at(document, job):
        for token in tokens(job['root']) if job.get('root') else []:
            document = document[int(token)] if isinstance(document, list) else document[token]
        return document

    def records(collection):
        return collection if isinstance(collection, list) else list(collection.values())

    def rules_of(job):
        compare = []
        for argument in job.get('compare', []):
            fields, rules = argument.rsplit('=', 1)
            for field in fields.split(','):
                compare.append((tokens(field), rules.split(',')))
        return compare

    def flatten(records, field, depth, out):
        for record in records:
            node = {k: v for k, v in record.items() if k != field}
            out.append([depth, node])
            flatten(record.get(field) or [], field, depth + 1, out)
        return out

    def normal(collection, job):
        patterns = [tokens(field) for field in job.get('ignore', [])]
        if job.get('tree') and job.get('compare'):
            nodes = flatten(records(collection), job['tree'], 0, [])
            return [[depth, strip(node, [], patterns)] for depth, node in nodes]
        if isinstance(collection, list):
            collection = [strip(r, [], patterns) for r in collection]
        else:
            collection = {k: strip(r, [], patterns) for k, r in collection.items()}
        if job.get('unordered') and isinstance(collection, list):
            loose = [p for p, _ in rules_of(job)]
            collection.sort(key=lambda r: canon(strip(r, [], loose)))
        return collection

    def equal(got, want, job):
        compare = rules_of(job)
        if not compare:
            return canon(got) == canon(want)
        if type(got) != type(want) or len(got) != len(want):
            return False
        if isinstance(got, dict):
            return got.keys() == want.keys() and all(
                same(got[k], want[k], [], [], compare) for k in got)
        if job.get('tree'):
            return all(g[0] == w[0] and same(g[1], w[1], [], [], compare)
                       for g, w in zip(got, want))
        return all(same(g, w, [], [], compare) for g, w in zip(got, want))

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
            got, want = normal(at(result, job), job), normal(at(new, job), job)
            if equal(got, want, job):
                print('ok\t' + name)
            else:
                print('fail\t' + name + '\tgot ' + canon(got)[:600] + ' want ' + canon(want)[:600])
        except Exception as error:
            print('fail\t' + name + '\t' + type(error).__name__ + ': ' + str(error)[:600])
    """#
}
