import ColdiffEngine
import ColdiffFormats

/// The validated options of `colpatch merge`.
public struct ColpatchMergeOptions: Sendable, Equatable {
  /// The BASE operand: the common ancestor.
  public var base: String
  /// The OURS operand: our side, and the file `-i` writes.
  public var ours: String
  /// The THEIRS operand: their side.
  public var theirs: String
  /// The `-o/--output` file, if given.
  public var output: String?
  /// Whether `-i/--in-place` was given (then ``output`` is `nil`).
  public var inPlace: Bool
  /// The `--conflicts` file, if given.
  public var conflictsFile: String?
  /// The `--key` fields; empty for the default identity.
  public var keyFields: [JSONPointer]
  /// The `--ignore` fields; a `*` or `**` token is a pattern segment.
  public var ignoredFields: [JSONPointer]
  /// The `--compare` rules, one per field or pattern, in the order given.
  package var comparedFields: [FieldRule] = []
  /// The `--array-key` rules, in the order given.
  package var arrayKeys: [ArrayKey] = []
  /// Whether `--unordered` was given.
  public var unordered: Bool
  /// The `--tree` children member, if given.
  public var treeField: JSONPointer?
  /// The `--input` form of the three inputs, or `nil` to detect it.
  public var inputFormat: InputFormat?
  /// The `--path` name whose extension decides the inputs' form, if given.
  public var detectionName: String?

  /// Creates merge options; the others default to what an absent flag
  /// means.
  ///
  /// - Parameters:
  ///   - base: The common ancestor.
  ///   - ours: Our side.
  ///   - theirs: Their side.
  public init(base: String, ours: String, theirs: String) {
    self.base = base
    self.ours = ours
    self.theirs = theirs
    output = nil
    inPlace = false
    conflictsFile = nil
    keyFields = []
    ignoredFields = []
    unordered = false
    treeField = nil
    inputFormat = nil
    detectionName = nil
  }

  /// The comparison rules the options make (`--ignore`, `--compare`,
  /// `--array-key`).
  package var rules: ComparisonRules {
    ComparisonRules(
      ignore: ignoredFields.map(FieldPattern.init), compare: comparedFields, arrayKeys: arrayKeys)
  }
}
