import ColdiffEngine
import ColdiffFormats

/// The validated options of `colpatch check`.
public struct ColpatchCheckOptions: Sendable, Equatable {
  /// The PATCH operand; `-` is standard input.
  public var patch: String
  /// The TARGET operand; `-` (also when TARGET was not given) is standard
  /// input.
  public var target: String
  /// The `--input` form of TARGET, or `nil` to detect it.
  public var inputFormat: InputFormat?
  /// The `--delimiter` byte of CSV and TSV input, or `nil` for the form's
  /// own (`,` or a tab; `;` for a `.csv` whose header has no comma but
  /// `;`).
  public var delimiter: UInt8?
  /// The budget of `--memory SIZE` in bytes, if given.
  public var memory: Int?
  /// The `--temp-dir` folder, if given.
  public var temporaryDirectory: String?

  /// Creates check options.
  ///
  /// - Parameters:
  ///   - patch: The patch file.
  ///   - target: The target file.
  ///   - inputFormat: The target's form.
  public init(patch: String, target: String = "-", inputFormat: InputFormat? = nil) {
    self.patch = patch
    self.target = target
    self.inputFormat = inputFormat
  }
}
