import ColdiffEngine
import ColdiffFormats

/// The colpatch commands.
struct ColpatchRun {
  let io: ToolIO
  let console: Console

  /// `colpatch apply PATCH [TARGET] [-o OUT | -i]`: the patched target on
  /// standard output, in OUT, or back in TARGET; written atomically, and
  /// not at all when any operation fails. An OUT of `-` is standard output,
  /// as with `patch -o -`.
  func apply(_ options: ColpatchApplyOptions) throws -> ExitStatus {
    let progress = io.progress(tool: "colpatch")
    defer { progress?.finish() }
    progress?.stage("applying")
    let before = options.inPlace ? AtomicFileWriter.snapshot(of: options.target) : nil
    let budget = targetBudget(
      memory: options.memory, temporaryDirectory: options.temporaryDirectory,
      patchPath: options.patch, targetPath: options.target)
    let target = try patched(
      patchPath: options.patch, targetPath: options.target, inputFormat: options.inputFormat,
      delimiter: options.delimiter, budget: budget)
    defer { io.leaveForExit(target) }
    let path: String
    if options.inPlace {
      path = options.target
    } else if let output = options.output, output != "-" {
      path = output
    } else if budget != nil {
      let written = try streamOutput(target)
      progress?.finish()
      return written ? .success : .trouble
    } else {
      let result = try target.written()
      progress?.finish()
      return console.output(result) ? .success : .trouble
    }
    try write(target, to: path, expected: before, durable: options.inPlace)
    progress?.finish()
    return .success
  }

  /// Writes `target` to the file `path` atomically. The result streams
  /// into the temporary file in pieces of about ``writeBuffer`` bytes,
  /// each written on a thread of its own while the next is made (see
  /// ``write(_:into:name:pieceSize:)``); with `durable` (it replaces a file the
  /// user named as input, the only copy of the data) it is flushed to the
  /// disk before the rename.
  func write(
    _ target: PatchTarget, to path: String, expected: AtomicFileWriter.Snapshot?, durable: Bool
  )
    throws
  {
    // The result is about the target's size: room set aside for a
    // sixteenth more.
    let size = target.snapshot.bytes.count
    try AtomicFileWriter.write(
      to: path, expected: expected, keepPermissions: true, durable: durable,
      sizeHint: size + size / 16
    ) { descriptor in
      try ColpatchRun.write(
        target, into: descriptor, name: path, pieceSize: ColpatchRun.writeBuffer)
    }
  }

  /// Writes `target` into the open file `descriptor` in pieces of about
  /// `pieceSize` bytes, each written on a thread of its own while the
  /// next is made, its untouched records straight from the target's
  /// bytes; `name` names the file in errors.
  ///
  /// - Throws: `InputError` when a piece cannot be written, or what
  ///   writing the target throws; the writing thread is done with the
  ///   descriptor either way.
  static func write(
    _ target: PatchTarget, into descriptor: Int32, name: String, pieceSize: Int
  ) throws {
    try target.snapshot.bytes.withUnsafeBufferPointer { source in
      let writer = BackgroundFileWriter(descriptor: descriptor, name: name, source: source)
      defer { try? writer.finish() }
      var buffer: [UInt8] = []
      buffer.reserveCapacity(pieceSize + (1 << 16))
      // The target's untouched records go from the target itself, never
      // copied here: a piece names them (with their bytes, about
      // `pieceSize` in all, and at most `runsPerPiece` of them).
      var runs: [BackgroundFileWriter.SourceRun] = []
      var runBytes = 0
      func flush(_ bytes: inout [UInt8]) throws {
        try writer.hand(&bytes, runs: &runs)
        runBytes = 0
        target.pages.release()
      }
      func passOn(_ bytes: inout [UInt8], _ run: Range<Int>) throws -> Bool {
        runs.append((bytes.count, run))
        runBytes += run.count
        if bytes.count + runBytes >= pieceSize || runs.count >= runsPerPiece { try flush(&bytes) }
        return true
      }
      try target.write(to: &buffer, flushingAbove: pieceSize, passingOn: passOn, flush: flush)
      try flush(&buffer)
      try writer.finish()
    }
  }

  /// How many runs of the target one piece of the result names at most.
  static let runsPerPiece = 512

  /// How many bytes of the result gather before they go to the file.
  static let writeBuffer = 1 << 20

  /// `colpatch check PATCH [TARGET]`: 0 when the patch applies cleanly, 1
  /// when it does not, with every conflict on its own line (at most 50,
  /// then `… and N more`).
  func check(_ options: ColpatchCheckOptions) throws -> ExitStatus {
    let target: PatchTarget
    let budget = targetBudget(
      memory: options.memory, temporaryDirectory: options.temporaryDirectory,
      patchPath: options.patch, targetPath: options.target)
    do {
      target = try patched(
        patchPath: options.patch, targetPath: options.target, inputFormat: options.inputFormat,
        delimiter: options.delimiter, budget: budget)
    } catch let conflicts as PatchConflicts {
      // Every conflict, one a line (SPEC §8.1.6).
      for line in conflicts.lines() { console.error(line) }
      return .differences
    }
    // Writing finds what the target's form cannot hold.
    var scratch: [UInt8] = []
    try target.write(to: &scratch, flushingAbove: 1 << 16) { bytes in
      bytes.removeAll(keepingCapacity: true)
      target.pages.release()
    }
    return .success
  }

  /// `colpatch reverse PATCH`: the patch that undoes PATCH.
  func reverse(_ options: ColpatchReverseOptions) throws -> ExitStatus {
    let input = try InputFile(path: options.patch, standardInput: io.standardInput)
    let bytes: [UInt8]
    do {
      switch try PatchDocument(bytes: Array(input.bytes)) {
      case .jsonPatch(let patch): bytes = try patch.reversed().bytes
      case .diff(let document): bytes = document.reversed().bytes
      }
    } catch {
      throw error.inFile(input.name)
    }
    return console.output(bytes) ? .success : .trouble
  }

