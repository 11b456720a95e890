import ColdiffCore
import ColdiffEngine
import ColdiffFormats
import Glibc

/// The `coldiff` command: compares two snapshots of a collection record by
/// record (SPEC §4).
public enum ColdiffTool {
  /// Runs with the process's arguments and streams, then exits with the
  /// status of `diff(1)`: 0 no differences, 1 differences, 2 trouble.
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
    let console = Console(io: io, tool: "coldiff")
    switch ColdiffArguments.parse(arguments, environment: io.environment) {
    case .failure(let usage):
      console.error(usage.report, raw: true)
      return .trouble
    case .success(.help(let text)), .success(.version(let text)):
      return console.output(text) ? .success : .trouble
    case .success(.run(let options)):
      do {
        return try ColdiffRun(options: options, io: io, console: console).run()
      } catch {
        return console.report(error)
      }
    }
  }
}
