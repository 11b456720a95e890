import ColdiffCore
import TestSupport
import Testing

@testable import ColdiffFormats

/// The canonical keys a CSV scan makes for one column as it reads each
/// row (`CSVCapturedKeys`) are those a walk over the rows afterwards
/// makes from each field's value, whole or in chunks, with rows taken
/// whole from another file or not; and asking for them changes neither
/// the table nor the first error.
@Suite struct CSVCapturedKeysTests {
  /// Whole inputs, then chunks of a few rows.
  private static let chunkings = [
    ScanChunking.whole, ScanChunking(threshold: 0, chunkSize: 16),
    ScanChunking(threshold: 0, chunkSize: 64), ScanChunking(threshold: 0, chunkSize: 300),
  ]

  @Test(arguments: [CSVTable.comma, CSVTable.tab])
  func capturedKeysAreTheWalkedKeys(delimiter: UInt8) throws {
    var random = SeededGenerator(seed: 2_026 + UInt64(delimiter))
    var checked = 0
    for _ in 0..<60 {
      let text = Self.separated(RandomCollection.csv(using: &random), by: delimiter)
      guard let plain = try? CSVTable(bytes: text, delimiter: delimiter) else { continue }
      // Every column: `id` (plain digits) and the others (empty, quoted,
      // with doubled quotes and line breaks, non-ASCII).
      for name in plain.header {
        for chunking in Self.chunkings {
          let table = try CSVTable(
            bytes: text, delimiter: delimiter, chunking: chunking, keyName: name)
          try #require(table.capturedKeys != nil)
          #expect(table.capturedKeys?.column == plain.column(named: name))
          #expect(table.capturedKeys.map(Self.keys) == Self.walkedKeys(plain, name))
          checked += table.rowCount
        }
      }
    }
    #expect(checked > 1_000)
  }

