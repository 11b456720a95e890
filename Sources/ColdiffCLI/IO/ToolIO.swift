import Glibc

/// What a tool run reads and writes, passed down instead of globals: the
/// two tools build it from the process's descriptors and environment; the
/// fuzzers (`Fuzz/`) run whole commands in-process with captured streams
/// (the tests run the commands as processes, see `Tests/EndToEndTests`).
struct ToolIO {
  /// The descriptor `-` reads from.
  var standardInput: Int32
  /// Results.
  var standardOutput: any ByteSink
  /// Messages.
  var standardError: any ByteSink
  /// The environment (`NO_COLOR`, `COLUMNS`, git's variables).
  var environment: [String: String]
  /// Whether standard output is a terminal (color, shortening).
  var outputIsTerminal: Bool
  /// Whether standard error is a terminal (progress).
  var errorIsTerminal: Bool
  /// Whether standard output is a pipe (no progress then).
  var outputIsPipe: Bool = false
  /// Whether the process exits as soon as the run returns (the tools,
  /// not the fuzzers): then what a run made is left for the exit to take
  /// back (``leaveForExit(_:)``) instead of being freed piece by piece.
  var exitsAfterRun: Bool = false
  /// The terminal's width in columns, when known.
  var terminalWidth: Int?

  /// The process's own streams and environment.
  static func process() -> ToolIO {
    signal(SIGPIPE, SIG_IGN)
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    var size = winsize()
    var output = stat()
    let outputIsPipe = fstat(1, &output) == 0 && output.st_mode & S_IFMT == S_IFIFO
    let width: Int? =
      ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    return ToolIO(
      standardInput: 0,
      standardOutput: FileDescriptorSink(descriptor: 1),
      standardError: FileDescriptorSink(descriptor: 2),
      environment: environment,
      outputIsTerminal: isatty(1) == 1,
      errorIsTerminal: isatty(2) == 1,
      outputIsPipe: outputIsPipe,
      exitsAfterRun: true,
      terminalWidth: width)
  }
}

extension ToolIO {
  /// Progress for a long run when standard error is a terminal and
  /// standard output is not a pipe (issue: never in pipelines), or `nil`.
  func progress(tool: String) -> Progress? {
    guard errorIsTerminal, !outputIsPipe else { return nil }
    return Progress(tool: tool) { text in
      var text = text
      text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
  }
}
