import Foundation
import TestSupport
import Testing

/// `Scripts/install` (issue 18, item 15) into a temporary prefix, with and
/// without `DESTDIR`, from the tools this test run built (`--from`; CI
/// also runs it with the release build): the tools run from there, the
/// man pages render with `man -l`, the completions load in bash, zsh and
/// fish, and `--uninstall` takes every file away again.
@Suite struct InstallScriptTests {
  /// Every file the script installs, under the prefix.
  private static let installed = [
    "bin/coldiff", "bin/colpatch", "share/man/man1/coldiff.1", "share/man/man1/colpatch.1",
    "share/bash-completion/completions/coldiff", "share/bash-completion/completions/colpatch",
    "share/zsh/site-functions/_coldiff", "share/zsh/site-functions/_colpatch",
    "share/fish/vendor_completions.d/coldiff.fish",
    "share/fish/vendor_completions.d/colpatch.fish",
  ]

  /// Checks what an installed prefix offers, in the shells themselves.
  private static let checks = #"""
    set -eu
    p=$1
    PATH=$p/bin:$PATH
    command -v coldiff
    coldiff --version
    colpatch --version
    for page in coldiff colpatch; do
      MANWIDTH=80 man -l "$p/share/man/man1/$page.1" | grep -q "^NAME"
    done
    bash -c ". '$p/share/bash-completion/completions/coldiff'; complete -p coldiff"
    zsh -f -c "fpath=('$p/share/zsh/site-functions' \$fpath); autoload -Uz compinit; \
      compinit -u -D; print zsh: \$_comps[coldiff] \$_comps[colpatch]"
    fish --no-config -c "set -p fish_complete_path '$p/share/fish/vendor_completions.d'; \
      complete -C'coldiff --for'; complete -C'colpatch che'"
    """#

  private func install(_ arguments: [String], destdir: String?) throws -> ToolProcess.Outcome {
    let script = ProjectPaths.packageRoot.appendingPathComponent("Scripts/install").path
    var adding: [String: String] = [:]
    if let destdir { adding["DESTDIR"] = destdir }
    return try ToolProcess.run(
      script, arguments, environment: ToolProcess.environment(adding: adding))
  }

  @Test(arguments: [false, true])
  func installsUsableToolsAndUninstalls(destdir: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let tools = URL(fileURLWithPath: Binaries.path(of: "coldiff")).deletingLastPathComponent()
    let prefix = destdir ? "/usr/local" : folder.file("prefix")
    let stage = destdir ? folder.file("stage") : nil
    let root = (stage ?? "") + prefix
    let done = try install(["--prefix", prefix, "--from", tools.path], destdir: stage)
    #expect(done.status == 0, "\(done)")
    for file in Self.installed {
      #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)")
    }
    #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/coldiff"))
    let built = try ToolProcess.run(tools.path + "/coldiff", ["--version"]).text
    let checked = try ToolProcess.run("/bin/sh", ["-c", Self.checks, "checks", root])
    #expect(checked.status == 0, "\(checked)")
    #expect(
      checked.text
        == """
        \(root)/bin/coldiff
        \(built)\
        \(built.replacingOccurrences(of: "coldiff", with: "colpatch"))\
        complete -F _coldiff coldiff
        zsh: _coldiff _colpatch
        --format\toutput format
        check\ttell whether a patch applies cleanly

        """)
    let removed = try install(["--uninstall", "--prefix", prefix], destdir: stage)
    #expect(removed.status == 0, "\(removed)")
    let left = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    #expect(
      left.allSatisfy { path in !Self.installed.contains(path) },
      "left behind: \(left)")
  }

  @Test func refusesARelativePrefixAndUnknownArguments() throws {
    let relative = try install(["--prefix", "local", "--from", "."], destdir: nil)
    #expect(relative.status == 2)
    #expect(relative.errors.contains("--prefix must be an absolute path"))
    let unknown = try install(["--prefx", "/tmp"], destdir: nil)
    #expect(unknown.status == 2)
    #expect(unknown.errors.hasPrefix("install: unknown argument '--prefx'\nusage: "))
  }
}
