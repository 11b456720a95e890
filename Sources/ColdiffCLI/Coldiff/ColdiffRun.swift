import ColdiffCore
import ColdiffEngine
import ColdiffFormats

/// One run of `coldiff` with validated options: the plain form `OLD NEW`,
/// git's external diff driver forms, and `--textconv`.
struct ColdiffRun {
  let options: ColdiffOptions
  let io: ToolIO
  let console: Console

  /// Does what the options say.
  ///
  /// - Returns: 0 no differences, 1 differences (in git's driver forms 0
  ///   unless git trusts the exit code), 2 trouble.
  /// - Throws: `InputError` or `Diagnostic` for trouble.
  func run() throws -> ExitStatus {
    if let file = options.textconvFile { return try textconv(file) }
    if options.combine { return try combine() }
    let operands = options.operands
    switch operands.count {
    case 1:
      return console.output(options.quiet ? "" : "* Unmerged path \(operands[0])\n")
        ? .success : .trouble
    case 7, 9:
      return try driver(operands)
    default:
      if io.environment["GIT_DIFF_PATH_TOTAL"] != nil { return try difftool(operands) }
      return try compare(
        oldPath: operands[0], newPath: operands[1], detectionNames: (nil, nil), header: nil)
    }
  }

  /// Compares two files and prints the result in the chosen format.
  ///
  /// - Parameters:
  ///   - oldPath: OLD's file.
  ///   - newPath: NEW's file.
  ///   - detectionNames: the names whose extensions decide OLD's and
  ///     NEW's forms (git's paths: a rename may change the extension),
  ///     `nil` for the files' own names.
  ///   - header: printed before the report (git's driver forms).
  func compare(
    oldPath: String, newPath: String, detectionNames: (old: String?, new: String?),
    header: String?
  ) throws -> ExitStatus {
    if let budget = try bucketBudget(oldPath: oldPath, newPath: newPath) {
      return try compareInBuckets(
        oldPath: oldPath, newPath: newPath, detectionNames: detectionNames, header: header,
        budget: budget, title: title(oldPath, newPath, detectionNames))
    }
    MallocTuning.applyForRunInMemory()
    let progress = io.progress(tool: "coldiff")
    defer { progress?.finish() }
    progress?.stage("reading")
    if let field = options.treeField {
      return try compareTrees(
        oldPath, newPath, detectionNames: detectionNames, field: field, header: header,
        title: title(oldPath, newPath, detectionNames))
    }
    // OLD's keys and key table (a table's key column, a JSON collection's
    // key member) are made while NEW is read.
    var early: EarlyKeys?
    let (old, new) = try loadSnapshots(oldPath, newPath, detectionNames: detectionNames) {
      old, loadNew in
      let (keys, new) = try Parallel.both(
        { () throws(any Error) in old.earlyKeys() }, { () throws(any Error) in try loadNew(nil) })
      early = keys
      return new
    }
    progress?.stage("matching")
    let identity = try Identity.resolve(keys: options.keyFields, old: old, new: new)
    try checkFields(old: old, new: new, identity: identity)
    let rules = options.rules
    // OLD's table of keys is built while NEW's keys are hashed, unless it
    // was while NEW was read (a duplicate in OLD leaves it to the
    // comparison to report); what was made then is handed over, so that
    // nothing here holds the keys once they are matched.
    var oldMade = old.keysAndTable(early, for: identity)
    early = nil
    let shard = options.shard.flatMap { Shard(index: $0.index, count: $0.count) }
    // NEW's keys are matched unhashed: the matching hashes only those it
    // looks up in OLD's hash table (none when OLD's keys ascend). Those
    // its scan left to the OLD records it took whole stay empty, and
    // those records are matched to them (a shard hashes every key).
    let newPartners = shard == nil ? new.keysLeftToPartners(for: identity) : nil
    let ((oldKeys, oldTable), newKeys) = try Parallel.both(
      {
        if let made = oldMade.take() { return made }
        let keys = try old.keyArena(for: identity, rules: rules)
        return (keys, identity == .wholeValue ? nil : try? KeyTable(keys))
      },
      {
        try new.keyArena(
          for: identity, rules: rules, hashing: false, partnersStandIn: newPartners != nil)
      })
    let newMembers = shard?.members(of: newKeys) ?? []
    let oldMembers = shard?.members(of: oldKeys) ?? []
    // The keys are handed over: their memory goes once they are matched.
    let comparison = try Comparison(
      old: old, new: new, identity: identity, rules: rules,
      ordered: !options.unordered && identity != .memberName, oldKeys: consume oldKeys,
      newKeys: consume newKeys, newPartners: newPartners,
      comparing: shard.map { _ in { newMembers[$0] } }, oldTable: consume oldTable)
    if let shard {
      return try writeShard(shard, of: comparison, oldMembers: oldMembers, newMembers: newMembers)
    }
    progress?.stage("writing")
    // The output reads OLD where the comparison left it: OLD's pages
    // stay (those a JSON OLD kept for NEW's scan and the comparison, or
    // that they mapped again in a table's, let go behind NEW's scan);
    // letting them go here cost more than reading them. Only an OLD
    // large against the memory lets them go behind every walk
    // (`InputFile.largeFileBytes`).
    let status = emit(comparison, header: header, title: title(oldPath, newPath, detectionNames))
    io.leaveForExit(comparison)
    return status
  }

