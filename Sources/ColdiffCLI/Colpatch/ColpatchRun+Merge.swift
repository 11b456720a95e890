import ColdiffEngine
import ColdiffFormats

extension ColpatchRun {
  /// `colpatch merge BASE OURS THEIRS [-o OUT | -i] [--conflicts FILE]`
  /// (SPEC §8.4): the merged snapshot on standard output, in OUT, or in
  /// OURS; each conflict one line on standard error, and in FILE as a
  /// JSON document.
  ///
  /// - Returns: 0 merged cleanly, 1 merged with conflicts, 2 trouble.
  func merge(_ options: ColpatchMergeOptions) throws -> ExitStatus {
    let progress = io.progress(tool: "colpatch")
    defer { progress?.finish() }
    progress?.stage("reading")
    let before = options.inPlace ? AtomicFileWriter.snapshot(of: options.ours) : nil
    let (base, ours, theirs) = try readThree(options)
    progress?.stage("merging")
    let merge = try ThreeWayMerge(
      base: base, ours: ours, theirs: theirs, keys: options.keyFields,
      ignored: options.ignoredFields, unordered: options.unordered)
    progress?.stage("writing")
    if let file = options.conflictsFile {
      try AtomicFileWriter.write(MergeConflict.document(merge.conflicts), to: file)
    }
    let status: ExitStatus = merge.conflicts.isEmpty ? .success : .differences
    if options.inPlace {
      try write(merge.merged, to: options.ours, expected: before, durable: true)
    } else if let output = options.output, output != "-" {
      try write(merge.merged, to: output, expected: nil, durable: false)
    } else if !console.output(try merge.merged.written()) {
      return .trouble
    }
    progress?.finish()
    for conflict in merge.conflicts { console.error("conflict: " + conflict.line) }
    return status
  }

  /// Reads BASE, OURS and THEIRS: BASE and THEIRS on one core while OURS
  /// is read on the other. An empty BASE file (git's merge of a file both
  /// branches added) is an empty collection of OURS's form.
  private func readThree(_ options: ColpatchMergeOptions) throws -> (Snapshot, Snapshot, Snapshot) {
    let format = options.inputFormat
    let standardInput = io.standardInput
    // The likely key is noted while scanning: `--key NAME`, or `id`.
    let keys = options.keyFields
    let keyName: [UInt8]? =
      keys.isEmpty
      ? Array("id".utf8) : keys.count == 1 && keys[0].tokens.count == 1 ? keys[0].tokens[0] : nil
    func load(_ path: String, emptyAllowed: Bool = false) throws -> Snapshot? {
      let input = try InputFile(path: path, standardInput: standardInput)
      if emptyAllowed && input.bytes.isEmpty { return nil }
      return try Snapshot(
        input, detectionName: options.detectionName, override: format, keyName: keyName)
    }
    let ((base, theirs), ours) = try Parallel.both(
      { (try load(options.base, emptyAllowed: true), try load(options.theirs)) },
      { try load(options.ours) })
    guard let ours, let theirs else { preconditionFailure("only BASE may be empty") }
    return (base ?? Snapshot(emptyLike: ours, name: options.base), ours, theirs)
  }
}
