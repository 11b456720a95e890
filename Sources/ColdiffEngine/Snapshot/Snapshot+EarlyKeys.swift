import ColdiffCore
import ColdiffFormats

/// A table's key arena and key table made ahead, from the keys its scan
/// captured, while the other input is still being read (OLD's, during
/// NEW's scan): the cores have room in the serial stretches of that
/// scan, and the table is ready when matching starts.
package struct EarlyKeys {
  /// The column whose keys these are.
  let column: Int
  /// The keys (``Snapshot/keyArena(for:rules:)``'s for that column).
  let keys: KeyArena
  /// Their table, `nil` when a key occurs twice (the comparison reports
  /// it).
  let table: KeyTable?
}

extension Snapshot {
  /// The arena and table of the key column the scan of this table
  /// captured (the likely key), made without taking the keys from the
  /// table; `nil` for JSON or when the scan captured none.
  ///
  /// - Complexity: O(n) expected.
  package func earlyKeys() -> EarlyKeys? {
    guard case .table(let table) = storage, let captured = table.capturedKeys else { return nil }
    let keys = Snapshot.hashedArena(bytes: captured.bytes, starts: captured.ends)
    return EarlyKeys(column: captured.column, keys: keys, table: try? KeyTable(keys))
  }

  /// The keys and table of `early` when they are those `identity` asks
  /// of this snapshot (then the table's captured keys are let go, so
  /// that their memory goes with the arena), else `nil`.
  package func keysAndTable(_ early: EarlyKeys?, for identity: Identity) -> (KeyArena, KeyTable?)? {
    guard let early, case .fields(let pointers) = identity, pointers.count == 1,
      pointers[0].tokens.count == 1, case .table(let table) = storage, count > 0,
      table.column(named: pointers[0].tokens[0]) == early.column
    else { return nil }
    _ = table.takeCapturedKeys(column: early.column)
    return (early.keys, early.table)
  }
}
