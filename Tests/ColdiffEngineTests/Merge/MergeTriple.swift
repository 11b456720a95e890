import ColdiffFormats
import TestSupport

@testable import ColdiffEngine

/// A seeded random BASE with an OURS and a THEIRS made from it, for the
/// merge's property tests: the records each side changes, and where each
/// side places its inserts and moves, are chosen apart, so that the two
/// sides' changes never meet unless a conflict is planted on purpose.
struct MergeTriple {
  /// One record: its id and the values of the fields `a`, `b`, `c` (`b`
  /// is written as a string).
  struct Record: Equatable {
    var id: Int
    var values: [Int]
  }

  /// The form the three snapshots are written in.
  enum Form: CaseIterable {
    case jsonArray, jsonLines, csv, jsonObject

    var fileExtension: String {
      switch self {
      case .jsonArray, .jsonObject: "json"
      case .jsonLines: "jsonl"
      case .csv: "csv"
      }
    }
  }

  /// A conflict planted on purpose: its kind, the record's id and the
  /// field (field conflicts only).
  struct Planted: Hashable {
    let kind: MergeConflict.Kind
    let id: Int
    let field: String?
  }

  let form: Form
  var base: [Record] = []
  var ours: [Record] = []
  var theirs: [Record] = []
  private(set) var planted: Set<Planted> = []

  static let fields = ["a", "b", "c"]

  /// What a role says a base record is for.
  private enum Role {
    case untouched
    case anchor(Side)
    case changed(Side)
    case both, fieldConflict
    case deleteConflict(Side)
  }

  enum Side { case ours, theirs }

  /// Makes a triple.
  ///
  /// - Parameters:
  ///   - seed: the random seed.
  ///   - form: the form of the snapshots.
  ///   - conflicts: whether to plant conflicts besides the disjoint changes.
  init(seed: UInt64, form: Form, conflicts: Bool) {
    self.form = form
    var random = SeededGenerator(seed: seed)
    let count = Int.random(in: 20...60, using: &random)
    base = (0..<count).map { id in
      Record(id: id, values: (0..<3).map { _ in Int.random(in: 0..<50, using: &random) })
    }
    let roles = base.indices.map { _ in MergeTriple.role(conflicts: conflicts, &random) }
    var oursEdits = SideEdits(base: base)
    var theirsEdits = SideEdits(base: base)
    for (index, role) in roles.enumerated() {
      switch role {
      case .untouched, .anchor: break
      case .changed(.ours): oursEdits.change(index, roles: roles, side: .ours, &random)
      case .changed(.theirs): theirsEdits.change(index, roles: roles, side: .theirs, &random)
      case .both:
        let field = Int.random(in: 0..<3, using: &random)
        oursEdits.setField(index, field, &random)
        theirsEdits.setField(index, (field + 1) % 3, &random)
      case .fieldConflict:
        let field = Int.random(in: 0..<3, using: &random)
        oursEdits.setField(index, field, &random)
        theirsEdits.setField(index, field, avoiding: oursEdits.records[index]?.values[field])
        planted.insert(Planted(kind: .field, id: index, field: MergeTriple.fields[field]))
      case .deleteConflict(let deleter):
        let field = Int.random(in: 0..<3, using: &random)
        if deleter == .ours {
          oursEdits.records[index] = nil
          theirsEdits.setField(index, field, &random)
        } else {
          theirsEdits.records[index] = nil
          oursEdits.setField(index, field, &random)
        }
        planted.insert(Planted(kind: .delete, id: index, field: nil))
      }
    }
    let ordered = form != .jsonObject
    oursEdits.insert(first: 1000, roles: roles, side: .ours, ordered: ordered, &random)
    theirsEdits.insert(first: 2000, roles: roles, side: .theirs, ordered: ordered, &random)
    if conflicts {
      // The same new key on both sides, with different content.
      for id in 3000..<3000 + Int.random(in: 1...2, using: &random) {
        let record = Record(id: id, values: [1, 2, 3])
        oursEdits.place(
          record, roles: roles, side: .ours, ordered: ordered, orAppend: true, &random)
        theirsEdits.place(
          Record(id: id, values: [1, 2, 4]), roles: roles, side: .theirs, ordered: ordered,
          orAppend: true, &random)
        planted.insert(Planted(kind: .insert, id: id, field: nil))
      }
    }
    ours = oursEdits.result()
    theirs = theirsEdits.result()
  }

