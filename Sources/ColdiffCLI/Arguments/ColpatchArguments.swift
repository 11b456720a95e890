import ColdiffEngine
import ColdiffFormats

/// The command line of `colpatch`: its subcommands' descriptions and the
/// parser.
public enum ColpatchArguments {
  /// The exit statuses of a subcommand that applies: 0 for `success`, 1
  /// for `failure`, 2 for trouble.
  private static func exitStatuses(_ success: String, _ failure: String)
    -> [ExitStatusDescription]
  {
    [
      ExitStatusDescription(code: 0, meaning: success),
      ExitStatusDescription(code: 1, meaning: failure),
      ExitStatusDescription(code: 2, meaning: "trouble: bad usage, unreadable or malformed input"),
    ]
  }

  /// `colpatch apply`.
  public static let apply = CommandDescription(
    tool: "colpatch", subcommand: "apply",
    synopses: ["PATCH [TARGET] [-o OUT | -i] [--input FORMAT]"],
    abstract: "apply a patch or diff document to a snapshot",
    overview: """
      Apply PATCH, an RFC 6902 JSON Patch or a coldiff diff document, to TARGET and write \
      the result to standard output, to OUT, or back to TARGET. Nothing is written unless \
      every operation applies. TARGET defaults to standard input; a FILE of `-` is \
      standard input.
      """,
    flags: ColpatchFlags.apply,
    exitStatuses: exitStatuses("applied", "does not apply (nothing written)"))

  /// `colpatch check`.
  public static let check = CommandDescription(
    tool: "colpatch", subcommand: "check",
    synopses: ["PATCH [TARGET] [--input FORMAT]"],
    abstract: "tell whether a patch applies cleanly",
    overview: """
      Tell whether PATCH applies cleanly to TARGET without writing anything; when it does \
      not, say why. TARGET defaults to standard input; a FILE of `-` is standard \
      input.
      """,
    flags: ColpatchFlags.check,
    exitStatuses: exitStatuses("applies cleanly", "does not apply"))

  /// `colpatch merge`.
  public static let merge = CommandDescription(
    tool: "colpatch", subcommand: "merge",
    synopses: ["BASE OURS THEIRS [-o OUT | -i] [--conflicts FILE]"],
    abstract: "merge two snapshots made from one base, record by record",
    overview: """
      Merge THEIRS's changes since BASE into OURS, record by record: records are matched \
      by key across the three snapshots, a record changed on one side takes that change, \
      one changed on both sides takes both sides' field changes, and inserts and moves \
      go after the record that precedes them (ours first). A field changed to different \
      values, a record deleted on one side and changed on the other, or a key inserted \
      on both sides with different content is a conflict: OURS's side is kept and the \
      conflict is printed on standard error. The merged snapshot is written to standard \
      output, to OUT, or into OURS with `-i`, git's merge driver form: \
      `git config merge.coldiff.driver 'colpatch merge %O %A %B -i --path %P'` with \
      `*.json merge=coldiff` (and `*.csv`, `*.jsonl` likewise) in `.gitattributes`.
      """,
    flags: ColpatchFlags.merge,
    exitStatuses: exitStatuses("merged cleanly", "merged with conflicts (OURS's side kept)"))

  /// `colpatch reverse`.
  public static let reverse = CommandDescription(
    tool: "colpatch", subcommand: "reverse",
    synopses: ["PATCH"],
    abstract: "print the patch that undoes a patch",
    overview: """
      Print the patch that undoes PATCH. An RFC 6902 patch needs its test guards (as \
      coldiff writes them without `--no-test`); a diff document always reverses. A PATCH \
      of `-` is standard input.
      """,
    flags: ColpatchFlags.reverse,
    exitStatuses: [
      ExitStatusDescription(code: 0, meaning: "reversed"),
      ExitStatusDescription(
        code: 2, meaning: "trouble: bad usage, malformed or unguarded patch"),
    ])

  /// `colpatch help`.
  public static let help = CommandDescription(
    tool: "colpatch", subcommand: "help",
    synopses: ["[COMMAND]"],
    abstract: "print the help of colpatch or of one command",
    overview: """
      Print the help of colpatch, or of COMMAND: `colpatch help apply` prints what \
      `colpatch apply --help` prints.
      """,
    flags: ColpatchFlags.help,
    exitStatuses: [
      ExitStatusDescription(code: 0, meaning: "help printed"),
      ExitStatusDescription(code: 2, meaning: "unknown command"),
    ])

