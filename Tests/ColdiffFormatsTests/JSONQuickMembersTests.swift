import Foundation
import TestSupport
import Testing

@testable import ColdiffFormats

/// The quick skip of a tree node's members (`JSONLexer.quickMembers`)
/// against the token loop it stands in front of (`membersByTokens`): on
/// seeded random nodes (whitespace, escapes, UTF-8, every kind of number,
/// nested values holding the names looked for, names that are the
/// children member or a key written plainly or escaped, several children
/// members, several keys), damaged or not, read from their first member
/// or from any member after it, followed by padding of every length up
/// to past the room the quick skip needs (`StringStops.reach`), in JSON
/// Lines and in a document, with
/// every set of names and keys: whatever the quick skip takes, the token
/// loop takes, stopping at the same place with the same keys. And the
/// JSONTestSuite cases, each as the value of a node's member and as a
/// node. And whole validating scans that lay trees out give the same
/// index, tree and first error with the quick skip as without it.
@Suite struct JSONQuickMembersTests {
  /// What a read of members made: where it stopped, and what it noted.
  private struct Outcome: Equatable {
    var position: Int
    var atChildren: Bool
    var name: Range<Int>
    var escaped: Bool
    var recordKey: Range<Int>?
    var treeKeys: [Range<Int>]

    init(_ stop: QuickMembersStop, treeKeys: [Range<Int>]) {
      position = stop.position
      atChildren = stop.atChildren
      name = stop.atChildren ? stop.name : 0..<0
      escaped = stop.atChildren && stop.escaped
      recordKey = stop.recordKey
      self.treeKeys = treeKeys
    }
  }

  /// The names a scan looks for: the children member, the record key and
  /// the tree key.
  private struct Names {
    var children: String
    var recordKey: String?
    var treeKey: String?
  }

  private static let nameSets = [
    Names(children: "kids", recordKey: "id", treeKey: "id"),
    Names(children: "kids", recordKey: "identifier_long", treeKey: "name"),
    Names(children: "children_member_name", recordKey: nil, treeKey: "id"),
    Names(children: "id", recordKey: "id", treeKey: nil),
    Names(children: "", recordKey: "é", treeKey: "kids"),
    Names(
      children: "a_name_of_sixty_four_bytes_to_see_the_lengths_wrap_at_sixty_four", recordKey: "id",
      treeKey: "id"),
  ]
  private static let memberNames = [
    "id", "kids", "name", "identifier_long", "children_member_name", "", #"i\u0064"#,
    #"k\u0069ds"#, #"\u0069dentifier_long"#, "é", #"\u00e9"#, "idx", "i", "kid", #"a\"b"#,
    "a_name_of_sixty_four_bytes_to_see_the_lengths_wrap_at_sixty_four", "ab",
  ]
  private static let strings = [
    "plain", "é", "😀", #"\n"#, #"\u00e9"#, #"\""#, #"\\"#, "abcdefghijklmnopqrstuvwxyz",
    #"\uD800"#, "\u{7F}", #"\/"#, "kids", "id",
  ]
  private static let text = RandomJSONText(names: memberNames, strings: strings)

  /// A node: its text, and where each of its members starts (just after
  /// the `{` or the `,` before it).
  private static func node(_ random: inout SeededGenerator) -> (text: [UInt8], starts: [Int]) {
    var members = Self.text.members(0, &random)
    if members.isEmpty { members = [" \"id\": 1"] }
    var text = Array("{".utf8)
    var starts: [Int] = []
    for (number, member) in members.enumerated() {
      if number > 0 { text.append(UInt8(ascii: ",")) }
      starts.append(text.count)
      text += Array(member.utf8)
    }
    text.append(UInt8(ascii: "}"))
    return (text, starts)
  }

