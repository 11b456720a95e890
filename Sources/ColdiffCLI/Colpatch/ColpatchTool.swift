import ColdiffEngine
import ColdiffFormats
import Glibc

/// The `colpatch` command: applies, checks and reverses patches and diff
/// documents (SPEC §5).
public enum ColpatchTool {
  /// Runs with the process's arguments and streams, then exits: 0 applied,
  /// 1 does not apply (nothing written), 2 trouble.
  /// The inputs it mapped let their pages go on every core first
  /// (`MappedInputs`), which the exit would do on one.
  public static func main() -> Never {
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process())
    MappedInputs.letGoBeforeExit()
    exit(status.rawValue)
  }

  /// Runs one command line.
  ///
  /// - Parameters:
  ///   - arguments: the arguments, without the program name.
  ///   - io: the streams and environment.
  /// - Returns: the exit status.
  static func run(arguments: [String], io: ToolIO) -> ExitStatus {
    let console = Console(io: io, tool: "colpatch")
    switch ColpatchArguments.parse(arguments) {
    case .failure(let usage):
      console.error(usage.report, raw: true)
      return .trouble
    case .success(.help(let text)), .success(.version(let text)):
      return console.output(text) ? .success : .trouble
    case .success(.run(let command)):
      let run = ColpatchRun(io: io, console: console)
      do {
        switch command {
        case .apply(let options): return try run.apply(options)
        case .check(let options): return try run.check(options)
        case .merge(let options): return try run.merge(options)
        case .reverse(let options): return try run.reverse(options)
        }
      } catch {
        return console.report(error)
      }
    }
  }
}
