// Times the keyed ordered diff (diff + patch steps) of integer records and
// compares it with the standard library's `difference(from:).inferringMoves()`.
// Run with `swift run -c release CoreBenchmark`.
import ColdiffCore
import Glibc

/// A benchmark record: `id` is the identity, `value` the content.
struct Item: Hashable {
  var id: Int
  var value: Int
}

/// A fixed pseudo-random sequence (SplitMix64), so every run measures the same arrays.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An old array of `count` records and a new one with `changes` changes,
/// a quarter each inserts, deletes, updates and moves.
func workload(count: Int, changes: Int, seed: UInt64) -> (old: [Item], new: [Item]) {
  var random = SplitMix(state: seed)
  let old = (0..<count).map { Item(id: $0, value: Int(random.next() % 1000)) }
  let quarter = changes / 4
  // Each surviving or inserted record gets a sort key; sorting gives NEW.
  var keyed: [(key: Double, item: Item)] = []
  keyed.reserveCapacity(count + quarter)
  var deleted = [Bool](repeating: false, count: count)
  var updated = [Bool](repeating: false, count: count)
  var moved = [Bool](repeating: false, count: count)
  for _ in 0..<quarter { deleted[Int(random.next() % UInt64(count))] = true }
  for _ in 0..<quarter { updated[Int(random.next() % UInt64(count))] = true }
  for _ in 0..<quarter { moved[Int(random.next() % UInt64(count))] = true }
  for (index, item) in old.enumerated() where !deleted[index] {
    var item = item
    if updated[index] { item.value += 1 }
    let key = moved[index] ? Double.random(in: 0..<Double(count), using: &random) : Double(index)
    keyed.append((key, item))
  }
  for extra in 0..<quarter {
    let item = Item(id: count + extra, value: Int(random.next() % 1000))
    keyed.append((Double.random(in: 0..<Double(count), using: &random), item))
  }
  keyed.sort { $0.key < $1.key }
  return (old, keyed.map(\.item))
}

/// The duration of one run of `body`, in seconds.
func seconds(_ body: () -> Void) -> Double {
  let (seconds, attoseconds) = ContinuousClock().measure(body).components
  return Double(seconds) + Double(attoseconds) * 1e-18
}

/// The median duration of three runs of `body` after one warm-up run, in seconds.
func median(_ body: () -> Void) -> Double {
  body()
  return [seconds(body), seconds(body), seconds(body)].sorted()[1]
}

/// Diff + patch steps by id; returns the number of changes and steps.
func coldiff(_ old: [Item], _ new: [Item]) -> (changes: Int, steps: Int) {
  let diff = OrderedCollectionDiff(from: old, to: new, identifiedBy: { $0.id }, isEqual: ==)
  let steps = diff.patchSteps(oldCount: old.count, newCount: new.count)
  return (diff.count, steps.count)
}

func format(_ seconds: Double) -> String {
  let milliseconds = (seconds * 10_000).rounded() / 10
  return "\(milliseconds) ms"
}

/// The same records with sparse ids (a bijective 64-bit scramble), so
/// that the hashed path runs instead of the direct table for dense ids.
func sparse(_ items: [Item]) -> [Item] {
  items.map { Item(id: $0.id &* -7_046_029_254_386_353_131, value: $0.value) }
}

print("keyed ordered diff + patch steps, median of 3")
for (count, percent) in [(1_000_000, 1), (1_000_000, 10)] {
  let (old, new) = workload(count: count, changes: count * percent / 100, seed: 42)
  let (sparseOld, sparseNew) = (sparse(old), sparse(new))
  var result = (changes: 0, steps: 0)
  let dense = median { result = coldiff(old, new) }
  let hashed = median { _ = coldiff(sparseOld, sparseNew) }
  // The command line's path: identities already matched, diff + steps from the matching.
  var position = [Int32](repeating: -1, count: count + count * percent / 100)
  for (index, item) in old.enumerated() { position[item.id] = Int32(index) }
  let newToOld = new.map { position[$0.id] }
  let fromMatching = median {
    let diff = OrderedCollectionDiff(
      oldCount: old.count, newCount: new.count, newToOld: newToOld,
      isEqual: { old[$0] == new[$1] })
    _ = diff.patchSteps(oldCount: old.count, newCount: new.count)
  }
  print(
    "  \(count) records, \(percent)% changes (\(result.changes) changes, \(result.steps) steps):"
      + " dense ids \(format(dense)), sparse ids \(format(hashed)),"
      + " from a given matching \(format(fromMatching))")
}

