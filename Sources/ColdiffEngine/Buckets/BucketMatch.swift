import ColdiffCore
import ColdiffFormats

/// One bucket matched and compared from its spilled frames, without
/// reading its records again: keys from the frames, equal bytes for
/// equal records, and only the records whose bytes differ compared
/// field by field (as a run in memory compares them). A frame of OLD
/// written for a pair is matched with its partner in NEW, which NEW's
/// file leaves out.
struct BucketMatch {
  /// OLD's and NEW's records of the bucket.
  let old: SpilledRecords
  let new: SpilledRecords
  /// For each NEW record of the bucket, its partner's index in `old`, or
  /// -1 (a pair's NEW record is not among them: its OLD frame names it).
  let newToOld: [Int32]
  /// Whether each OLD record of the bucket has a partner (a pair's has).
  let oldMatched: [Bool]
  /// The changed fields of each updated record, by index in `old`.
  let changes: [(Int, [FieldChange])]

  /// What a bucket's comparison needs of the run.
  struct Context {
    let identity: Identity
    let rules: ComparisonRules
    /// Whether equal bytes mean equal records (`Comparison`'s rule).
    let rawComparable: Bool
    let oldSide: BucketSide
    let newSide: BucketSide
  }

  /// Matches and compares the records of one bucket.
  ///
  /// - Throws: `InputError` for a duplicate key or a record that cannot be
  ///   compared, located in the input as a run in memory locates it.
  init(old: SpilledRecords, new: SpilledRecords, context: Context) throws {
    self.old = old
    self.new = new
    let oldKeys = BucketMatch.keys(old)
    let newKeys = BucketMatch.keys(new)
    var newToOld: [Int32]
    if context.identity == .wholeValue {
      newToOld = KeyTable.matchOccurrences(old: oldKeys, new: newKeys)
    } else {
      do {
        newToOld = try KeyTable.matchUnique(old: oldKeys, new: newKeys)
      } catch {
        // Rare: the snapshots of the bucket name the duplicate.
        throw BucketMatch.placedError(old, new, context) ?? InputError("duplicate key")
      }
    }
    var oldMatched = old.frames.map { $0.partner != nil }
    var differing: [(old: Int, new: Int)] = []
    for newIndex in newToOld.indices where newToOld[newIndex] >= 0 {
      let oldIndex = Int(newToOld[newIndex])
      guard !oldMatched[oldIndex] else {
        // A record of a pair's key: NEW has the key twice.
        throw BucketMatch.placedError(old, new, context) ?? InputError("duplicate key")
      }
      oldMatched[oldIndex] = true
      if context.rawComparable, old.sameText(oldIndex, as: new, newIndex) { continue }
      differing.append((oldIndex, newIndex))
    }
    self.newToOld = newToOld
    self.oldMatched = oldMatched
    changes = try BucketMatch.fieldChanges(differing, old, new, context)
  }

  /// The canonical keys of a bucket's records.
  private static func keys(_ records: SpilledRecords) -> KeyArena {
    var keys: [UInt8] = []
    keys.reserveCapacity(records.count * 16)
    var starts: [UInt32] = [0]
    starts.reserveCapacity(records.count + 1)
    records.bytes.withUnsafeBufferPointer { bytes in
      for frame in records.frames {
        keys.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[frame.key]))
        starts.append(KeyArena.keyOffset(keys.count))
      }
    }
    return KeyArena(bytes: keys, starts: starts)
  }

  /// The field changes of the matched records whose bytes differ, those
  /// with changes only.
  private static func fieldChanges(
    _ pairs: [(old: Int, new: Int)], _ old: SpilledRecords, _ new: SpilledRecords,
    _ context: Context
  ) throws -> [(Int, [FieldChange])] {
    guard !pairs.isEmpty else { return [] }
    var found: [(Int, [FieldChange])] = []
    if context.oldSide.cutterKind != .table && context.newSide.cutterKind != .table {
      // JSON on both sides: compared on the frames' bytes.
      do throws(ArrayKeyError) {
        for (oldIndex, newIndex) in pairs {
          let changes = old.bytes.withUnsafeBufferPointer { mine in
            new.bytes.withUnsafeBufferPointer { theirs in
              FieldChange.between(
                mine, old.frames[oldIndex].text, theirs, new.frames[newIndex].text)
            }
          }
          let fields = try context.rules.filter(changes)
          if !fields.isEmpty { found.append((oldIndex, fields)) }
        }
        return found
      } catch {
        throw placedError(old, new, context) ?? InputError(error.message)
      }
    }
    // A table: its rows read as a snapshot, to be read as objects.
    let (oldSnapshot, _) = try context.oldSide.bucketSnapshot(old, chosen: pairs.map(\.old))
    let (newSnapshot, _) = try context.newSide.bucketSnapshot(new, chosen: pairs.map(\.new))
    for (index, (oldIndex, _)) in pairs.enumerated() {
      do throws(ArrayKeyError) {
        let fields = try oldSnapshot.fieldChanges(
          index, to: newSnapshot, index, rules: context.rules)
        if !fields.isEmpty { found.append((oldIndex, fields)) }
      } catch {
        throw placedError(old, new, context) ?? InputError(error.message)
      }
    }
    return found
  }

  /// The error a run in memory gives for the bucket (a duplicate key, a
  /// record that cannot be compared): the bucket read as two snapshots
  /// (NEW's with the pairs' records its file leaves out) and compared as
  /// before, its error placed in the input; `nil` when none is found.
  private static func placedError(
    _ old: SpilledRecords, _ new: SpilledRecords, _ context: Context
  ) -> InputError? {
    do {
      let (oldSnapshot, oldLocator) = try context.oldSide.bucketSnapshot(old)
      let (newSnapshot, newLocator) = try context.newSide.bucketSnapshot(
        new.withPartners(of: old))
      do {
        let oldKeys = try oldSnapshot.keyArena(for: context.identity, rules: context.rules)
        let newKeys = try newSnapshot.keyArena(for: context.identity, rules: context.rules)
        _ = try Comparison(
          old: oldSnapshot, new: newSnapshot, identity: context.identity, rules: context.rules,
          ordered: false, oldKeys: oldKeys, newKeys: newKeys)
      } catch let error as InputError {
        let inNew = error.file == context.newSide.name && error.file != context.oldSide.name
        return inNew ? newLocator.place(error) : oldLocator.place(error)
      }
    } catch {
      return error as? InputError
    }
    return nil
  }
}
