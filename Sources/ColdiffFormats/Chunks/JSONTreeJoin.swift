/// The tree layouts of a chunked validating scan (`coldiff --tree`), each
/// chunk's joined as soon as it and the chunks before it are scanned
/// (`ChunkedScan.runTakingInOrder`, beside `JSONIndexJoin`): a chunk's
/// nodes go from its builder's rows straight into the joined arrays
/// while they are still in the cache (`TreeLayoutBuilder.finish(appendingTo:rootsBefore:)`),
/// with no arrays of the chunk's own between. The joined arrays are
/// reserved before the first part is appended, for the nodes of the whole
/// input estimated from it.
///
/// Used by one thread at a time (the join's lock).
final class JSONTreeJoin: @unchecked Sendable {
  /// What a chunk's scan laid out (`TreeBuild.finishPart()`): its
  /// builder, whose rows are not made into arrays of their own.
  struct Part {
    /// The children member's name.
    let children: [UInt8]
    /// The key member whose value's range and canonical bytes are noted.
    let key: [UInt8]?
    /// The builder, or the first failure in preorder.
    var result: Result<TreeLayoutBuilder, JSONTreeScanner.Failure>
  }

  /// The names the parts were laid out by; `nil` before the first part.
  private var names: JSONTreeNames?
  /// The layouts of the parts joined so far (held here alone, so that
  /// it grows in place).
  private var layout = JSONTreeScanner.Layout()
  /// The first failure, with the path from the first record.
  private var failure: JSONTreeScanner.Failure?
  /// Whether a part had no capture.
  private var missing = false
  /// How many records (roots) the parts joined so far hold.
  private var roots = 0
  /// The length of the input the chunks cover, for the estimate.
  private let size: Int

  /// A join of the chunks of an input of `size` bytes.
  init(covering size: Int) { self.size = size }

  /// The captures of every part, joined: the nodes and root indices of
  /// each numbered after those of the parts before it, the first failure
  /// kept; `nil` when a part had none.
  var capture: JSONTreeCapture? {
    guard !missing, let names else { return nil }
    return JSONTreeCapture(
      children: names.children, key: names.key,
      result: failure.map { .failure($0) } ?? .success(layout))
  }

  /// Appends the next part, which holds `records` records.
  func append(_ part: consuming Part?, records: Int) {
    defer { roots += records }
    guard !missing, let part else {
      missing = true
      return
    }
    let first = names == nil
    names = JSONTreeNames(children: part.children, key: part.key)
    guard failure == nil else { return }
    switch part.result {
    case .failure(var refused):
      refused.path[0] += roots
      failure = refused
      layout = JSONTreeScanner.Layout()
    case .success(var builder):
      if first { reserve(for: builder) }
      builder.finish(appendingTo: &layout, rootsBefore: roots)
    }
  }

  /// Makes room in the joined arrays for the nodes of the whole input,
  /// estimated from those of the first part (`JoinEstimate`), before it
  /// is appended.
  private func reserve(for first: TreeLayoutBuilder) {
    guard let span = first.rootsSpan, !span.isEmpty else { return }
    let count = first.nodeCount
    let nodes = JoinEstimate.whole(count, in: span.count, of: size)
    layout.reserve(
      nodes: nodes, keyBytes: first.keyed ? first.canonicalKeys.count / max(count, 1) + 1 : nil)
  }
}
