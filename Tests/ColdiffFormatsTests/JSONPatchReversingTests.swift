import ColdiffFormats
import Testing

@Suite struct JSONPatchReversingTests {
  private func json(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }
  private func patch(_ text: String) throws -> JSONPatch { try JSONPatch(from: try json(text)) }

  private static let guardedCases: [(String, String)] = [
    (
      #"[{"id":1,"p":10},{"id":2,"p":20},{"id":3,"p":30}]"#,
      #"""
      [{"op":"test","path":"/1/id","value":2},{"op":"test","path":"/1","value":{"id":2,"p":20}},
       {"op":"remove","path":"/1"},
       {"op":"test","path":"/1/id","value":3},{"op":"move","from":"/1","path":"/0"},
       {"op":"add","path":"/2","value":{"id":4}},
       {"op":"test","path":"/1/p","value":10},{"op":"replace","path":"/1/p","value":11},
       {"op":"add","path":"/1/new","value":true},
       {"op":"test","path":"/0/p","value":30},{"op":"remove","path":"/0/p"}]
      """#
    ),
    (
      #"{"a":{"b":[1,2]}}"#,
      #"[{"op":"add","path":"/a/c","value":"x"},{"op":"add","path":"/a/b/0","value":0}]"#
    ),
    // A record moved out to its parent's place: its move back would go into
    // its own subtree, so the reverse removes and adds it (SPEC §7.19).
    (
      #"[{"id":"E"},{"id":"G","children":[{"id":"H","p":1}]}]"#,
      #"""
      [{"op":"test","path":"/1/children/0/id","value":"H"},
       {"op":"test","path":"/1/children/0","value":{"id":"H","p":1}},
       {"op":"move","from":"/1/children/0","path":"/1"}]
      """#
    ),
  ]

  @Test(arguments: guardedCases)
  func reversedPatchBringsTheOriginalBack(document: String, patchText: String) throws {
    let original = try json(document)
    let forward = try patch(patchText)
    let changed = try forward.applied(to: original)
    #expect(changed != original)
    let backward = try forward.reversed()
    #expect(try backward.applied(to: changed) == original)
    #expect(try backward.reversed().applied(to: original) == changed)
  }

  @Test(arguments: [
    (#"[{"op":"remove","path":"/0"}]"#, "op 0 (remove /0)"),
    (
      #"[{"op":"test","path":"/1","value":1},{"op":"replace","path":"/0","value":2}]"#,
      "op 1 (replace /0)"
    ),
    (#"[{"op":"move","from":"/0","path":"/2"}]"#, "op 0 (move /2)"),
    (
      #"[{"op":"test","path":"/1/children/0/id","value":"H"},{"op":"move","from":"/1/children/0","path":"/1"}]"#,
      "op 1 (move /1)"
    ),
    (#"[{"op":"copy","from":"/0","path":"/2"}]"#, "op 0 (copy /2)"),
    (#"[{"op":"add","path":"/-","value":1}]"#, "op 0 (add /-)"),
  ])
  func unguardedOperationsAreRefusedByNumber(patchText: String, named: String) throws {
    let unguarded = try patch(patchText)
    #expect {
      try unguarded.reversed()
    } throws: { error in
      (error as? InputError)?.message.contains("cannot reverse \(named)") == true
    }
  }
}
