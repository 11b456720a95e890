import ColdiffCore
import ColdiffFormats

/// OLD's key arena and key table made ahead, from the keys its scan
/// captured (a table's key column, a JSON collection's key member), while
/// the other input is still being read (OLD's, during NEW's scan): the
/// cores have room in the serial stretches of that scan, and the table is
/// ready when matching starts.
package struct EarlyKeys {
  /// The column whose keys these are; `nil` for a JSON collection's
  /// captured key member (`Snapshot.capturedKey`).
  let column: Int?
  /// The keys (``Snapshot/keyArena(for:rules:)``'s for that column or
  /// member).
  let keys: KeyArena
  /// Their table, `nil` when a key occurs twice (the comparison reports
  /// it).
  let table: KeyTable?
}

extension EarlyKeys {
  /// The keys `bytes` and `starts` hold (record `i`'s from `starts[i]`
  /// to `starts[i + 1]`) of `column`, with their table
  /// (`KeyTable.arenaAndTable(bytes:starts:hashed:)`): left unhashed when
  /// they ascend, whose table reads no hashes, else hashed (on both cores
  /// when many) into a hash table.
  ///
  /// - Complexity: O(n) expected.
  init(column: Int?, bytes: [UInt8], starts: [UInt32]) {
    let (keys, table) = KeyTable.arenaAndTable(
      bytes: bytes, starts: starts, hashed: Snapshot.hashedArena(bytes:starts:))
    self.init(column: column, keys: keys, table: table)
  }
}

extension Snapshot {
  /// The arena and table of the key column the scan of this table
  /// captured (the likely key), made without taking the keys from the
  /// table, or of the key member the scan of this JSON array or JSON
  /// Lines captured in every record; `nil` when the scan captured none
  /// (or a record lacks the member: the key arena made later reports it).
  ///
  /// - Complexity: O(n) expected.
  package func earlyKeys() -> EarlyKeys? {
    if case .json(let index) = storage {
      guard index.form != .jsonObject, index.capturesKeys, capturedKey != nil,
        index.everyRecordHasKey
      else { return nil }
      return EarlyKeys(
        column: nil, bytes: index.canonicalKeys, starts: index.canonicalKeyStarts)
    }
    guard case .table(let table) = storage, let captured = table.capturedKeys else { return nil }
    return EarlyKeys(column: captured.column, bytes: captured.bytes, starts: captured.ends)
  }

  /// The keys and table of `early` when they are those `identity` asks
  /// of this snapshot (then a table's captured keys are let go, so
  /// that their memory goes with the arena), else `nil`.
  package func keysAndTable(_ early: EarlyKeys?, for identity: Identity) -> (KeyArena, KeyTable?)? {
    guard let early, case .fields(let pointers) = identity, pointers.count == 1,
      pointers[0].tokens.count == 1
    else { return nil }
    if case .json = storage {
      guard early.column == nil, let capturedKey, pointers[0].tokens[0] == capturedKey else {
        return nil
      }
      return (early.keys, early.table)
    }
    guard let column = early.column, case .table(let table) = storage, count > 0,
      table.column(named: pointers[0].tokens[0]) == column
    else { return nil }
    _ = table.takeCapturedKeys(column: column)
    return (early.keys, early.table)
  }
}