  /// `colpatch` itself, with its subcommands.
  public static let command = CommandDescription(
    tool: "colpatch",
    synopses: [
      "apply " + apply.synopses[0], "check " + check.synopses[0],
      "merge " + merge.synopses[0], "reverse " + reverse.synopses[0],
      "help " + help.synopses[0],
    ],
    abstract: "apply, check, merge and reverse patches of collections of records",
    overview: """
      Apply an RFC 6902 JSON Patch or a coldiff diff document to a snapshot of a collection \
      (a JSON array or object, JSON Lines, CSV or TSV), check that it applies, or reverse \
      it. A diff document applies by key, so it still applies to a target whose other \
      records changed. The result keeps the target's form and untouched records' bytes. \
      `merge` merges two snapshots made from one base, record by record.
      """,
    flags: ColpatchFlags.topLevel,
    subcommands: [apply, check, merge, reverse, help],
    exitStatuses: [
      ExitStatusDescription(code: 0, meaning: "applied, or applies cleanly, or merged cleanly"),
      ExitStatusDescription(
        code: 1, meaning: "does not apply (nothing written), or merged with conflicts"),
      ExitStatusDescription(code: 2, meaning: "trouble: bad usage, unreadable or malformed input"),
    ])

  /// Parses `colpatch`'s arguments into what the command should do.
  ///
  /// The first operand names the subcommand; before it only `-h/--help`
  /// and `--version` are accepted. `colpatch help COMMAND` answers as
  /// `colpatch COMMAND --help` does, and `--help` and `--version` are
  /// accepted at every level.
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: The help or version text to print, the subcommand to run,
  ///   or the usage error to report (exit 2).
  public static func parse(_ arguments: [String]) -> Result<ColpatchInvocation, UsageError> {
    Result { () throws(UsageError) in try invocation(arguments) }
  }

  private static func invocation(_ arguments: [String]) throws(UsageError) -> ColpatchInvocation {
    // Read the options before the subcommand.
    let leading = arguments.prefix { $0.hasPrefix("-") && $0 != "-" && $0 != "--" }
    var rest = arguments.dropFirst(leading.count)
    if rest.first == "--" { rest = rest.dropFirst() }
    let lexer = ArgumentLexer(command: command)
    if let request = lexer.helpOrVersionRequest(in: Array(leading)) {
      return answer(request, about: command)
    }
    try rejectSubcommandFlags(in: leading)
    let typed = try lexer.lex(Array(leading))
    if let request = typed.helpOrVersion { return answer(request, about: command) }
    guard let name = rest.first else {
      throw UsageError(
        "missing command (" + command.subcommands.compactMap(\.subcommand).joined(separator: ", ")
          + ")", in: command)
    }
    // Read the subcommand's own arguments.
    let subcommand = try named(name)
    let subArguments = Array(rest.dropFirst())
    let subLexer = ArgumentLexer(command: subcommand)
    if let request = subLexer.helpOrVersionRequest(in: subArguments) {
      return answer(request, about: subcommand)
    }
    let subTyped = try subLexer.lex(subArguments)
    if let request = subTyped.helpOrVersion { return answer(request, about: subcommand) }
    switch subcommand {
    case apply: return .run(.apply(try resolveApply(subTyped)))
    case check: return .run(.check(try resolveCheck(subTyped)))
    case merge: return .run(.merge(try resolveMerge(subTyped)))
    case reverse: return .run(.reverse(try resolveReverse(subTyped)))
    default: return try resolveHelp(subTyped)
    }
  }

  /// Reports a subcommand's flag typed before the subcommand, which the
  /// lexer would call unknown.
  private static func rejectSubcommandFlags(in leading: ArraySlice<String>) throws(UsageError) {
    for argument in leading {
      let name = String(argument.split(separator: "=", maxSplits: 1)[0])
      let owners = command.subcommands.filter { subcommand in
        subcommand.flags.contains { $0.longSpelling == name || $0.shortSpelling == name }
          && !command.flags.contains { $0.longSpelling == name || $0.shortSpelling == name }
      }
      if owners.isEmpty { continue }
      let names = owners.compactMap(\CommandDescription.subcommand).joined(separator: ", ")
      throw UsageError(
        "option '\(name)' belongs after the command (\(names))", in: command)
    }
  }

