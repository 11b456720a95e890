import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// git's external diff driver (SPEC §4.4, §8.1.2): `PATH OLD-FILE
  /// OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`, and for a rename the new
  /// path and git's rename header. A header naming the path(s) comes
  /// first; differences exit 0 unless git trusts the exit code.
  func driver(_ operands: [String]) throws -> ExitStatus {
    let path = operands[0]
    let newPath = operands.count == 9 ? operands[7] : path
    var header = "diff --coldiff a/\(path) b/\(newPath)\n"
    if operands.count == 9, !operands[8].isEmpty {
      header += operands[8].hasSuffix("\n") ? operands[8] : operands[8] + "\n"
    }
    let status = try compareUnderGit(
      files: (operands[1], operands[4]), paths: (path, newPath), header: header)
    let trusted = ["true", "1", "yes"].contains(
      io.environment["GIT_EXTERNAL_DIFF_TRUST_EXIT_CODE"]?.lowercased() ?? "")
    return status == .differences && !trusted ? .success : status
  }

  /// `OLD NEW` run by `git difftool` (`GIT_DIFF_PATH_TOTAL` is set): the
  /// files are git's temporary copies, so a header names the path in the
  /// repository (`BASE`, which `difftool -x` exports, else the name git
  /// kept in its copy), and a file coldiff cannot read is shown line by
  /// line as in the driver. The status stays diff(1)'s: git difftool
  /// ignores it unless `--trust-exit-code`.
  func difftool(_ operands: [String]) throws -> ExitStatus {
    let path = io.environment["BASE"].flatMap { $0.isEmpty ? nil : $0 }
    let names = (
      old: path ?? ColdiffRun.repositoryName(operands[0]),
      new: path ?? ColdiffRun.repositoryName(operands[1])
    )
    return try compareUnderGit(
      files: (operands[0], operands[1]), paths: names,
      header: "diff --coldiff a/\(names.old) b/\(names.new)\n")
  }

  /// Compares two files for git; when either is not a collection coldiff
  /// can read (or its keys are in trouble), prints the header and a plain
  /// unified line diff instead, with one note naming the path in the
  /// repository, so that git goes on to the next file.
  private func compareUnderGit(
    files: (old: String, new: String), paths: (old: String, new: String), header: String
  ) throws -> ExitStatus {
    do {
      return try compare(
        oldPath: files.old, newPath: files.new, detectionNames: paths, header: header)
    } catch let error as InputError {
      var renamed = error
      renamed.file = error.file.map { $0 == files.new ? paths.new : paths.old }
      return try showLines(files: files, paths: paths, header: header, reason: renamed.description)
    } catch let diagnostic as Diagnostic {
      let reason = diagnostic.description.replacing(files.old, with: paths.old)
        .replacing(files.new, with: paths.new)
      return try showLines(files: files, paths: paths, header: header, reason: reason)
    }
  }

  /// The header and a unified diff of the two files' bytes, after a note.
  private func showLines(
    files: (old: String, new: String), paths: (old: String, new: String), header: String,
    reason: String
  ) throws -> ExitStatus {
    note("\(reason); showing a line diff")
    let old = try ColdiffRun.bytes(of: files.old, standardInput: io.standardInput)
    let new = try ColdiffRun.bytes(of: files.new, standardInput: io.standardInput)
    let lines = UnifiedDiff(old: old, new: new).render(
      oldLabel: files.old == "/dev/null" ? "/dev/null" : "a/\(paths.old)",
      newLabel: files.new == "/dev/null" ? "/dev/null" : "b/\(paths.new)")
    let status: ExitStatus = lines.isEmpty ? .success : .differences
    guard !options.quiet else { return status }
    return console.output(Array(header.utf8) + lines) ? status : .trouble
  }

  /// A file's bytes, `/dev/null` as none.
  static func bytes(of path: String, standardInput: Int32) throws -> [UInt8] {
    guard path != "/dev/null" else { return [] }
    return Array(try InputFile(path: path, standardInput: standardInput).bytes)
  }

  /// The name a file git passed stands for: git's temporary copies lie in
  /// a folder `git-blob-XXXXXX` under the file's own name; any other
  /// path (the work tree's file) is its own name.
  static func repositoryName(_ path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[parts.count - 2].hasPrefix("git-blob-") else { return path }
    return String(parts[parts.count - 1])
  }
}
