import Glibc

/// Turns the signal a mapped input raises when another program shrinks it
/// while it is read (`SIGBUS`) into an error message and exit status 2,
/// as for any unreadable input: no crash, and nothing written in place of
/// a target (a `colpatch` result is renamed over its target only after
/// the whole target was read).
package enum MappedInputGuard {
  /// Installs the handler (once; later calls do nothing).
  package static func install() {
    _ = installed
  }

  /// The command's name for the message, kept where the handler can
  /// read it without allocating.
  nonisolated(unsafe) private static var program: UnsafeMutablePointer<CChar>?

  /// The installation, done on first use.
  private static let installed: Void = {
    let path = CommandLine.arguments.first ?? "coldiff"
    program = strdup(String(path.split(separator: "/").last ?? "coldiff"))
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      let message: StaticString = "an input file shrank while it was being read\n"
      if let program = MappedInputGuard.program {
        _ = write(2, program, strlen(program))
        _ = write(2, ": ", 2)
      }
      _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
      _exit(2)
    }
    sigemptyset(&action.sa_mask)
    sigaction(SIGBUS, &action, nil)
  }()
}
