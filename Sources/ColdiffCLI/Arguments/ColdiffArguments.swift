import ColdiffEngine
import ColdiffFormats

/// The command line of `coldiff`: its description and its parser.
public enum ColdiffArguments {
  /// `coldiff` as help, man page and completions describe it.
  public static let command = CommandDescription(
    tool: "coldiff",
    synopses: ["[OPTIONS] OLD NEW", "[OPTIONS] --combine PART...", "[OPTIONS] --textconv FILE"],
    abstract: "compare two snapshots of a collection record by record",
    overview: """
      Compare two snapshots of one collection of records (a JSON array or object, JSON \
      Lines, CSV or TSV) record by record: records are matched by identity (a key) and \
      compared by content, and each change is reported as an insert, a delete, an update \
      or a move. A FILE of `-` is standard input. git's external diff driver forms (7 or 9 \
      operands, and 1 for an unmerged path when git runs coldiff) are recognised.
      """,
    flags: ColdiffFlags.all,
    exitStatuses: [
      ExitStatusDescription(code: 0, meaning: "no differences"),
      ExitStatusDescription(code: 1, meaning: "differences"),
      ExitStatusDescription(
        code: 2, meaning: "trouble: bad usage, unreadable or malformed input, key errors"),
    ])

  /// Parses `coldiff`'s arguments into what the command should do.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - environment: The environment: one operand is git's unmerged-path
  ///     form only when git runs coldiff (`GIT_DIFF_PATH_TOTAL` is set),
  ///     else a missing NEW (SPEC §8.1.1).
  /// - Returns: The help or version text to print, the validated options,
  ///   or the usage error to report (exit 2).
  public static func parse(
    _ arguments: [String], environment: [String: String] = [:]
  ) -> Result<ColdiffInvocation, UsageError> {
    Result { () throws(UsageError) in
      try invocation(arguments, underGit: environment["GIT_DIFF_PATH_TOTAL"] != nil)
    }
  }

  private static func invocation(
    _ arguments: [String], underGit: Bool
  ) throws(UsageError) -> ColdiffInvocation {
    let lexer = ArgumentLexer(command: command)
    if let request = lexer.helpOrVersionRequest(in: arguments) { return answer(request) }
    let typed = try lexer.lex(arguments)
    if let request = typed.helpOrVersion { return answer(request) }
    return .run(try resolve(typed, underGit: underGit))
  }

  private static func answer(_ request: Flag) -> ColdiffInvocation {
    request == CommonFlags.version
      ? .version(command.tool + " " + ToolVersion.current + "\n")
      : .help(HelpRenderer.render(command))
  }

  private static func resolve(
    _ typed: TypedArguments, underGit: Bool
  ) throws(UsageError) -> ColdiffOptions {
    var options = ColdiffOptions()
    let key = try typed.value(of: ColdiffFlags.key)
    let ignored = try typed.values(of: ColdiffFlags.ignore)
    let compared = try typed.values(of: ColdiffFlags.compare)
    let root = try typed.value(of: ColdiffFlags.root)
    let arrayKeys = try typed.values(of: ColdiffFlags.arrayKey)
    do throws(InputError) {
      if let key { options.keyFields = try JSONPointer.fieldList(key) }
      options.ignoredFields = try ignored.map { (field) throws(InputError) in
        try JSONPointer(field: field)
      }
      for argument in compared { options.comparedFields += try FieldRule.parse(argument) }
      options.arrayKeys = try arrayKeys.map { (argument) throws(InputError) in
        try ArrayKey.parse(argument)
      }
      if let root {
        options.root = try JSONPointer(field: root)
      }
    } catch {
      throw UsageError(error.message, in: command)
    }
    options.unordered = typed.contains(ColdiffFlags.unordered)
    options.treeField = try typed.value(of: ColdiffFlags.tree)
    options.inputFormat = try typed.value(of: ColdiffFlags.input).flatMap {
      InputFormat(argument: $0)
    }
    options.delimiter = try CommonFlags.delimiter(in: typed, command: command)
    if let format = try typed.value(of: ColdiffFlags.format).flatMap(OutputFormatOption.init) {
      options.outputFormat = format
    }
    options.noTest = typed.contains(ColdiffFlags.noTest)
    if let limit = try typed.value(of: ColdiffFlags.limit) {
      guard limit.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let count = Int(limit) else {
        throw UsageError(
          "'--limit' expects a number of changes (0 or more), got '\(limit)'", in: command)
      }
      options.limit = count
    }
    if let color = try typed.value(of: ColdiffFlags.color).flatMap(ColorOption.init) {
      options.color = color
    }
    options.quiet = typed.contains(ColdiffFlags.quiet)
    try resolveShards(typed, into: &options)
    try resolveMemory(typed, into: &options)
    let operands = typed.operands
    if options.combine {
      guard !operands.isEmpty else {
        throw UsageError("missing operands: the shard documents PART… to combine", in: command)
      }
      options.operands = operands
      return options
    }
    if typed.contains(ColdiffFlags.textconv) {
      guard operands.count == 1 else {
        throw UsageError(
          "'--textconv' takes exactly one FILE, got \(operands.count) operands", in: command)
      }
      options.textconvFile = operands[0]
      return options
    }
    switch operands.count {
    case 0:
      throw UsageError("missing operands OLD and NEW", in: command)
    case 1 where !underGit:
      throw UsageError("missing operand NEW", in: command)
    case 2 where operands[0] == "-" && operands[1] == "-":
      throw UsageError("OLD and NEW cannot both be standard input ('-')", in: command)
    case 1, 2, 7, 9:
      options.operands = operands
    default:
      throw UsageError(
        "expected 2 operands (OLD NEW), got \(operands.count)", in: command)
    }
    return options
  }

