import ColdiffFormats

extension PatchTarget {
  /// A `test` of an untouched original record, whose bytes are compared
  /// with the patch's on the other core: the operation's index and the
  /// record's handle.
  struct DeferredTest {
    let operation: Int
    let handle: Int32
  }

  /// What the other core reads to tell a deferred test: the target's
  /// original records, which no operation changes.
  enum TestedOriginals {
    /// A table's rows (`originalRow`).
    case table(CSVTable)
    /// A JSON target's records, found through its index
    /// (`PatchTarget.member(at:of:in:)`).
    case json(Snapshot, JSONIndexReference)

    /// Whether the test `operation` of original record `handle` holds on
    /// the bytes (`patchBytes` the patch's); `false` when it cannot be
    /// told so.
    func hold(
      _ operation: UnsafePointer<JSONPatchOperation>, of handle: Int32, in patch: RawJSONPatch,
      _ patchBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
      let path = operation.pointee.path.tokens.dropFirst()
      let value = patch.valueRange(of: operation.pointee)
      switch self {
      case .table(let table):
        return originalRow(table, handle, at: path, equal: value, in: patchBytes)
      case .json(let snapshot, let index):
        return snapshot.bytes.withUnsafeBufferPointer { bytes in
          guard
            let found = PatchTarget.member(
              at: path, of: index.recordRange(Int(handle)), in: bytes)
          else { return false }
          return same(bytes, found, patchBytes, value)
        }
      }
    }
  }

  /// How many operations are applied in order while the other core
  /// compares the tests of the block before them.
  static let operationsPerBlock = 2048

  /// The originals whose tests `applyDeferringTests` leaves to the other
  /// core, when `patch` has blocks enough for it to pay and the target's
  /// pages stay while it runs; `nil` otherwise.
  func testedOriginals(_ patch: RawJSONPatch) -> TestedOriginals? {
    guard replacement == nil, !isObjectMap, !snapshot.bytes.releasesPages,
      patch.operations.count > PatchTarget.operationsPerBlock
    else { return nil }
    if let jsonIndex { return .json(snapshot, jsonIndex) }
    guard case .table(let table) = snapshot.storage else { return nil }
    return .table(table)
  }

  /// Applies `patch` as ``applyOneByOne(_:)`` does, with the tests of
  /// untouched original records (about half of a patch coldiff writes:
  /// each key and each record before it is removed) compared on the
  /// other core: the operations go in blocks, each applied in order on
  /// this core while the other compares the tests the block before it
  /// left (`TestedOriginals`, which reads only the target's bytes and the
  /// patch's), and the last block's on both. A JSON record's test just
  /// before a replace of the same member stays on this core: the replace
  /// finds the member where the test found it (`JSONIndexReference`).
  ///
  /// A test whose bytes the comparison cannot tell equal, or an operation
  /// that fails, sends the whole patch again, one operation after
  /// another, to the target as it was: its result and its error are then
  /// those of ``applyOneByOne(_:)``, a test's told on the built value
  /// where its bytes differ.
  ///
  /// - Throws: `JSONPatchApplicationError` as ``applyOneByOne(_:)``.
  mutating func applyDeferringTests(_ patch: RawJSONPatch, originals: TestedOriginals)
    throws(JSONPatchApplicationError)
  {
    // (The untouched target: its arrays are copied only where an
    // operation changes them.)
    let before = self
    let count = patch.operations.count
    var (pending, held, start): ([DeferredTest]?, Bool, Int) = ([], true, 0)
    while start < count {
      let block = start..<min(count, start + PatchTarget.operationsPerBlock)
      let checking = pending ?? []
      pending = []
      let (applied, same) = Parallel.both(
        { () -> Bool in
          // (An operation that fails is failed again, with its error, below.)
          (try? apply(patch, operations: block, leavingTestsIn: &pending)) != nil
        },
        { PatchTarget.hold(checking, of: patch, in: originals) })
      held = held && same
      guard applied, held else { break }
      start = block.upperBound
    }
    if held, start == count, let last = pending {
      let half = last.count / 2
      let (first, second) = Parallel.both(
        { PatchTarget.hold(last[..<half], of: patch, in: originals) },
        { PatchTarget.hold(last[half...], of: patch, in: originals) })
      if first && second { return }
    }
    self = before
    try applyOneByOne(patch)
  }

  /// Whether the operation after the one at `index` replaces the value
  /// at the same path.
  static func replacedNext(
    _ operations: UnsafeBufferPointer<JSONPatchOperation>, after index: Int
  ) -> Bool {
    index + 1 < operations.count && operations[index + 1].kind == .replace
      && operations[index + 1].path == operations[index].path
  }

  /// Whether every test of `tests` holds on its record's bytes; `false`
  /// when one cannot be told so.
  private static func hold(
    _ tests: some Collection<DeferredTest>, of patch: RawJSONPatch, in originals: TestedOriginals
  ) -> Bool {
    patch.bytes.withUnsafeBufferPointer { patchBytes in
      patch.operations.withUnsafeBufferPointer { operations in
        tests.allSatisfy { test in
          originals.hold(
            operations.baseAddress! + test.operation, of: test.handle, in: patch, patchBytes)
        }
      }
    }
  }
}
