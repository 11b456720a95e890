import Foundation
import TestSupport
import Testing

@testable import ColdiffFormats

/// Two rows of tables with one header compared field by field on their
/// bytes (`CSVTable.fieldChanges(ofRow:to:row:)`) give the changes of
/// their values compared as objects of strings.
@Suite struct CSVFieldChangesTests {
  private static func expectSameChanges(_ old: CSVTable, _ new: CSVTable) {
    for row in 0..<min(old.rowCount, new.rowCount) {
      for otherRow in [row, new.rowCount - 1 - row] {
        let wanted = FieldChange.between(old.value(ofRow: row), new.value(ofRow: otherRow))
        let found = old.fieldChanges(ofRow: row, to: new, row: otherRow)
        #expect(found == wanted, "rows \(row) and \(otherRow)")
      }
    }
  }

  @Test func quotedAndUnquotedFieldsOfOneValueAreEqual() throws {
    let old = try CSVTable(bytes: Array("id,a,b\n1,x,\"y\"\"\"\n2,\"\",z\r\n".utf8))
    let new = try CSVTable(
      bytes: Array("id\ta\tb\n\"1\"\t\"x\"\ty\"\n2\t\tZ\n".utf8), delimiter: CSVTable.tab)
    #expect(old.fieldChanges(ofRow: 0, to: new, row: 0).isEmpty)
    let changes = old.fieldChanges(ofRow: 1, to: new, row: 1)
    #expect(changes.map(\.path) == [[Array("b".utf8)]])
    #expect(changes.first?.old == .string(JSONString("z")))
    #expect(changes.first?.new == .string(JSONString("Z")))
    Self.expectSameChanges(old, new)
  }

  @Test(arguments: 0..<20)
  func seededTables(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let pieces = ["a", "Zé", "\"", "\\", "\u{7}", ",", "\n", "\r\n", " ", "😀", ""]
    let columns = Int.random(in: 1...5, using: &random)
    func field() -> String {
      RandomCSVField.make(from: pieces, maximumPieces: 3, columns: columns, using: &random)
    }
    let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
    func table() throws -> CSVTable {
      let rows = (0..<12).map { _ in (0..<columns).map { _ in field() }.joined(separator: ",") }
      return try CSVTable(bytes: Array(([header] + rows).joined(separator: "\n").utf8))
    }
    Self.expectSameChanges(try table(), try table())
  }
}
