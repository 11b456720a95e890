import Foundation

/// Where `swift build` put the tools under test.
public enum Binaries {
  /// The path of the built executable `name`, next to the running test
  /// bundle.
  public static func path(of name: String) -> String {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/" {
      url.deleteLastPathComponent()
      let candidate = url.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
    }
    return ProjectPaths.packageRoot.appendingPathComponent(".build/debug/\(name)").path
  }
}
