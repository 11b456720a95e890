import ColdiffFormats

extension PatchTarget {
  /// A `test` of an untouched original row, whose bytes are compared
  /// with the patch's on the other core: the operation's index and the
  /// row's handle.
  struct DeferredTest {
    let operation: Int
    let handle: Int32
  }

  /// How many operations are applied in order while the other core
  /// compares the tests of the block before them.
  static let operationsPerBlock = 2048

  /// The table whose tests of untouched rows `applyDeferringTests` leaves
  /// to the other core, when `patch` has blocks enough for it to pay and
  /// the target's pages stay while it runs; `nil` otherwise.
  func testsDeferredTable(_ patch: RawJSONPatch) -> CSVTable? {
    guard replacement == nil, !isObjectMap, !snapshot.bytes.releasesPages,
      patch.operations.count > PatchTarget.operationsPerBlock,
      case .table(let table) = snapshot.storage
    else { return nil }
    return table
  }

  /// Applies `patch` to a table's rows as ``apply(_:operations:)`` does,
  /// with the tests of untouched original rows (about half of a patch
  /// coldiff writes: each key and each record before it is removed)
  /// compared on the other core: the operations go in blocks, each
  /// applied in order on this core while the other compares the tests
  /// the block before it left (`originalRow`, which reads only the
  /// table's bytes and the patch's), and the last block's on both.
  ///
  /// A test whose bytes the comparison cannot tell equal, or an operation
  /// that fails, sends the whole patch again, one operation after
  /// another, to the target as it was: its result and its error are then
  /// those of ``apply(_:operations:)``, a test's told on the built value
  /// where its bytes differ.
  ///
  /// - Throws: `JSONPatchApplicationError` as ``apply(_:operations:)``.
  mutating func applyDeferringTests(_ patch: RawJSONPatch, table: CSVTable)
    throws(JSONPatchApplicationError)
  {
    // (The untouched target: its arrays are copied only where an
    // operation changes them.)
    let before = self
    let count = patch.operations.count
    var (pending, held, start) = ([DeferredTest](), true, 0)
    while start < count {
      let block = start..<min(count, start + PatchTarget.operationsPerBlock)
      let checking = pending
      pending = []
      let (applied, same) = Parallel.both(
        { applyLeavingTests(patch, operations: block, into: &pending) },
        { PatchTarget.hold(checking, of: patch, in: table) })
      held = held && same
      guard applied, held else { break }
      start = block.upperBound
    }
    if held, start == count {
      let half = pending.count / 2
      let (first, second) = Parallel.both(
        { PatchTarget.hold(pending[..<half], of: patch, in: table) },
        { PatchTarget.hold(pending[half...], of: patch, in: table) })
      if first && second { return }
    }
    self = before
    try apply(patch, operations: patch.operations.indices)
  }

  /// Applies the operations at `indices` of `patch` in order, a test of
  /// an untouched original row added to `tests` instead of compared.
  ///
  /// - Returns: `false` when an operation fails (the target is then
  ///   part-way through the block).
  private mutating func applyLeavingTests(
    _ patch: RawJSONPatch, operations indices: Range<Int>, into tests: inout [DeferredTest]
  ) -> Bool {
    patch.operations.withUnsafeBufferPointer { operations in
      for index in indices {
        do throws(PointerFailure) {
          switch try applyOnHandles(operations[index], of: patch, deferring: true) {
          case .applied: continue
          case .deferred(let handle): tests.append(DeferredTest(operation: index, handle: handle))
          case .left: try operations[index].apply(to: &self)
          }
        } catch {
          return false
        }
      }
      return true
    }
  }

  /// Whether every test of `tests` holds on its row's bytes
  /// (`originalRow`); `false` when one cannot be told so.
  private static func hold(
    _ tests: some Collection<DeferredTest>, of patch: RawJSONPatch, in table: CSVTable
  ) -> Bool {
    patch.bytes.withUnsafeBufferPointer { patchBytes in
      patch.operations.withUnsafeBufferPointer { operations in
        tests.allSatisfy { test in
          let operation = operations.baseAddress! + test.operation
          return originalRow(
            table, test.handle, at: operation.pointee.path.tokens.dropFirst(),
            equal: patch.valueRange(of: operation.pointee), in: patchBytes)
        }
      }
    }
  }
}
