/// A well-formed diff document that does not fit its target: a record it
/// names is missing, or holds other values than the diff expects. Reported
/// by key (`key 42: price is 11, the diff expects 10`); colpatch exits 1
/// and writes nothing.
package struct PatchConflict: Error, CustomStringConvertible {
  /// What does not fit, naming the record.
  package let description: String
}
