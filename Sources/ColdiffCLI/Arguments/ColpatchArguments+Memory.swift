extension ColpatchArguments {
  /// Reads `--memory` and `--temp-dir` of `apply` or `check`.
  ///
  /// - Returns: the budget in bytes (`nil` when not given) and the
  ///   spill folder's parent (`nil` when not given).
  /// - Throws: `UsageError` for a SIZE that is not a size.
  static func memory(
    in typed: TypedArguments, command: CommandDescription
  ) throws(UsageError) -> (Int?, String?) {
    let directory = try typed.value(of: ColpatchFlags.tempDir)
    guard let text = try typed.value(of: ColpatchFlags.memory) else { return (nil, directory) }
    guard let size = MemorySize.bytes(text) else {
      throw UsageError(
        "invalid value '\(text)' for '--memory' (expected a size such as 128M, 1G or 1048576)",
        in: command)
    }
    return (size, directory)
  }
}
