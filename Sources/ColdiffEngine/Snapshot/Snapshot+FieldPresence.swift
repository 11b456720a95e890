import ColdiffFormats

extension Snapshot {
  /// Whether a record has a value at `pointer`, or a CSV header names it
  /// (a table without rows still has its columns), for the hints on a
  /// `--key` or `--ignore` FIELD found nowhere (SPEC §8.1.10).
  ///
  /// - Complexity: O(n) key look-ups, stopping at the first hit.
  package func mentions(_ pointer: JSONPointer) -> Bool {
    switch storage {
    case .table(let table):
      return pointer.tokens.count == 1 && table.column(named: pointer.tokens[0]) != nil
    case .json(let index):
      let path = JSONKeyPath(segments: pointer.tokens)
      return bytes.withUnsafeBufferPointer { buffer in
        (0..<index.count).contains {
          path.valueRange(in: buffer, record: index.recordRange($0)) != nil
        }
      }
    }
  }

  /// The member names under `parent` in the records, first seen first
  /// (the columns of a table), looking at no more than `limit` records:
  /// the candidates of a did-you-mean, and of a key to suggest.
  package func fieldNames(under parent: [[UInt8]] = [], limit: Int = 1000) -> [[UInt8]] {
    if case .table(let table) = storage { return parent.isEmpty ? table.header : [] }
    var names: [[UInt8]] = []
    var seen = Set<[UInt8]>()
    for record in 0..<min(count, limit) {
      var value = value(of: record)
      for token in parent {
        guard case .object(let object) = value,
          let member = object.members.last(where: { $0.name.value == token })
        else {
          value = .null
          break
        }
        value = member.value
      }
      guard case .object(let object) = value else { continue }
      for member in object.members where seen.insert(member.name.value).inserted {
        names.append(member.name.value)
      }
    }
    return names
  }
}