  /// The target with the patch applied.
  private func patched(
    patchPath: String, targetPath: String, inputFormat: InputFormat?, delimiter: UInt8?,
    budget: TargetBudget? = nil
  ) throws -> PatchTarget {
    // Under a budget the patch file's pages go once it is copied.
    let patchInput = try InputFile(
      path: patchPath, standardInput: io.standardInput, releasingPages: budget == nil ? nil : true)
    let kind = patchInput.bytes.withUnsafeBufferPointer { PatchDocument.Kind(opening: $0) }
    // Copied while the target is read (12 MB at 1M records, and its
    // fresh pages, were some 10 ms before the scan began).
    func parsePatch() throws -> PatchInput {
      let patchBytes = patchInput.bytes.withUnsafeBufferPointer { Array($0) }
      patchInput.bytes.releasePages(0..<patchInput.bytes.count)
      return try PatchInput(patchBytes, kind: kind, name: patchInput.name)
    }
    let format = inputFormat
    // A diff document (an object, not an array) finds records by key: the
    // scan notes `id` (coldiff's default key), so no second pass looks
    // for it.
    let keyName = kind == .diff ? Array("id".utf8) : nil
    let standardInput = io.standardInput
    func readTarget() throws -> (InputFile, Snapshot, IndexedKeys?, PatchTarget) {
      let input = try ColpatchRun.readTarget(
        targetPath, standardInput: standardInput, budget: budget)
      let snapshot = try Snapshot(
        input, override: format, keyName: keyName, delimiter: delimiter)
      // Under a budget, what the scan's chunks freed leaves the process
      // before the steps that follow allocate on other threads.
      if budget != nil { FreedMemory.giveBack() }
      // A diff document finds records by key: index them on this core,
      // and make the target to patch here too.
      let indexed = keyName == nil ? nil : IndexedKeys.byDefaultKey(of: snapshot)
      return (input, snapshot, indexed, PatchTarget(snapshot))
    }
    // Parse the patch while the target is read and scanned.
    var (document, (input, snapshot, indexed, target)) = try Parallel.both(
      parsePatch, readTarget)
    console.noteDelimiter(of: snapshot, name: targetPath)
    // A collection inside the document (`--root`) is read again there.
    if let root = try ColpatchRun.root(of: document, in: snapshot) {
      snapshot = try Snapshot(input, override: format, keyName: keyName, root: root)
      indexed = keyName == nil ? nil : IndexedKeys.byDefaultKey(of: snapshot)
      target = PatchTarget(snapshot)
      if case .raw(let patch) = document { document = .raw(patch.relative(to: root)) }
    }
    try ColpatchRun.checkBudget(
      budget, target: snapshot, patchBytes: patchInput.bytes.count, byKey: kind == .diff)
    do {
      switch document {
      case .raw(let patch):
        do {
          try target.apply(patch)
        } catch {
          // Name the operation's path in the whole document.
          var error = error
          error.path = JSONPointer(
            tokens: (snapshot.root?.pointer.tokens ?? []) + error.path.tokens)
          throw error
        }
      case .document(.jsonPatch(let patch)): try patch.apply(to: &target)
      case .document(.diff(let diff)): try target.apply(diff, indexed: indexed)
      }
    } catch {
      throw ColpatchRun.conflicts(error, of: document, on: snapshot, indexed: indexed)
    }
    // The patch's operations, each with its values, are left to the exit.
    io.leaveForExit(document)
    return target
  }
}

extension ColpatchRun {
  /// The collection inside the target that a patch applies to: the root a
  /// diff document's rules name, or for an RFC 6902 patch the array all
  /// its operations lie in, in a target that is a JSON object (a wrapped
  /// collection, as `coldiff --root` patches it); `nil` for the whole
  /// target.
  fileprivate static func root(of patch: PatchInput, in target: Snapshot) throws -> JSONPointer? {
    switch patch {
    case .document(.diff(let document)):
      return try ComparisonRules(document: document.rules).root
    case .raw(let raw):
      return target.form == .jsonObject
        ? DocumentRoot.enclosingArray(of: raw, in: target.bytes) : nil
    case .document(.jsonPatch):
      return nil
    }
  }
}

/// A patch as colpatch read it.
enum PatchInput {
  /// An RFC 6902 patch in its plain form, values left as bytes.
  case raw(RawJSONPatch)
  /// Any patch document, read whole.
  case document(PatchDocument)

  /// Reads the patch `bytes` (of `kind`, from the file `name`) to apply
  /// it, on the core that is not reading the target.
  ///
  /// A patch in the plain form keeps its values as bytes (the records it
  /// adds are written from them, a table's rows by their members). So
  /// does a diff document's record of each delete (compared with the
  /// target's bytes); its inserted records are built. Any other patch is
  /// read whole (which names what is wrong with a bad one).
  ///
  /// - Throws: `InputError` naming the file for a patch that cannot be
  ///   read.
  init(_ bytes: [UInt8], kind: PatchDocument.Kind?, name: String) throws {
    if kind == .jsonPatch, let raw = RawJSONPatch(bytes: bytes) {
      self = .raw(raw)
      return
    }
    if kind == .diff, var diff = DiffDocument(keepingRecordBytes: bytes) {
      for index in diff.inserts.indices {
        diff.inserts[index].value = .value(diff.inserts[index].value.built())
      }
      self = .document(.diff(diff))
      return
    }
    do {
      self = .document(try PatchDocument(bytes: bytes))
    } catch {
      throw error.inFile(name)
    }
  }
}