  /// A row taken whole from a data row of a file whose keys are the same
  /// column's has an empty key, left to that row (`CSVTable.partnerKeys`):
  /// filled in from there, the keys are the walked keys; every other
  /// row's key is its own.
  @Test func keysOfRowsTakenWholeAreTheWalkedKeys() throws {
    var random = SeededGenerator(seed: 515)
    var (taken, left) = (0, 0)
    for round in 0..<60 {
      let old = RandomCollection.longRows(RandomCollection.csv(using: &random))
      let new = RandomCollection.edited(old, using: &random)
      guard let oldPlain = try? CSVTable(bytes: old), let newPlain = try? CSVTable(bytes: new),
        let newName = newPlain.header.last
      else { continue }
      // OLD's keys are NEW's column's, another column's, or none.
      let oldName: [UInt8]? = [newName, oldPlain.header.first, nil][round % 3]
      let oldTable = try CSVTable(
        bytes: SourceBytes(old), delimiter: CSVTable.comma, chunking: .whole, keyName: oldName)
      for chunking in Self.chunkings {
        let table = try oldTable.bytes.withUnsafeBufferPointer { oldBuffer in
          try CSVTable(
            bytes: SourceBytes(new), delimiter: CSVTable.comma, chunking: chunking,
            known: CSVKnownRows(bytes: oldBuffer, table: oldTable), keyName: newName)
        }
        let captured = try #require(table.capturedKeys)
        let partners = table.knownPartners
        taken += partners.count { $0 > 0 }
        guard let partnerKeys = table.partnerKeys else {
          #expect(Self.keys(captured) == Self.walkedKeys(newPlain, newName))
          continue
        }
        #expect(oldName == newName && partnerKeys.column == captured.column)
        for (record, key) in Self.keys(captured).enumerated() where partners[record + 1] > 0 {
          #expect(key.isEmpty)
          left += 1
        }
        let full = KnownMatches(partners, offset: 1).keys(
          own: captured.bytes, starts: captured.ends, partners: partnerKeys.bytes,
          starts: partnerKeys.ends)
        #expect(
          Self.keys(CSVCapturedKeys(column: captured.column, bytes: full.bytes, ends: full.starts))
            == Self.walkedKeys(newPlain, newName))
      }
    }
    // Not vacuous: rows were taken whole, and keys left to them.
    #expect(taken > 100 && left > 30)
  }

  @Test func aRowWithTheBytesOfTheOtherFilesHeaderHasItsOwnKey() throws {
    let header = "id,name,a field long enough to be taken whole by the scan\n"
    let row = "7,x,a field long enough to be taken whole by the scan\n"
    let old = SourceBytes(Array((header + row).utf8))
    let new = Array((header + row + header).utf8)
    let oldTable = try CSVTable(
      bytes: old, delimiter: CSVTable.comma, chunking: .whole, keyName: Array("id".utf8))
    let table = try old.withUnsafeBufferPointer { oldBuffer in
      try CSVTable(
        bytes: SourceBytes(new), delimiter: CSVTable.comma, chunking: .whole,
        known: CSVKnownRows(bytes: oldBuffer, table: oldTable), keyName: Array("id".utf8))
    }
    #expect(table.knownPartners == [-1, 1, 0])
    // The first record's key is left to OLD's row; the second's is its own.
    #expect(table.capturedKeys.map(Self.keys) == [[], Self.key("id")])
    #expect(table.partnerKeys.map(Self.keys) == [Self.key("7")])
  }

  @Test func quotedEscapedEmptyAndNULKeys() throws {
    let text = Array(
      "\u{FEFF}\"i\"\"d\",b\r\n\"a\"\"b\",1\r\n,2\r\n\"\",3\r\nx\0y,4\r\n\"\0\",5\r\n\"l\nf\",6\r\n"
        .utf8)
    let name = Array("i\"d".utf8)
    for chunking in Self.chunkings {
      let table = try CSVTable(
        bytes: SourceBytes(text), delimiter: CSVTable.comma, chunking: chunking, keyName: name)
      #expect(table.capturedKeys?.column == 0)
      #expect(
        table.capturedKeys.map(Self.keys)
          == ["a\"b", "", "", "x\0y", "\0", "l\nf"].map(Self.key))
    }
  }

  @Test func shortKeysWithNULsFarFromTheEndAreTheWalkedKeys() throws {
    // Keys of up to sixteen bytes are read a block at a time, with more
    // of the file after them: a 0x00 anywhere in them is doubled.
    let keys = ["a\0", "\0b", "0123456789abcde\0", "0123456789abcdef", "k", "x\0y\0z"]
    let rows = keys.enumerated().map { "\($1),\(String(repeating: "v", count: 20 + $0))\n" }
    let text = Array(("id,value\n" + rows.joined() + rows.joined()).utf8)
    let plain = try CSVTable(bytes: text)
    for chunking in Self.chunkings {
      let table = try CSVTable(
        bytes: SourceBytes(text), delimiter: CSVTable.comma, chunking: chunking,
        keyName: Array("id".utf8))
      #expect(table.capturedKeys.map(Self.keys) == Self.walkedKeys(plain, Array("id".utf8)))
      #expect(table.capturedKeys.map(Self.keys) == (keys + keys).map(Self.key))
    }
  }

  @Test func noKeysWithoutTheColumn() throws {
    for (text, name) in [("a,b\n1,2\n", "id"), ("", "id"), ("id\n", "id"), ("a,id\n", "b")] {
      let table = try CSVTable(
        bytes: SourceBytes(Array(text.utf8)), delimiter: CSVTable.comma, chunking: .whole,
        keyName: Array(name.utf8))
      #expect((table.capturedKeys != nil) == (text == "id\n"), "\(text)")
    }
    // A header without records: no key but the header's empty one.
    let headerOnly = try CSVTable(
      bytes: SourceBytes(Array("id\n".utf8)), delimiter: CSVTable.comma, chunking: .whole,
      keyName: Array("id".utf8))
    #expect(headerOnly.capturedKeys?.ends == [0])
  }

  @Test func askingForKeysChangesNeitherTableNorError() {
    var random = SeededGenerator(seed: 9_091)
    var errors = 0
    for _ in 0..<200 {
      let text = RandomCollection.damaged(RandomCollection.csv(using: &random), using: &random)
      let plain = Self.outcome(text, .whole, keyName: nil)
      if plain.error != nil { errors += 1 }
      for chunking in Self.chunkings {
        for name in ["id", "c1", "\"", "c1,id"] {
          #expect(Self.outcome(text, chunking, keyName: Array(name.utf8)) == plain)
        }
      }
    }
    // Not vacuous: damaged inputs were refused.
    #expect(errors > 40)
  }

  @Test func headerColumnReadsOnlyValidHeaders() {
    let cases: [(String, Int?)] = [
      ("a,id\n", 1), ("\"id\",a", 0), ("a,\"i\"\"d\"\r\n", nil), ("a,\"i\"\"d", nil),
      ("\"a,id", nil), ("a\nid", nil), ("\"a\"x,id", nil), ("a\r\nid", nil), ("id,id", 0),
    ]
    for (text, column) in cases {
      let bytes = Array(text.utf8)
      let found = bytes.withUnsafeBufferPointer {
        CSVIndex.headerColumn(
          named: Array("id".utf8), in: $0, from: 0, delimiter: CSVTable.comma)
      }
      #expect(found == column, "\(text)")
    }
  }

  // MARK: - Keys

  /// Each record's key in `keys`.
  private static func keys(_ keys: CSVCapturedKeys) -> [[UInt8]] {
    (1..<keys.ends.count).map { Array(keys.bytes[Int(keys.ends[$0 - 1])..<Int(keys.ends[$0])]) }
  }

  /// Each record's key as a walk over the rows makes it: the canonical
  /// bytes of the decoded value of the field in column `name`.
  private static func walkedKeys(_ table: CSVTable, _ name: [UInt8]) -> [[UInt8]] {
    (0..<table.rowCount).map { key(table.field(row: $0, named: name)!) }
  }

  private static func key(_ value: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    value.withUnsafeBufferPointer { JSONCanonicalKey.appendString($0, to: &out) }
    return out
  }

  private static func key(_ value: String) -> [UInt8] {
    key(Array(value.utf8))
  }

  // MARK: - Inputs

  /// `text` (written with commas) with `delimiter` for its commas.
  private static func separated(_ text: [UInt8], by delimiter: UInt8) -> SourceBytes {
    SourceBytes(text.map { $0 == CSVTable.comma ? delimiter : $0 })
  }

  // MARK: - Outcomes

  private struct Outcome: Equatable {
    var header: [[UInt8]] = []
    var rows: [Range<Int>] = []
    var lines: [Int] = []
    var quotesEveryField = false
    var error: InputError?
  }

  private static func outcome(_ text: [UInt8], _ chunking: ScanChunking, keyName: [UInt8]?)
    -> Outcome
  {
    do throws(InputError) {
      let table = try CSVTable(
        bytes: SourceBytes(text), delimiter: CSVTable.comma, chunking: chunking,
        keyName: keyName)
      return Outcome(
        header: table.header, rows: (0..<table.rowCount).map(table.rowRange),
        lines: (0..<table.rowCount).map(table.line(ofRow:)),
        quotesEveryField: table.quotesEveryField)
    } catch {
      return Outcome(error: error)
    }
  }
}
