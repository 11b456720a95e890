import ColdiffFormats
import TestSupport

@testable import ColdiffEngine

/// A seeded random BASE of orders with keyed `lines` (`--array-key
/// lines=sku`, `--compare lines.*.price=abs:0.01`), with an OURS and a
/// THEIRS made from it, for the merge's property tests under the rules:
/// the two sides change different records, or different elements of one
/// record's `lines`, or different fields of one element; either side may
/// nudge a price within the tolerance (no change); both may set a field to
/// values equal under the rules (one change, only with planted conflicts,
/// as THEIRS's diff document does not apply to OURS then). Conflicts are
/// planted only on purpose.
struct KeyedMergeTriple {
  /// One element of `lines`: its key and fields (`price` in cents, written
  /// with two decimals, or three for a nudge within the tolerance).
  struct Line: Equatable {
    var sku: String
    var qty: Int
    var milliPrice: Int
  }

  /// One order.
  struct Order: Equatable {
    var id: Int
    var name: String
    var lines: [Line]
  }

  /// A conflict planted on purpose: the order, the element, and the field
  /// (`nil` for the element itself).
  struct Planted: Hashable {
    let id: Int
    let sku: String
    let field: String?
  }

  let jsonLines: Bool
  var base: [Order] = []
  var ours: [Order] = []
  var theirs: [Order] = []
  private(set) var planted: Set<Planted> = []

  /// The rules the triple is merged by.
  static func rules() throws -> ComparisonRules {
    ComparisonRules(
      compare: try FieldRule.parse("lines.*.price=abs:0.01"),
      arrayKeys: [try ArrayKey.parse("lines=sku")])
  }

  /// Makes a triple.
  ///
  /// - Parameters:
  ///   - seed: the random seed.
  ///   - jsonLines: JSON Lines, else a JSON array.
  ///   - conflicts: whether to plant conflicts besides the disjoint changes.
  init(seed: UInt64, jsonLines: Bool, conflicts: Bool) {
    self.jsonLines = jsonLines
    var random = SeededGenerator(seed: seed)
    base = (0..<Int.random(in: 8...24, using: &random)).map { id in
      Order(
        id: id, name: "n\(Int.random(in: 0..<9, using: &random))",
        lines: (0..<Int.random(in: 1...6, using: &random)).map { line in
          Line(
            sku: "s\(line)", qty: Int.random(in: 1...9, using: &random),
            milliPrice: Int.random(in: 100...999, using: &random) * 10)
        })
    }
    ours = base
    theirs = base
    for index in base.indices {
      switch Int.random(in: 0..<(conflicts ? 6 : 5), using: &random) {
      case 0: break
      case 1: KeyedMergeTriple.edit(&ours[index], elements: nil, prefix: "o", &random)
      case 2: KeyedMergeTriple.edit(&theirs[index], elements: nil, prefix: "t", &random)
      case 3, 4: editBoth(index, equalUnderRules: conflicts, &random)
      default: plant(index, &random)
      }
    }
  }

