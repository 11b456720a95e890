import TestSupport

/// A forest kept flat while it is edited.
struct FlatForest {
  var value: [Int: Int] = [:]
  var children: [Int: [Int]] = [-1: []]
  var parent: [Int: Int] = [:]

  mutating func add(_ id: Int, value: Int, under parent: Int, at index: Int) {
    self.value[id] = value
    self.parent[id] = parent
    children[id] = []
    children[parent, default: []].insert(id, at: index)
  }

  mutating func detach(_ id: Int) {
    children[parent[id]!]!.removeAll { $0 == id }
  }

  func subtree(of id: Int) -> [Int] {
    [id] + children[id]!.flatMap { subtree(of: $0) }
  }

  func nested(_ ids: [Int]? = nil) -> [TreeItem] {
    (ids ?? children[-1]!).map {
      TreeItem(id: $0, value: value[$0]!, children: nested(children[$0]!))
    }
  }

  /// All ids in the forest.
  var ids: [Int] { children[-1]!.flatMap { subtree(of: $0) } }

  /// A random forest and a random edit of it.
  static func randomPair(using generator: inout SeededGenerator) -> (
    old: [TreeItem], new: [TreeItem]
  ) {
    var forest = FlatForest()
    let count = Int.random(in: 0...40, using: &generator)
    for id in 0..<count {
      let existing = forest.ids
      let parent =
        existing.isEmpty || Bool.random(using: &generator)
        ? -1 : existing[Int.random(in: 0..<existing.count, using: &generator)]
      let siblings = forest.children[parent]!.count
      forest.add(id, value: 0, under: parent, at: Int.random(in: 0...siblings, using: &generator))
    }
    let old = forest.nested()
    var nextId = 1000
    for _ in 0..<Int.random(in: 0...max(1, count / 3), using: &generator) {
      let ids = forest.ids
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !ids.isEmpty:
        let victim = ids.randomElement(using: &generator)!
        forest.detach(victim)
        for id in forest.subtree(of: victim) { forest.value[id] = nil }
      case 1 where !ids.isEmpty:
        forest.value[ids.randomElement(using: &generator)!]! += 1
      case 2 where !ids.isEmpty:
        let mover = ids.randomElement(using: &generator)!
        let inside = Set(forest.subtree(of: mover))
        let targets = [-1] + ids.filter { !inside.contains($0) }
        let parent = targets.randomElement(using: &generator)!
        forest.detach(mover)
        forest.parent[mover] = parent
        let siblings = forest.children[parent]!.count
        forest.children[parent]!.insert(
          mover, at: Int.random(in: 0...siblings, using: &generator))
      default:
        let parent = ([-1] + ids).randomElement(using: &generator)!
        let siblings = forest.children[parent]!.count
        forest.add(
          nextId, value: 0, under: parent, at: Int.random(in: 0...siblings, using: &generator))
        if Bool.random(using: &generator) {
          forest.add(nextId + 1, value: 0, under: nextId, at: 0)
        }
        nextId += 2
      }
    }
    return (old, forest.nested())
  }
}