  /// Prints a flat comparison in the chosen format.
  ///
  /// - Parameters:
  ///   - comparison: what to print.
  ///   - header: printed before the report (git's driver forms).
  ///   - title: how the Markdown and HTML reports name the two inputs.
  /// - Returns: 0 no differences, 1 differences, 2 trouble writing.
  func emit(_ comparison: Comparison, header: String?, title: String) -> ExitStatus {
    emit(
      ComparisonOutput(
        hasDifferences: comparison.hasDifferences,
        summary: { ReportStyle.summary(comparison.diff) }, document: comparison.document,
        patch: comparison.patch(guards:),
        text: { TextReport(style: reportStyle).render(comparison) },
        changes: { ReportChanges(comparison, limit: $0) },
        writeDocument: comparison.writeDocument(to:flushingAt:alongside:_:)),
      header: header, title: title)
  }

  /// Reads and indexes OLD, then NEW; `/dev/null` (git's
  /// added or deleted file) is an empty collection of the other's form.
  ///
  /// - Parameters:
  ///   - treeNames: the names to lay OLD, and then NEW, out as trees by
  ///     while they are read (`--tree`).
  ///   - loadingNew: called with OLD once it is read (when it is not
  ///     `/dev/null`) and with the function that reads NEW given OLD's
  ///     nodes as a tree (`--tree`); returns what that function returns.
  func loadSnapshots(
    _ oldPath: String, _ newPath: String, detectionNames: (old: String?, new: String?),
    treeNames: JSONTreeNames? = nil,
    loadingNew: (Snapshot, (JSONKnownNodes?) throws -> Snapshot?) throws -> Snapshot? = {
      try $1(nil)
    }
  ) throws -> (Snapshot, Snapshot) {
    let format = options.inputFormat
    let standardInput = io.standardInput
    let keyName = Identity.likelyKeyName(keys: options.keyFields)
    func open(_ path: String, releasingFrom threshold: Int) throws -> InputFile? {
      path == "/dev/null"
        ? nil
        : try InputFile(path: path, standardInput: standardInput, releasingFrom: threshold)
    }
    // Both opened first; an error waits for its side's turn, so that
    // OLD's, even a malformed OLD's, comes first. OLD keeps its pages
    // for NEW's scan, which reads them again; NEW lets them go behind
    // its walks in a flat run. A tree's NEW keeps them, as OLD does:
    // its comparison and document read NEW's nodes all over, which
    // mapped its pages again whole (at 1M nodes the peak RSS was 652 MB
    // either way, and letting them go cost 3.6% of the run).
    let newThreshold =
      options.treeField == nil ? InputFile.comparedInputBytes : InputFile.largeFileBytes
    let (oldInput, newInput) = (
      Result { try open(oldPath, releasingFrom: InputFile.largeFileBytes) },
      Result { try open(newPath, releasingFrom: newThreshold) }
    )
    func load(
      _ input: Result<InputFile?, any Error>, detectionName: String?, reference: Snapshot?,
      nodes: JSONKnownNodes?, tree: JSONTreeNames? = nil
    ) throws -> Snapshot? {
      guard let input = try input.get() else { return nil }
      return try Snapshot(
        input, detectionName: detectionName, override: format, keyName: keyName,
        root: options.root, delimiter: options.delimiter, reference: reference,
        knownNodes: nodes, tree: tree)
    }
    // OLD first, in chunks on every core; then NEW, which takes the
    // records it has in common with OLD whole instead of validating them.
    let old = try load(
      oldInput, detectionName: detectionNames.old, reference: nil, nodes: nil, tree: treeNames)
    func loadNew(nodes: JSONKnownNodes?) throws -> Snapshot? {
      try load(
        newInput, detectionName: detectionNames.new, reference: old, nodes: nodes, tree: treeNames)
    }
    let new = try old.map { try loadingNew($0, loadNew) } ?? loadNew(nodes: nil)
    // Notes in a fixed order, OLD's first.
    if let old { console.noteDelimiter(of: old, name: detectionNames.old ?? oldPath) }
    if let new { console.noteDelimiter(of: new, name: detectionNames.new ?? newPath) }
    switch (old, new) {
    case (let old?, let new?): return (old, new)
    case (let old?, nil): return (old, Snapshot(emptyLike: old, name: newPath))
    case (nil, let new?): return (Snapshot(emptyLike: new, name: oldPath), new)
    case (nil, nil): throw Diagnostic("both OLD and NEW are /dev/null")
    }
  }

  /// `OLD → NEW` for a report's title: git's paths in its driver forms.
  private func title(_ oldPath: String, _ newPath: String, _ names: (old: String?, new: String?))
    -> String
  {
    "\(names.old ?? oldPath) → \(names.new ?? newPath)"
  }

  /// The text reports' style as this terminal or pipe wants it.
  var reportStyle: ReportStyle {
    let color: Bool
    switch options.color {
    case .always: color = true
    case .never: color = false
    case .auto: color = io.outputIsTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty
    }
    let width =
      io.outputIsTerminal ? io.terminalWidth : io.environment["COLUMNS"].flatMap { Int($0) }
    return ReportStyle(color: color, width: width, limit: options.limit)
  }
}