  private static func named(_ name: String) throws(UsageError) -> CommandDescription {
    if let subcommand = command.subcommand(named: name) { return subcommand }
    var message = "unknown command '\(name)'"
    let names = command.subcommands.compactMap(\.subcommand)
    if let suggestion = Suggestion.nearest(to: name, among: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw UsageError(message, in: command)
  }

  private static func answer(
    _ request: Flag, about subcommand: CommandDescription
  ) -> ColpatchInvocation {
    request == CommonFlags.version
      ? .version(command.tool + " " + ToolVersion.current + "\n")
      : .help(HelpRenderer.render(subcommand))
  }

  private static func resolveApply(
    _ typed: TypedArguments
  ) throws(UsageError) -> ColpatchApplyOptions {
    let (patch, target) = try patchAndTarget(typed)
    var options = ColpatchApplyOptions(patch: patch, target: target)
    options.output = try typed.value(of: ColpatchFlags.output)
    options.inPlace = typed.contains(ColpatchFlags.inPlace)
    options.inputFormat = try typed.value(of: ColpatchFlags.input).flatMap {
      InputFormat(argument: $0)
    }
    options.delimiter = try CommonFlags.delimiter(in: typed, command: apply)
    (options.memory, options.temporaryDirectory) = try memory(in: typed, command: apply)
    if options.inPlace && options.output != nil {
      throw UsageError("'-o/--output' and '-i/--in-place' cannot be used together", in: apply)
    }
    if options.inPlace && target == "-" {
      throw UsageError("'-i/--in-place' needs a TARGET file, not standard input", in: apply)
    }
    return options
  }

  private static func resolveCheck(
    _ typed: TypedArguments
  ) throws(UsageError) -> ColpatchCheckOptions {
    let (patch, target) = try patchAndTarget(typed)
    let inputFormat = try typed.value(of: ColpatchFlags.input).flatMap { InputFormat(argument: $0) }
    var options = ColpatchCheckOptions(patch: patch, target: target, inputFormat: inputFormat)
    options.delimiter = try CommonFlags.delimiter(in: typed, command: check)
    (options.memory, options.temporaryDirectory) = try memory(in: typed, command: check)
    return options
  }

  private static func resolveMerge(
    _ typed: TypedArguments
  ) throws(UsageError) -> ColpatchMergeOptions {
    let operands = typed.operands
    let names = ["BASE", "OURS", "THEIRS"]
    guard operands.count >= 3 else {
      throw UsageError(
        "missing operand" + (operands.count == 2 ? " " : "s ")
          + names[operands.count...].joined(separator: " and "), in: merge)
    }
    if operands.count > 3 {
      throw UsageError("unexpected operand '\(operands[3])'", in: merge)
    }
    if operands.filter({ $0 == "-" }).count > 1 {
      throw UsageError("at most one of BASE, OURS and THEIRS can be standard input", in: merge)
    }
    var options = ColpatchMergeOptions(base: operands[0], ours: operands[1], theirs: operands[2])
    options.output = try typed.value(of: ColpatchFlags.mergeOutput)
    options.inPlace = typed.contains(ColpatchFlags.mergeInPlace)
    options.conflictsFile = try typed.value(of: ColpatchFlags.conflicts)
    options.detectionName = try typed.value(of: ColpatchFlags.mergePath)
    options.unordered = typed.contains(ColdiffFlags.unordered)
    options.inputFormat = try typed.value(of: ColpatchFlags.mergeInput).flatMap {
      InputFormat(argument: $0)
    }
    try ComparisonArguments.read(typed, into: &options)
    options.treeField = try ComparisonArguments.field(ColpatchFlags.mergeTree, in: typed)
    if options.treeField != nil && options.unordered {
      throw UsageError(
        "'--tree' and '--unordered' cannot be used together: the children of a record are "
          + "ordered", in: merge)
    }
    if options.inPlace && options.output != nil {
      throw UsageError("'-o/--output' and '-i/--in-place' cannot be used together", in: merge)
    }
    if options.inPlace && options.ours == "-" {
      throw UsageError("'-i/--in-place' needs an OURS file, not standard input", in: merge)
    }
    return options
  }

  private static func resolveReverse(
    _ typed: TypedArguments
  ) throws(UsageError) -> ColpatchReverseOptions {
    let operands = typed.operands
    guard let patch = operands.first else {
      throw UsageError("missing operand PATCH", in: typed.command)
    }
    if operands.count > 1 {
      throw UsageError("unexpected operand '\(operands[1])'", in: typed.command)
    }
    return ColpatchReverseOptions(patch: patch)
  }

  private static func resolveHelp(_ typed: TypedArguments) throws(UsageError) -> ColpatchInvocation
  {
    let operands = typed.operands
    if operands.count > 1 {
      throw UsageError("unexpected operand '\(operands[1])'", in: typed.command)
    }
    guard let name = operands.first else { return .help(HelpRenderer.render(command)) }
    return .help(HelpRenderer.render(try named(name)))
  }

  /// PATCH and TARGET (`-` when absent), checked to read standard input
  /// at most once.
  private static func patchAndTarget(
    _ typed: TypedArguments
  ) throws(UsageError) -> (patch: String, target: String) {
    let operands = typed.operands
    guard let patch = operands.first else {
      throw UsageError("missing operand PATCH", in: typed.command)
    }
    if operands.count > 2 {
      throw UsageError("unexpected operand '\(operands[2])'", in: typed.command)
    }
    let target = operands.count == 2 ? operands[1] : "-"
    if patch == "-" && target == "-" {
      throw UsageError(
        "PATCH and TARGET cannot both be standard input (TARGET defaults to '-')",
        in: typed.command)
    }
    return (patch, target)
  }
}