  /// Both sides edit one order: each element goes to one side, or both
  /// change different fields of it, or with `equalUnderRules` the same
  /// field to values equal under the rules.
  private mutating func editBoth(
    _ index: Int, equalUnderRules: Bool, _ random: inout SeededGenerator
  ) {
    var oursElements = Set<String>()
    var theirsElements = Set<String>()
    for line in base[index].lines {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: oursElements.insert(line.sku)
      case 1: theirsElements.insert(line.sku)
      case 2:
        KeyedMergeTriple.update(&ours[index], line.sku) { $0.qty += 1 }
        KeyedMergeTriple.update(&theirs[index], line.sku) { $0.milliPrice += 500 }
      case 3 where equalUnderRules:
        // Equal under the rules: one change, OURS's value.
        KeyedMergeTriple.update(&ours[index], line.sku) { $0.milliPrice += 1000 }
        KeyedMergeTriple.update(&theirs[index], line.sku) { $0.milliPrice += 1004 }
      default: break
      }
    }
    KeyedMergeTriple.edit(&ours[index], elements: oursElements, prefix: "o", &random)
    KeyedMergeTriple.edit(&theirs[index], elements: theirsElements, prefix: "t", &random)
  }

  /// Plants one conflict on an element of the order: the same field set
  /// to different values, or the element deleted on one side and changed
  /// on the other.
  private mutating func plant(_ index: Int, _ random: inout SeededGenerator) {
    let sku = base[index].lines[Int.random(in: 0..<base[index].lines.count, using: &random)].sku
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      KeyedMergeTriple.update(&ours[index], sku) { $0.qty += 1 }
      KeyedMergeTriple.update(&theirs[index], sku) { $0.qty += 2 }
      planted.insert(Planted(id: index, sku: sku, field: "qty"))
    case 1:
      ours[index].lines.removeAll { $0.sku == sku }
      KeyedMergeTriple.update(&theirs[index], sku) { $0.qty += 2 }
      planted.insert(Planted(id: index, sku: sku, field: "qty"))
    default:
      KeyedMergeTriple.update(&ours[index], sku) { $0.milliPrice += 2000 }
      theirs[index].lines.removeAll { $0.sku == sku }
      planted.insert(Planted(id: index, sku: sku, field: nil))
    }
  }

  /// One side's edits of an order: of the elements `elements` (all when
  /// `nil`) each may change a field, be nudged within the tolerance, or
  /// be deleted; a new element (key `prefix` and a number) may be
  /// inserted anywhere; without `elements`, the name may change.
  private static func edit(
    _ order: inout Order, elements: Set<String>?, prefix: String,
    _ random: inout SeededGenerator
  ) {
    for line in order.lines where elements?.contains(line.sku) ?? true {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: update(&order, line.sku) { $0.qty += 3 }
      case 1: update(&order, line.sku) { $0.milliPrice += 250 }
      case 2: update(&order, line.sku) { $0.milliPrice += 7 }
      case 3: order.lines.removeAll { $0.sku == line.sku }
      default: break
      }
    }
    if elements == nil, Bool.random(using: &random) { order.name += "x" }
    if Int.random(in: 0..<3, using: &random) == 0 {
      let line = Line(sku: "\(prefix)\(order.id)", qty: 1, milliPrice: 1000)
      order.lines.insert(line, at: Int.random(in: 0...order.lines.count, using: &random))
    }
  }

  /// Changes the element `sku` of `order`, when it is there.
  private static func update(_ order: inout Order, _ sku: String, _ change: (inout Line) -> Void) {
    guard let index = order.lines.firstIndex(where: { $0.sku == sku }) else { return }
    change(&order.lines[index])
  }

  /// `orders` written in this triple's form.
  func text(_ orders: [Order]) -> String {
    func price(_ milli: Int) -> String {
      let cents = milli % 10 == 0
      let whole = milli / 1000
      let fraction = milli % 1000
      let digits = String(fraction + 1000).dropFirst()
      return "\(whole)." + (cents ? String(digits.prefix(2)) : String(digits))
    }
    func object(_ order: Order) -> String {
      let lines = order.lines.map {
        "{\"sku\": \"\($0.sku)\", \"qty\": \($0.qty), \"price\": \(price($0.milliPrice))}"
      }
      return "{\"id\": \(order.id), \"name\": \"\(order.name)\", \"lines\": ["
        + lines.joined(separator: ", ") + "]}"
    }
    if jsonLines { return orders.map { object($0) + "\n" }.joined() }
    guard !orders.isEmpty else { return "[]\n" }
    return "[\n" + orders.map { "  " + object($0) }.joined(separator: ",\n") + "\n]\n"
  }

  /// The name a snapshot of this triple is read under.
  func fileName(_ side: String) -> String { side + (jsonLines ? ".jsonl" : ".json") }
}
