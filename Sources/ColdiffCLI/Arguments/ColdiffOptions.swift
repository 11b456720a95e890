import ColdiffEngine
import ColdiffFormats

/// The validated options of one `coldiff` run.
///
/// Fields are resolved from their FIELD syntax (`user.id`, `/user/id`,
/// SPEC §7.7) into JSON Pointers.
public struct ColdiffOptions: Sendable, Equatable {
  /// The identity fields of `--key` (a comma-separated list; a comma that
  /// belongs to a name is doubled); empty when `--key` was not given (the
  /// default identity applies).
  public var keyFields: [JSONPointer]
  /// The `--ignore` fields, in the order given; a `*` or `**` token is a
  /// wildcard (SPEC §8.2).
  public var ignoredFields: [JSONPointer]
  /// The `--array-key` arrays, in the order given.
  package var arrayKeys: [ArrayKey] = []
  /// The `--root` pointer, if given.
  package var root: JSONPointer?
  /// The `--compare` rules, one per field or pattern, in the order given.
  package var comparedFields: [FieldRule] = []
  /// Whether `--unordered` was given.
  public var unordered: Bool
  /// The `--tree` children field, if given.
  public var treeField: String?
  /// The `--input` form, or `nil` to detect it.
  public var inputFormat: InputFormat?
  /// The `--delimiter` byte of CSV and TSV input, or `nil` for the form's
  /// own (`,` or a tab; `;` for a `.csv` whose header has no comma but
  /// `;`).
  public var delimiter: UInt8?
  /// The `--format` (default `text`).
  public var outputFormat: OutputFormatOption
  /// Whether `--no-test` was given.
  public var noTest: Bool
  /// The `--limit` on the changes the text and Markdown reports show;
  /// `nil` when not given (the text report shows all, Markdown 100).
  public var limit: Int?
  /// The `--color` choice (default `auto`).
  public var color: ColorOption
  /// Whether `-q/--quiet` was given.
  public var quiet: Bool
  /// The shard of `--shard I/N`, if given.
  public var shard: ShardOption?
  /// Whether `--combine` was given: the operands are shard documents.
  public var combine: Bool = false
  /// The budget of `--memory SIZE` in bytes, if given.
  public var memory: Int?
  /// The `--temp-dir DIR`, if given.
  public var temporaryDirectory: String?
  /// The identity, equality and input options as given, each spelled
  /// long (`--key`, `id`): what a shard document records.
  public var diffArguments: [String] = []
  /// The output options as given, each spelled long: what a combination
  /// adds to the shard documents' options.
  public var outputArguments: [String] = []
  /// The FILE of `--textconv FILE`; `nil` when not in textconv mode.
  /// In textconv mode ``operands`` is empty.
  public var textconvFile: String?
  /// The operands, as typed; `-` is standard input.
  ///
  /// Their number is 2 (`OLD NEW`) or one of git's external diff driver
  /// forms, which the command interprets: 1 (`PATH`, an unmerged path),
  /// 7 (`PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`) or 9
  /// (the same followed by the new path and git's rename header). At most
  /// one of OLD and NEW is `-`. Empty in textconv mode.
  public var operands: [String]

  /// Creates options; every parameter defaults to what an absent flag
  /// means.
  ///
  /// - Parameters:
  ///   - keyFields: The identity fields.
  ///   - ignoredFields: The ignored fields.
  ///   - unordered: Whether the collection is unordered.
  ///   - treeField: The children field.
  ///   - inputFormat: The input form.
  ///   - outputFormat: The output format.
  ///   - noTest: Whether to leave out the patch guards.
  ///   - limit: The most changes the reports show.
  ///   - color: When to color.
  ///   - quiet: Whether to print nothing.
  ///   - textconvFile: The textconv FILE.
  ///   - operands: The operands.
  public init(
    keyFields: [JSONPointer] = [], ignoredFields: [JSONPointer] = [], unordered: Bool = false,
    treeField: String? = nil, inputFormat: InputFormat? = nil,
    outputFormat: OutputFormatOption = .text, noTest: Bool = false, limit: Int? = nil,
    color: ColorOption = .auto,
    quiet: Bool = false, textconvFile: String? = nil, operands: [String] = []
  ) {
    self.keyFields = keyFields
    self.ignoredFields = ignoredFields
    self.unordered = unordered
    self.treeField = treeField
    self.inputFormat = inputFormat
    self.outputFormat = outputFormat
    self.noTest = noTest
    self.limit = limit
    self.color = color
    self.quiet = quiet
    self.textconvFile = textconvFile
    self.operands = operands
  }

  /// The comparison rules the options make (`--ignore`, `--compare`,
  /// `--array-key`, `--root`).
  package var rules: ComparisonRules {
    ComparisonRules(
      ignore: ignoredFields.map(FieldPattern.init), compare: comparedFields, arrayKeys: arrayKeys,
      root: root)
  }
}