  /// Checks the members read from `start` in `text` followed by `padding`
  /// spaces, in both modes, with every set of names and every set of
  /// keys wanted; returns how many times the quick skip took them, and
  /// how many of those it stopped at a children member.
  @discardableResult
  private static func check(_ text: [UInt8], from start: Int, padding: Int, depth: Int = 1)
    -> (taken: Int, atChildren: Int)
  {
    var taken = 0
    var atChildren = 0
    let buffer = text + [UInt8](repeating: UInt8(ascii: " "), count: padding)
    buffer.withUnsafeBufferPointer { bytes in
      for stopsAtNewline in [false, true] {
        for names in nameSets {
          let quickNames = QuickTreeNames(
            children: QuickKey(Array(names.children.utf8)),
            recordKey: QuickKey(names.recordKey.map { Array($0.utf8) }),
            treeKey: QuickKey(names.treeKey.map { Array($0.utf8) }))
          for wanted in 0...3 {
            var lexer = JSONLexer(bytes: bytes, range: 0..<bytes.count)
            lexer.stopsAtNewline = stopsAtNewline
            lexer.position = start
            var stop = QuickMembersStop()
            let end = lexer.quickMembers(
              depth: depth, names: quickNames, wanted: wanted, stop: &stop)
            guard end >= 0 else { continue }
            taken += 1
            if stop.atChildren { atChildren += 1 }
            let quick = Outcome(stop, treeKeys: stop.treeKey.map { [$0] } ?? [])
            var stack: [Bool] = []
            let byTokens = Result { () throws(InputError) -> Outcome in
              let read = try lexer.membersByTokens(
                depth: depth, children: MemberName(Array(names.children.utf8)),
                recordKey: wanted & 1 != 0
                  ? names.recordKey.map { MemberName(Array($0.utf8)) } : nil,
                treeKey: wanted & 2 != 0 ? names.treeKey.map { MemberName(Array($0.utf8)) } : nil,
                stack: &stack)
              #expect(lexer.position == read.stop.position)
              return Outcome(read.stop, treeKeys: read.treeKeys)
            }
            #expect(end == stop.position)
            #expect(
              (try? byTokens.get()) == quick,
              "\(String(decoding: text, as: UTF8.self)) from \(start) (lines: \(stopsAtNewline), children: \(names.children), wanted: \(wanted))"
            )
          }
        }
      }
    }
    return (taken, atChildren)
  }

  @Test func whatTheQuickSkipTakesTheTokenLoopTakesAlike() {
    var random = SeededGenerator(seed: 8_317)
    var taken = 0
    var damagedTaken = 0
    var atChildren = 0
    for round in 0..<1_500 {
      var (text, starts) = Self.node(&random)
      if round % 2 == 1 { text = RandomJSONText.damaged(text, &random) }
      // Most with room after them, some without (the margin).
      let least = round % 4 == 0 ? 0 : StringStops.reach
      let padding = Int.random(in: least...(StringStops.reach + 16), using: &random)
      let start = starts.randomElement(using: &random)!
      let depth = [0, 1, 5].randomElement(using: &random)!
      guard start < text.count else { continue }
      let count = Self.check(text, from: start, padding: padding, depth: depth)
      taken += count.taken
      atChildren += count.atChildren
      if round % 2 == 1 { damagedTaken += count.taken }
    }
    // The comparisons ran (26,596 of them when written, 10,386 on damaged
    // nodes, 6,732 stopping at a children member): most undamaged nodes
    // with room after them are taken, some damaged ones too (a damage
    // inside a string can keep it valid), and many stop at a children
    // member.
    #expect(taken > 25_000)
    #expect(damagedTaken > 5_000)
    #expect(atChildren > 3_000)
  }

  @Test func nestingAtTheLimitsIsLeftToTheTokenLoop() {
    for levels in [61, 62, 63, 64, JSONReader.maximumDepth - 2, JSONReader.maximumDepth] {
      let text = Self.nested(levels)
      Self.check(text, from: 1, padding: StringStops.reach, depth: 0)
      Self.check(text, from: 1, padding: StringStops.reach, depth: 1)
    }
    // The node and 62 containers in it fit the word of kinds; one more is
    // left to the token loop.
    let all = Self.nameSets.count * 4 * 2
    let margin = StringStops.reach
    #expect(Self.check(Self.nested(62), from: 1, padding: margin, depth: 0).taken == all)
    #expect(Self.check(Self.nested(63), from: 1, padding: margin, depth: 0).taken == 0)
    // Near `JSONReader.maximumDepth`, the enclosing depth counts.
    let depth = JSONReader.maximumDepth - 3
    #expect(Self.check(Self.nested(2), from: 1, padding: margin, depth: depth).taken == all)
    #expect(Self.check(Self.nested(3), from: 1, padding: margin, depth: depth).taken == 0)
  }

  /// A node whose member `v` holds `levels` arrays, each the only element
  /// of the one around it.
  private static func nested(_ levels: Int) -> [UInt8] {
    Array(
      (#"{"v":"# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        + "}").utf8)
  }

  @Test func theJSONTestSuiteCasesAsValuesAndAsNodes() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing")
    #expect(files.count > 300)
    var taken = 0
    for (_, text) in files {
      // As the value of a key, of another member, and of the children
      // member; as a node.
      for prefix in [#"{"id":"#, #"{"x": "#, #"{"kids" :"#] {
        let node = Array(prefix.utf8) + text + Array(#", "id": 2}"#.utf8)
        taken += Self.check(node, from: 1, padding: StringStops.reach).taken
      }
      taken += Self.check(text, from: 1, padding: StringStops.reach).taken
    }
    // 20,868 when written.
    #expect(taken > 15_000)
  }

  // MARK: - Whole scans

  private static let children = Array("kids".utf8)

  /// What a validating scan that lays the tree out made of an input.
  private static func scan(
    _ text: [UInt8], _ form: InputForm, keyName: [UInt8]?, nodes: JSONKnownNodes?,
    quick: Bool
  ) -> Result<JSONCollectionIndex, InputError> {
    text.withUnsafeBufferPointer { buffer in
      Result { () throws(InputError) in
        var scanner = Scanner(
          bytes: buffer, keyName: keyName, nodes: nodes,
          tree: JSONTreeNames(children: children, key: keyName))
        scanner.triesQuickMembers = quick
        return form == .jsonLines
          ? try scanner.scanLines() : try scanner.scanDocument(expecting: form)
      }
    }
  }

  /// OLD's nodes, for NEW's scan to take whole.
  private static func knownNodes(
    _ old: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, _ form: InputForm, keyName: [UInt8]?
  ) -> JSONKnownNodes? {
    guard case .success(let index) = scan(old, form, keyName: keyName, nodes: nil, quick: true),
      case .success(let layout) = index.tree?.result
    else { return nil }
    return JSONKnownNodes(
      bytes: buffer, form: form, layout: layout, children: children, key: keyName)
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func scansWithTheQuickSkipGiveTheScansWithout(form: InputForm) {
    var random = SeededGenerator(seed: 523 + RandomCollection.seed(form))
    var trees = 0
    var errors = 0
    for round in 0..<150 {
      // Forests large enough that most nodes are far from the end.
      let forest = (0..<3).flatMap { _ in RandomForest.make(using: &random) }
      let (old, edited) = RandomForest.renderedPair(forest, form, using: &random)
      var new = edited
      if round % 3 == 1 { new = RandomForest.refused(new, using: &random) }
      if round % 4 == 3 { new = RandomCollection.damaged(new, using: &random) }
      for keyName in [nil, Array("id".utf8)] {
        old.withUnsafeBufferPointer { buffer in
          for nodes in [nil, Self.knownNodes(old, in: buffer, form, keyName: keyName)] {
            let quick = Self.scan(new, form, keyName: keyName, nodes: nodes, quick: true)
            let byTokens = Self.scan(new, form, keyName: keyName, nodes: nodes, quick: false)
            #expect(quick == byTokens, "\(String(decoding: new, as: UTF8.self))")
            switch quick {
            case .success(let index): trees += index.tree == nil ? 0 : 1
            case .failure: errors += 1
            }
          }
        }
      }
    }
    // Not vacuous: trees were laid out (not an object map's), and errors
    // made (about 500 and 100 of them when written; 76 errors for an
    // object map).
    #expect(form == .jsonObject || trees > 400)
    #expect(errors > 30)
  }
}
