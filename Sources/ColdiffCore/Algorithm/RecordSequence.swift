/// A sequence of `Int32` handles in their current order that supports
/// insertion, removal and lookup by position: a list of chunks of at most
/// `chunkLimit` handles, so inserting or removing at a position shifts one
/// chunk, not the whole list (DESIGN §2.6–§2.7).
///
/// Applying or folding a sequential patch touches positions that shift
/// after every operation: Core's `apply` and `OrderedCollectionDiff(oldCount:
/// patch:)` keep their tags in one, colpatch the records of a list target,
/// coldiff the member names of an object map's roots.
///
/// A position is found from the chunks' sizes, kept as running counts
/// (`FenwickTree`) so that finding one reads a few of them, not the
/// sizes of every chunk before it; a patch of d operations on n records
/// costs O(n + d·(log(n/c) + c)) for chunks of c handles, memory moves
/// of small contiguous arrays rather than the pointer chasing of a tree.
public struct RecordSequence: Sendable {
  /// The chunks in order; none is longer than `chunkLimit`.
  private var chunks: [[Int32]]
  /// The number of handles of each chunk, as running counts, to find a
  /// position's chunk.
  private var counts: FenwickTree
  /// The number of handles.
  public private(set) var count: Int

  /// How many handles a chunk holds when the sequence is made.
  private static let chunkSize = 2048
  /// A chunk that grows beyond this is split in two.
  private static let chunkLimit = 2 * chunkSize

  /// Creates a sequence holding `handles` in order.
  ///
  /// - Complexity: O(n).
  public init(_ handles: [Int32]) {
    count = handles.count
    chunks = stride(from: 0, to: handles.count, by: Self.chunkSize).map {
      Array(handles[$0..<min($0 + Self.chunkSize, handles.count)])
    }
    if chunks.isEmpty { chunks = [[]] }
    counts = RecordSequence.counts(of: chunks)
  }

  /// Creates a sequence holding `0..<count` in order.
  ///
  /// - Complexity: O(n).
  public init(identityOf count: Int) {
    self.init((0..<Int32(count)).map { $0 })
  }

  /// The handle at `position`.
  ///
  /// - Complexity: O(log(n/c)).
  public subscript(position: Int) -> Int32 {
    get {
      precondition(position >= 0 && position < count, "position out of range")
      let (chunk, offset) = locate(position)
      return chunks[chunk][offset]
    }
    set {
      precondition(position >= 0 && position < count, "position out of range")
      let (chunk, offset) = locate(position)
      chunks[chunk][offset] = newValue
    }
  }

  /// Inserts `handle` so that it ends at `position`.
  ///
  /// - Complexity: O(log(n/c) + c).
  public mutating func insert(_ handle: Int32, at position: Int) {
    precondition(position >= 0 && position <= count, "insert position out of range")
    // The first chunk whose end is at or after `position`: a handle
    // inserted at a chunk's end joins that chunk, not the next.
    let before = counts.leadingSlots(summingAtMost: position - 1)
    let chunk = min(before.slots, chunks.count - 1)
    chunks[chunk].insert(handle, at: position - before.sum)
    counts.add(1, at: chunk)
    count += 1
    if chunks[chunk].count > Self.chunkLimit {
      let tail = Array(chunks[chunk][Self.chunkSize...])
      chunks[chunk].removeSubrange(Self.chunkSize...)
      chunks.insert(tail, at: chunk + 1)
      counts = RecordSequence.counts(of: chunks)
    }
  }

  /// Removes the handle at `position` and returns it.
  ///
  /// - Complexity: O(log(n/c) + c).
  @discardableResult
  public mutating func remove(at position: Int) -> Int32 {
    precondition(position >= 0 && position < count, "remove position out of range")
    let (chunk, offset) = locate(position)
    counts.add(-1, at: chunk)
    count -= 1
    return chunks[chunk].remove(at: offset)
  }

  /// Removes the handle at `from`, then inserts it at `to` in the
  /// sequence as it is after the removal (RFC 6902 `move`).
  ///
  /// - Complexity: O(log(n/c) + c).
  public mutating func move(from: Int, to: Int) {
    precondition(from >= 0 && from < count, "move from \(from) is out of range")
    let handle = remove(at: from)
    precondition(to >= 0 && to <= count, "move to \(to) is out of range")
    insert(handle, at: to)
  }

  /// All handles in order.
  ///
  /// - Complexity: O(n).
  public func inOrder() -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(count)
    for chunk in chunks { result += chunk }
    return result
  }

  /// The running counts of the handles of `chunks`.
  private static func counts(of chunks: [[Int32]]) -> FenwickTree {
    FenwickTree(counts: chunks.map { Int32($0.count) })
  }

  /// The chunk that holds `position` and the position in it.
  /// (Chunks emptied by removals before it are passed over.)
  private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
    let before = counts.leadingSlots(summingAtMost: position)
    return (before.slots, position - before.sum)
  }
}
