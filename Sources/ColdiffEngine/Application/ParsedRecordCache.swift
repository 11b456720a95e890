import ColdiffFormats

/// The value of the original record parsed last, kept so that the
/// operations on one record (a patch's `test` of its key, `test` of an old
/// value, then the edit) parse it once, not once each.
///
/// An original record's bytes never change, so copies of a target may
/// share one cache.
package final class ParsedRecordCache {
  private var handle: Int32 = -1
  private var value: JSONValue = .null

  /// The value of original record `handle`, parsed by `parse` unless it
  /// was the last one asked for.
  ///
  /// - Parameters:
  ///   - handle: an original record's handle.
  ///   - parse: reads the record's value from the target's bytes.
  /// - Returns: the record's value.
  package func value(of handle: Int32, parse: (Int) -> JSONValue) -> JSONValue {
    if handle != self.handle {
      value = parse(Int(handle))
      self.handle = handle
    }
    return value
  }
}
