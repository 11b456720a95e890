import ColdiffEngine
import ColdiffFormats

/// What each output format prints of a comparison, flat or tree, each
/// made only when its format is chosen.
struct ComparisonOutput {
  /// Whether the inputs differ (the exit status).
  let hasDifferences: Bool
  /// The one-line summary (`-f stat`).
  let summary: () -> String
  /// The diff document (`-f json`).
  let document: () -> DiffDocument
  /// The RFC 6902 patch, with or without test guards (`-f patch`).
  let patch: (_ guards: Bool) -> [UInt8]
  /// The text report (`-f text`).
  let text: () -> String
  /// The changes for the Markdown and HTML reports, at most the given
  /// number of them, or all for `nil`.
  let changes: (_ limit: Int?) -> ReportChanges
  /// Writes the diff document's text as `document()`'s would be written
  /// (`DiffDocument.write(to:flushingAt:_:)`), without building it, when
  /// the comparison can (flat or tree, its lists written on both cores),
  /// running the work it is given on the other core while it writes.
  var writeDocument: ((inout [UInt8], Int, () -> Void, ([UInt8]) -> Void) -> Void)? = nil
}

extension ColdiffRun {
  /// Prints a comparison in the chosen format.
  ///
  /// - Parameters:
  ///   - output: the comparison's outputs.
  ///   - header: printed before the report (git's driver forms).
  ///   - title: how the Markdown and HTML reports name the two inputs.
  /// - Returns: 0 no differences, 1 differences, 2 trouble writing.
  func emit(_ output: ComparisonOutput, header: String?, title: String) -> ExitStatus {
    let status: ExitStatus = output.hasDifferences ? .differences : .success
    guard !options.quiet else { return status }
    var out = Array((header ?? "").utf8)
    switch options.outputFormat {
    case .stat: out += Array((output.summary() + "\n").utf8)
    case .json:
      // Written a piece at a time: a large document is not held whole
      // as text.
      var failed = false
      let flush = { (piece: [UInt8]) in failed = failed || !console.output(piece) }
      if let writeDocument = output.writeDocument {
        // The inputs are read no more once the lists are made: their
        // pages go on the other core while this one writes, not after.
        writeDocument(&out, 1 << 20, { MappedInputs.letGoBeforeExit(onEveryCore: false) }, flush)
      } else {
        let document = output.document()
        document.write(to: &out, flushingAt: 1 << 20, flush)
        // Its values go with the process, not one by one (a tree's
        // document holds every changed record's).
        io.leaveForExit(document)
      }
      if failed { return .trouble }
    case .patch:
      out += RawJSONPatch.prefixing(output.patch(!options.noTest), with: options.root ?? .root)
    case .text: out += Array(output.text().utf8)
    case .markdown:
      out += Array(
        MarkdownReport(limit: options.limit ?? 100, title: title).render(
          output.changes(options.limit ?? 100)
        ).utf8)
    case .html: out += HTMLReport(title: title).render(output.changes(nil))
    }
    return console.output(out) ? status : .trouble
  }
}
