/// The `colpatch` subcommand to run, with its validated options.
public enum ColpatchCommand: Sendable, Equatable {
  /// `colpatch apply PATCH [TARGET]`.
  case apply(ColpatchApplyOptions)
  /// `colpatch check PATCH [TARGET]`.
  case check(ColpatchCheckOptions)
  /// `colpatch merge BASE OURS THEIRS`.
  case merge(ColpatchMergeOptions)
  /// `colpatch reverse PATCH`.
  case reverse(ColpatchReverseOptions)
}