  private static func role(conflicts: Bool, _ random: inout SeededGenerator) -> Role {
    let roll = Int.random(in: 0..<100, using: &random)
    if conflicts && roll >= 90 {
      return roll >= 96 ? .fieldConflict : .deleteConflict(roll.isMultiple(of: 2) ? .ours : .theirs)
    }
    switch roll {
    case ..<30: return .untouched
    case ..<42: return .anchor(.ours)
    case ..<54: return .anchor(.theirs)
    case ..<68: return .changed(.ours)
    case ..<82: return .changed(.theirs)
    default: return .both
    }
  }

  /// One side's edits of BASE, made record by record.
  private struct SideEdits {
    /// Each base record as this side has it, `nil` when deleted.
    var records: [Record?]
    /// Records placed after a base record (by base index): moves and
    /// inserts, at most one an anchor.
    var placed: [Int: Record] = [:]
    /// Base records moved away.
    var moved: Set<Int> = []
    /// Inserted records that go at the end (object maps).
    var appended: [Record] = []

    init(base: [Record]) { records = base }

    /// An update, a delete or a move of base record `index`.
    mutating func change(
      _ index: Int, roles: [Role], side: Side, _ random: inout SeededGenerator
    ) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: records[index] = nil
      case 1:
        if let anchor = freeAnchor(far: index, roles: roles, side: side, &random) {
          placed[anchor] = records[index]
          moved.insert(index)
        } else {
          setField(index, 0, &random)
        }
      default:
        setField(index, Int.random(in: 0..<3, using: &random), &random)
      }
    }

    /// Gives field `field` of base record `index` a new random value.
    mutating func setField(_ index: Int, _ field: Int, _ random: inout SeededGenerator) {
      let old = records[index]?.values[field] ?? 0
      records[index]?.values[field] = (old + Int.random(in: 1..<50, using: &random)) % 50
    }

    /// Gives field `field` of base record `index` a value it had in
    /// neither BASE nor `other`.
    mutating func setField(_ index: Int, _ field: Int, avoiding other: Int?) {
      let old = records[index]?.values[field] ?? 0
      var value = (old + 1) % 50
      if value == other { value = (value + 1) % 50 }
      records[index]?.values[field] = value
    }

    /// Inserts a few new records from id `first` on.
    mutating func insert(
      first: Int, roles: [Role], side: Side, ordered: Bool, _ random: inout SeededGenerator
    ) {
      for id in first..<first + Int.random(in: 0...3, using: &random) {
        let record = Record(
          id: id, values: (0..<3).map { _ in Int.random(in: 0..<50, using: &random) })
        place(record, roles: roles, side: side, ordered: ordered, orAppend: !ordered, &random)
      }
    }

    /// Puts a new record after a free anchor of this side, or with
    /// `orAppend` at the end when none is free (always in an object map).
    mutating func place(
      _ record: Record, roles: [Role], side: Side, ordered: Bool, orAppend: Bool,
      _ random: inout SeededGenerator
    ) {
      if ordered, let anchor = freeAnchor(far: nil, roles: roles, side: side, &random) {
        placed[anchor] = record
      } else if orAppend {
        appended.append(record)
      }
    }

    /// An anchor of this side with nothing placed after it yet; for a
    /// move of record `far`, one with at least two untouched records
    /// between, so the minimal moves are the ones made here.
    private func freeAnchor(
      far: Int?, roles: [Role], side: Side, _ random: inout SeededGenerator
    ) -> Int? {
      let candidates = roles.indices.filter { index in
        guard case .anchor(let owner) = roles[index], owner == side, placed[index] == nil else {
          return false
        }
        guard let far else { return true }
        let between = (min(far, index) + 1..<max(far, index)).filter {
          switch roles[$0] {
          case .untouched, .anchor: true
          default: false
          }
        }
        return between.count >= 2 && far != index + 1
      }
      return candidates.randomElement(using: &random)
    }

    /// The side's records in order.
    func result() -> [Record] {
      var out: [Record] = []
      for (index, record) in records.enumerated() {
        if let record, !moved.contains(index) { out.append(record) }
        if let extra = placed[index] { out.append(extra) }
      }
      return out + appended
    }
  }
}