print("against the standard library's difference(from:).inferringMoves()")
for (count, percent) in [(10_000, 1), (10_000, 10), (100_000, 1), (100_000, 10)] {
  let (old, new) = workload(count: count, changes: count * percent / 100, seed: 7)
  let (sparseOld, sparseNew) = (sparse(old), sparse(new))
  let dense = median { _ = coldiff(old, new) }
  let hashed = median { _ = coldiff(sparseOld, sparseNew) }
  var stdlibChanges = 0
  let stdlib = { stdlibChanges = new.difference(from: old).inferringMoves().count }
  // One run at 100k with 10% changes: Myers' O((n + m)·d) makes it long.
  let single = count * percent >= 1_000_000
  let theirs = single ? seconds(stdlib) : median(stdlib)
  func ratio(_ ours: Double) -> String { "\((theirs / ours * 10).rounded() / 10)x" }
  print(
    "  \(count) records, \(percent)% changes: stdlib \(format(theirs))"
      + "\(single ? " (one run)" : "") (\(stdlibChanges) changes);"
      + " coldiff dense ids \(format(dense)) (\(ratio(dense))),"
      + " sparse ids \(format(hashed)) (\(ratio(hashed)))")
}

/// A forest in preorder of `count` records: `roots` roots, the rest spread
/// as children of the roots.
func forest(count: Int, roots: Int, seed: UInt64) -> [TreeRecord] {
  var random = SplitMix(state: seed)
  var result = (0..<roots).map { TreeRecord(id: $0, value: 0) }
  for id in roots..<count {
    result[Int(random.next() % UInt64(roots))].children.append(TreeRecord(id: id, value: 0))
  }
  return result
}

/// A tree benchmark record.
struct TreeRecord: TreeNode, Equatable {
  var id: Int
  var value: Int
  var children: [TreeRecord] = []
}

print("tree diff + patch steps (records nested under 1,000 roots), median of 3")
for (count, percent) in [(100_000, 1), (100_000, 10)] {
  let old = forest(count: count, roots: 1000, seed: 3)
  var new = old
  var random = SplitMix(state: 4)
  let quarter = count * percent / 400
  for _ in 0..<quarter {
    // Update, move within or across parents, delete and insert leaves.
    let root = Int(random.next() % 1000)
    if !new[root].children.isEmpty {
      new[root].children[Int(random.next() % UInt64(new[root].children.count))].value += 1
      let moved = new[root].children.removeLast()
      new[Int(random.next() % 1000)].children.insert(moved, at: 0)
    }
    let other = Int(random.next() % 1000)
    if !new[other].children.isEmpty { new[other].children.removeFirst() }
    new[Int(random.next() % 1000)].children.append(
      TreeRecord(id: count + Int(random.next() % 1_000_000_000), value: 0))
  }
  var changes = 0
  let generic = median {
    let diff = OrderedCollectionDiff<TreeIndexPath>(
      from: old, to: new, identifiedBy: \.id, isEqual: { $0.id == $1.id && $0.value == $1.value })
    changes = diff.count
    _ = diff.patchSteps(oldShape: TreeShape(of: old), newShape: TreeShape(of: new))
  }
  // The command line's path: shapes and the matching given.
  func preorder(_ nodes: [TreeRecord]) -> [TreeRecord] {
    nodes.flatMap { [$0] + preorder($0.children) }
  }
  let (oldNodes, newNodes) = (preorder(old), preorder(new))
  let (oldShape, newShape) = (TreeShape(of: old), TreeShape(of: new))
  var position: [Int: Int32] = [:]
  for (index, node) in oldNodes.enumerated() { position[node.id] = Int32(index) }
  let newToOld = newNodes.map { position[$0.id] ?? -1 }
  let fromMatching = median {
    let diff = OrderedCollectionDiff<TreeIndexPath>(
      oldShape: oldShape, newShape: newShape, newToOld: newToOld,
      isEqual: { oldNodes[$0].value == newNodes[$1].value })
    _ = diff.patchSteps(oldShape: oldShape, newShape: newShape)
  }
  print(
    "  \(count) records, \(percent)% changes (\(changes) changes): \(format(generic)),"
      + " from a given matching \(format(fromMatching))")
}
