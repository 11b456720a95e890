import ColdiffCLI
import Foundation
import TestSupport
import Testing

/// The committed man pages and completions are what the flag tables
/// render. `COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles`
/// rewrites them instead of comparing.
@Suite struct GeneratedFilesTests {
  static let regenerate = ProcessInfo.processInfo.environment["COLDIFF_REGENERATE"] == "1"

  @Test(arguments: GeneratedFiles.all.map(\.path))
  func committedFileMatchesTheTable(path: String) throws {
    let file = try #require(GeneratedFiles.all.first { $0.path == path })
    let url = ProjectPaths.packageRoot.appendingPathComponent(path)
    if Self.regenerate {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url, options: .atomic)
    }
    let committed = try String(contentsOf: url, encoding: .utf8)
    #expect(
      committed == file.contents,
      "\(path) differs from the flag table; run COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles"
    )
  }

  @Test func everyFileStartsWithTheNotice() {
    for file in GeneratedFiles.all {
      let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
      // zsh needs `#compdef` on the first line, so its notice is the second.
      let line = file.path.hasPrefix("completions/_") ? lines[1] : lines[0]
      #expect(line.hasSuffix(GeneratedFiles.notice), "\(file.path)")
      #expect(line.hasPrefix("# ") || line.hasPrefix(".\\\" "), "\(file.path)")
    }
  }

  @Test func pathsAreUnique() {
    let paths = GeneratedFiles.all.map(\.path)
    #expect(Set(paths).count == paths.count)
  }
}
