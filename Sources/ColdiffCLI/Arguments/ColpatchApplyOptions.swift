import ColdiffEngine
import ColdiffFormats

/// The validated options of `colpatch apply`.
public struct ColpatchApplyOptions: Sendable, Equatable {
  /// The PATCH operand; `-` is standard input.
  public var patch: String
  /// The TARGET operand; `-` (also when TARGET was not given) is standard
  /// input.
  public var target: String
  /// The `-o/--output` file, if given.
  public var output: String?
  /// Whether `-i/--in-place` was given (then ``target`` is a file and
  /// ``output`` is `nil`).
  public var inPlace: Bool
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

  /// Creates apply options.
  ///
  /// - Parameters:
  ///   - patch: The patch file.
  ///   - target: The target file.
  ///   - output: The output file.
  ///   - inPlace: Whether to write back to the target.
  ///   - inputFormat: The target's form.
  public init(
    patch: String, target: String = "-", output: String? = nil, inPlace: Bool = false,
    inputFormat: InputFormat? = nil
  ) {
    self.patch = patch
    self.target = target
    self.output = output
    self.inPlace = inPlace
    self.inputFormat = inputFormat
  }
}
