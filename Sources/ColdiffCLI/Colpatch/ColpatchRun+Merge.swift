import ColdiffEngine
import ColdiffFormats

extension ColpatchRun {
  /// `colpatch merge BASE OURS THEIRS [-o OUT | -i] [--conflicts FILE]`
  /// (SPEC §8.4), of flat collections or, with `--tree`, of trees of
  /// records: the merged snapshot on standard output, in OUT, or in
  /// OURS; each conflict one line on standard error, and in FILE as a
  /// JSON document.
  ///
  /// - Returns: 0 merged cleanly, 1 merged with conflicts, 2 trouble.
  func merge(_ options: ColpatchMergeOptions) throws -> ExitStatus {
    let progress = io.progress(tool: "colpatch")
    defer { progress?.finish() }
    progress?.stage("reading")
    let before = options.inPlace ? AtomicFileWriter.snapshot(of: options.ours) : nil
    let reader = MergeReader(options: options, standardInput: io.standardInput)
    let (base, ours, theirs) = try reader.all()
    progress?.stage("merging")
    let (merged, conflicts): (PatchTarget, [MergeConflict])
    if let field = options.treeField {
      let merge = try TreeMerge(
        base: base, ours: ours, theirs: theirs, field: field, keys: options.keyFields,
        rules: options.rules)
      (merged, conflicts) = (merge.merged, merge.conflicts)
    } else {
      let merge = try ThreeWayMerge(
        base: base, ours: ours, theirs: theirs, keys: options.keyFields, rules: options.rules,
        unordered: options.unordered)
      (merged, conflicts) = (merge.merged, merge.conflicts)
    }
    progress?.stage("writing")
    if let file = options.conflictsFile {
      try AtomicFileWriter.write(MergeConflict.document(conflicts), to: file)
    }
    let status: ExitStatus = conflicts.isEmpty ? .success : .differences
    if options.inPlace {
      try write(merged, to: options.ours, expected: before, durable: true)
    } else if let output = options.output, output != "-" {
      try write(merged, to: output, expected: nil, durable: false)
    } else if !console.output(try merged.written()) {
      return .trouble
    }
    progress?.finish()
    for conflict in conflicts { console.error("conflict: " + conflict.line) }
    io.leaveForExit((merged, base, ours, theirs))
    return status
  }
}

/// How `merge` reads its inputs: in the `--input` form or the one
/// `--path` or each file's name and first bytes tell, noting the likely
/// key while scanning.
private struct MergeReader {
  let options: ColpatchMergeOptions
  let standardInput: Int32

  /// The member name whose value the scan notes: `--key NAME`, or `id`.
  private var keyName: [UInt8]? { Identity.likelyKeyName(keys: options.keyFields) }

  /// The input at `path`, opened.
  private func open(_ path: String) -> Result<InputFile, any Error> {
    Result { try InputFile(path: path, standardInput: standardInput) }
  }

  /// Scans an opened input; `nil` for an empty BASE.
  private func snapshot(
    _ input: Result<InputFile, any Error>, emptyIsNone: Bool, chunking: ScanChunking,
    reference: Snapshot?
  ) throws -> Snapshot? {
    let input = try input.get()
    if emptyIsNone, input.bytes.isEmpty { return nil }
    return try Snapshot(
      input, detectionName: options.detectionName, override: options.inputFormat,
      keyName: keyName, chunking: chunking, reference: reference)
  }

  /// BASE, OURS and THEIRS, opened first; BASE scanned first, in chunks
  /// on every core, then OURS and THEIRS at once, each on a thread of its
  /// own, taking the records they share with BASE whole (an error waits
  /// for its input's turn: BASE's first, then OURS's). An empty BASE file
  /// (git's merge of a file both branches added) is an empty collection
  /// of OURS's form.
  func all() throws -> (Snapshot, Snapshot, Snapshot) {
    let inputs = [open(options.base), open(options.ours), open(options.theirs)]
    let base = try snapshot(inputs[0], emptyIsNone: true, chunking: .automatic, reference: nil)
    let sides = inputs.dropFirst()
    let chunking = ScanChunking.together(sides.map { (try? $0.get())?.bytes ?? SourceBytes() })
    let scanned = try Parallel.each(
      sides.map { input in
        { try snapshot(input, emptyIsNone: false, chunking: chunking, reference: base) }
      })
    guard let ours = scanned[0], let theirs = scanned[1] else {
      preconditionFailure("only BASE may be empty")
    }
    return (base ?? Snapshot(emptyLike: ours, name: options.base), ours, theirs)
  }
}
