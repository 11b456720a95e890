import ColdiffEngine
import ColdiffFormats

/// The options of a command that matches records by identity and
/// compares them (`coldiff`, `colpatch merge`): what `--key`, `--ignore`,
/// `--compare` and `--array-key` set.
protocol ComparisonOptions {
  /// `--key`: the identity fields.
  var keyFields: [JSONPointer] { get set }
  /// `--ignore`: the fields left out of equality.
  var ignoredFields: [JSONPointer] { get set }
  /// `--compare`: the rules for fields.
  var comparedFields: [FieldRule] { get set }
  /// `--array-key`: the arrays inside records matched by key.
  var arrayKeys: [ArrayKey] { get set }
}

extension ColdiffOptions: ComparisonOptions {}
extension ColpatchMergeOptions: ComparisonOptions {}

/// Reads the identity and comparison flags the two commands share, once.
enum ComparisonArguments {
  /// Sets `options` from `--key`, `--ignore`, `--compare` and
  /// `--array-key` on the command line.
  ///
  /// - Parameters:
  ///   - typed: the command line, checked against its flags.
  ///   - options: the options to set.
  /// - Throws: `UsageError` for a bad field, pattern or rule.
  static func read(_ typed: TypedArguments, into options: inout some ComparisonOptions)
    throws(UsageError)
  {
    let key = try typed.value(of: ColdiffFlags.key)
    let ignored = try typed.values(of: ColdiffFlags.ignore)
    let compared = try typed.values(of: ColdiffFlags.compare)
    let arrayKeys = try typed.values(of: ColdiffFlags.arrayKey)
    do throws(InputError) {
      if let key { options.keyFields = try JSONPointer.fieldList(key) }
      options.ignoredFields = try ignored.map { (field) throws(InputError) in
        try JSONPointer(field: field)
      }
      for argument in compared { options.comparedFields += try FieldRule.parse(argument) }
      options.arrayKeys = try arrayKeys.map { (argument) throws(InputError) in
        try ArrayKey.parse(argument)
      }
    } catch {
      throw UsageError(error.message, in: typed.command)
    }
  }

  /// Reads one field name given to `flag` as a JSON Pointer.
  ///
  /// - Throws: `UsageError` for a malformed field.
  static func field(_ flag: Flag, in typed: TypedArguments) throws(UsageError) -> JSONPointer? {
    guard let field = try typed.value(of: flag) else { return nil }
    do throws(InputError) {
      return try JSONPointer(field: field)
    } catch {
      throw UsageError(error.message, in: typed.command)
    }
  }
}
