/// Walks records nested in a children member (a tree of records, `coldiff
/// --tree`) in one pass over already validated JSON: each record's range,
/// parent and index among its siblings in preorder, the range of its
/// children array and of its key member, found by skipping and without
/// building values. Each byte is looked at once, however deep the tree.
public enum JSONTreeScanner {
  /// What the scan found, one entry per record in preorder (a record,
  /// then its children's subtrees, then its next sibling).
  public struct Layout: Sendable {
    /// Each record's bytes.
    public var ranges: [Range<Int>] = []
    /// Each record's parent, -1 for a top-level record.
    public var parents: [Int32] = []
    /// Each record's index among its siblings.
    public var siblingIndex: [Int32] = []
    /// The range of each record's children array, `nil` without one.
    public var childrenRanges: [Range<Int>?] = []
    /// The range of each record's key member's value, `nil` without one
    /// (or when no key name was given).
    public var keyRanges: [Range<Int>?] = []

    /// An empty layout, to be filled.
    public init() {}
  }

  /// A record that cannot be read as a node of the tree.
  public struct Failure: Error, Sendable {
    /// The record's index path (`[0, 2, 1]`).
    public var path: [Int]
    /// Where the record starts in the input.
    public var offset: Int
    /// What is wrong, for a message.
    public var reason: String

    init(record: Int, in layout: Layout, reason: String) {
      var path: [Int] = []
      var node = record
      while node >= 0 {
        path.append(Int(layout.siblingIndex[node]))
        node = Int(layout.parents[node])
      }
      self.path = path.reversed()
      offset = layout.ranges[record].lowerBound
      self.reason = reason
    }
  }

  /// Scans the trees rooted at `roots`.
  ///
  /// - Parameters:
  ///   - bytes: the input, already validated.
  ///   - roots: the top-level records' ranges.
  ///   - children: the name of the children member (a record's direct
  ///     member).
  ///   - key: the name of a key member whose value range to note, if any.
  /// - Returns: the records in preorder.
  /// - Throws: `Failure` for a children member that is not an array, or
  ///   that a record has twice.
  /// - Complexity: O(size of the records).
  public static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, roots: [Range<Int>], children: [UInt8], key: [UInt8]?
  ) throws(Failure) -> Layout {
    var layout = Layout()
    layout.ranges.reserveCapacity(roots.count)
    // Open records, each with the cursor inside it and, while in its
    // children array, the number of children seen so far (-1 outside).
    var open: [(node: Int, cursor: Int, childCount: Int)] = []
    for (index, root) in roots.enumerated() {
      _ = start(root.lowerBound, parent: -1, sibling: index, bytes, &layout, &open)
      while let top = open.last {
        let node = top.node
        let cursor = top.cursor
        if top.childCount >= 0 {
          // Inside the node's children array.
          switch bytes[cursor] {
          case UInt8(ascii: "]"):
            let begin = layout.childrenRanges[node]!.lowerBound
            layout.childrenRanges[node] = begin..<(cursor + 1)
            open[open.count - 1] = (node, skipSpace(bytes, cursor + 1), -1)
          case UInt8(ascii: ","):
            open[open.count - 1].cursor = skipSpace(bytes, cursor + 1)
          default:
            open[open.count - 1].childCount += 1
            let end = start(
              cursor, parent: node, sibling: top.childCount, bytes, &layout, &open)
            if end >= 0 { open[open.count - 1].cursor = skipSpace(bytes, end) }
          }
          continue
        }
        // Among the node's members.
        switch bytes[cursor] {
        case UInt8(ascii: "}"):
          layout.ranges[node] = layout.ranges[node].lowerBound..<(cursor + 1)
          open.removeLast()
          if !open.isEmpty { open[open.count - 1].cursor = skipSpace(bytes, cursor + 1) }
        case UInt8(ascii: ","):
          open[open.count - 1].cursor = skipSpace(bytes, cursor + 1)
        default:
          let nameEnd = JSONLexer.endOfValidatedString(bytes, from: cursor)
          let name = (cursor + 1)..<(nameEnd - 1)
          let valueStart = skipSpace(bytes, skipSpace(bytes, nameEnd) + 1)
          if JSONText.string(bytes, range: name, equals: children) {
            guard layout.childrenRanges[node] == nil else {
              throw Failure(
                record: node, in: layout, reason: "has two members named the children member")
            }
            guard bytes[valueStart] == UInt8(ascii: "[") else {
              throw Failure(
                record: node, in: layout,
                reason: "is not an array (a tree nests its records in an array)")
            }
            layout.childrenRanges[node] = valueStart..<valueStart
            open[open.count - 1] = (node, skipSpace(bytes, valueStart + 1), 0)
          } else {
            let valueEnd = JSONLexer.endOfValidatedValue(bytes, from: valueStart)
            if let key, JSONText.string(bytes, range: name, equals: key) {
              layout.keyRanges[node] = valueStart..<valueEnd
            }
            open[open.count - 1].cursor = skipSpace(bytes, valueEnd)
          }
        }
      }
    }
    return layout
  }

  /// Numbers the record at `start`; opens it when it is an object.
  ///
  /// - Returns: the record's end for a record that is not an object, -1
  ///   for an object (opened).
  private static func start(
    _ start: Int, parent: Int, sibling: Int, _ bytes: UnsafeBufferPointer<UInt8>,
    _ layout: inout Layout, _ open: inout [(node: Int, cursor: Int, childCount: Int)]
  ) -> Int {
    let node = layout.ranges.count
    layout.parents.append(Int32(parent))
    layout.siblingIndex.append(Int32(sibling))
    layout.childrenRanges.append(nil)
    layout.keyRanges.append(nil)
    guard bytes[start] == UInt8(ascii: "{") else {
      let end = JSONLexer.endOfValidatedValue(bytes, from: start)
      layout.ranges.append(start..<end)
      return end
    }
    layout.ranges.append(start..<start)
    open.append((node, skipSpace(bytes, start + 1), -1))
    return -1
  }

  private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }
}
