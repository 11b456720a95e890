import ColdiffFormats
import TestSupport

/// Random forests of records nested in `kids`, edited as a new version
/// would be: a record changed, one deleted with its subtree, one moved
/// under another parent, one inserted.
enum RandomForest {
  struct Node {
    var id: Int
    var name: String
    var kids: [Node]?
  }

  static func make(using random: inout SeededGenerator) -> [Node] {
    var next = 0
    func node(depth: Int) -> Node {
      next += 1
      let id = next
      let hasKids = depth < 4 && Int.random(in: 0..<3, using: &random) > 0
      let kids =
        hasKids
        ? (0..<Int.random(in: 0...3, using: &random)).map { _ in node(depth: depth + 1) } : nil
      return Node(id: id, name: name(using: &random), kids: kids)
    }
    return (0..<Int.random(in: 1...5, using: &random)).map { _ in node(depth: 0) }
  }

  static func edited(_ forest: [Node], using random: inout SeededGenerator) -> [Node] {
    var forest = forest
    let count = forest.reduce(0) { $0 + size($1) }
    visit(&forest, at: Int.random(in: 0..<count, using: &random)) { node, _ in
      node.name += " changed"
    }
    // A record moved under another (or dropped, with its subtree, when
    // it was the only root), then one inserted.
    var moved: Node?
    visit(&forest, at: Int.random(in: 0..<count, using: &random)) { node, remove in
      moved = node
      remove = true
    }
    let total = forest.reduce(0) { $0 + size($1) }
    if let moved, total > 0 {
      visit(&forest, at: Int.random(in: 0..<total, using: &random)) { node, _ in
        node.kids = (node.kids ?? []) + [moved]
      }
    }
    visit(&forest, at: 0) { node, _ in
      node.kids = [Node(id: 9999, name: "inserted", kids: nil)] + (node.kids ?? [])
    }
    return forest
  }

  /// Calls `change` on the node at preorder position `target`; the node
  /// is removed when `change` sets its second argument.
  private static func visit(
    _ nodes: inout [Node], at target: Int, _ change: (inout Node, inout Bool) -> Void
  ) {
    var position = target
    func walk(_ nodes: inout [Node]) -> Bool {
      for index in nodes.indices {
        if position == 0 {
          var remove = false
          change(&nodes[index], &remove)
          if remove { nodes.remove(at: index) }
          return true
        }
        position -= 1
        if nodes[index].kids != nil, walk(&nodes[index].kids!) { return true }
      }
      return false
    }
    _ = walk(&nodes)
  }

  private static func size(_ node: Node) -> Int {
    1 + (node.kids ?? []).reduce(0) { $0 + size($1) }
  }

  /// A forest rendered as OLD and an edit of it (`edited(_:using:)`) as
  /// NEW, both in `form`, both pretty-printed or both not (never JSON
  /// Lines).
  static func renderedPair(
    _ forest: [Node], _ form: InputForm, using random: inout SeededGenerator
  ) -> (old: [UInt8], new: [UInt8]) {
    let pretty = form != .jsonLines && Bool.random(using: &random)
    return (
      render(forest, form, pretty: pretty),
      render(edited(forest, using: &random), form, pretty: pretty)
    )
  }

  static func render(_ forest: [Node], _ form: InputForm, pretty: Bool) -> [UInt8] {
    func text(_ node: Node, _ indent: String) -> String {
      let inner = pretty ? "\n" + indent + "  " : ""
      var members = [
        "\"id\": \"n\(node.id)\"", "\"name\": \"\(node.name)\"",
        "\"meta\": {\"a\": [1, {\"b\": null}]}",
      ]
      if let kids = node.kids {
        let items = kids.map { text($0, indent + "    ") }
        members.insert(
          "\"kids\": [" + inner + "  " + items.joined(separator: "," + inner + "  ") + inner + "]",
          at: node.id % 3)
      }
      return "{" + inner + members.joined(separator: "," + inner) + (pretty ? "\n" + indent : "")
        + "}"
    }
    switch form {
    case .jsonLines:
      return Array(forest.map { text($0, "") + "\n" }.joined().utf8)
    case .jsonObject:
      let members = forest.map { "\"m\($0.id)\": " + text($0, "  ") }
      return Array(("{\n  " + members.joined(separator: ",\n  ") + "\n}\n").utf8)
    default:
      return Array(
        ("[\n  " + forest.map { text($0, "  ") }.joined(separator: ",\n  ") + "\n]\n").utf8)
    }
  }

  /// `text` with one record the tree scan refuses: a children member
  /// that is not an array, or a second one.
  static func refused(_ text: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
    let member = Array(#""kids": ["#.utf8)
    let places = text.indices.filter { text[$0...].starts(with: member) }
    guard let place = places.randomElement(using: &random) else { return text }
    let before = Bool.random(using: &random) ? #""kids": 5, "# : #""kids": [], "#
    return Array(text[..<place]) + Array(before.utf8) + Array(text[place...])
  }

  private static func name(using random: inout SeededGenerator) -> String {
    let pieces = ["a", "é", "\\n", "\\\"", ",", "\\u00e9", " ", "{", "]", "😀", "kids"]
    return (0..<Int.random(in: 0...6, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }.joined()
  }
}