  /// Reads `--shard` and `--combine` and what goes with them: a shard
  /// writes a shard document of two inputs; a combination takes the diff
  /// options from the shard documents.
  private static func resolveShards(_ typed: TypedArguments, into options: inout ColdiffOptions)
    throws(UsageError)
  {
    func spelled(_ categories: [FlagCategory]) -> [String] {
      typed.flags.filter { categories.contains($0.flag.category) }.flatMap {
        ["--" + $0.flag.long] + ($0.value.map { [$0] } ?? [])
      }
    }
    options.diffArguments = spelled([.identity, .input])
    options.outputArguments = spelled([.output])
    options.combine = typed.contains(ColdiffFlags.combine)
    if let text = try typed.value(of: ColdiffFlags.shard) {
      guard let shard = ShardOption(argument: text) else {
        throw UsageError(
          "invalid value '\(text)' for '--shard' (expected I/N with 0 ≤ I < N, such as 0/4)",
          in: command)
      }
      guard options.outputFormat == .json else {
        throw UsageError("'--shard' writes a shard document: give '--format json'", in: command)
      }
      guard options.treeField == nil, !typed.contains(ColdiffFlags.textconv) else {
        throw UsageError("'--shard' does not combine with '--tree' or '--textconv'", in: command)
      }
      guard options.arrayKeys.isEmpty else {
        throw UsageError("'--shard' does not combine with '--array-key'", in: command)
      }
      guard typed.operands.count == 2 else {
        throw UsageError(
          "'--shard' takes two operands (OLD NEW), got \(typed.operands.count)", in: command)
      }
      options.shard = shard
    }
    guard options.combine else { return }
    if let other = typed.flags.first(where: {
      $0.flag == ColdiffFlags.shard || $0.flag == ColdiffFlags.textconv
        || [.identity, .input].contains($0.flag.category)
    }) {
      throw UsageError(
        "'\(other.spelling)' cannot be given with '--combine': the shard documents carry the "
          + "options they were made with",
        in: command)
    }
  }

  /// Reads `--memory` and `--temp-dir`; a bucketed run works on flat
  /// collections of two inputs.
  private static func resolveMemory(_ typed: TypedArguments, into options: inout ColdiffOptions)
    throws(UsageError)
  {
    options.temporaryDirectory = try typed.value(of: ColdiffFlags.tempDir)
    guard let text = try typed.value(of: ColdiffFlags.memory) else { return }
    guard let size = MemorySize.bytes(text) else {
      throw UsageError(
        "invalid value '\(text)' for '--memory' (expected a size such as 128M, 1G or 1048576)",
        in: command)
    }
    let refused: [(Bool, String)] = [
      (options.treeField != nil, "--tree"), (!options.arrayKeys.isEmpty, "--array-key"),
      (options.root != nil, "--root"), (options.shard != nil, "--shard"),
      (options.combine, "--combine"), (typed.contains(ColdiffFlags.textconv), "--textconv"),
    ]
    if let (_, name) = refused.first(where: { $0.0 }) {
      throw UsageError(
        "'--memory' does not combine with '\(name)': bucketed execution compares flat "
          + "collections of two inputs",
        in: command)
    }
    options.memory = size
  }
}
