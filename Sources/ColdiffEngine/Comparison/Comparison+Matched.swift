import ColdiffCore
import ColdiffFormats
import Synchronization

extension Comparison {
  /// How many NEW records one piece of the comparison's walk holds.
  static let recordsPerPiece = 8192

  /// The matched records compared, and the diff, on both cores: NEW's
  /// records in pieces of `piece`, each taken by whichever core is free,
  /// while one core first works out the diff's inserts, deletes and moves
  /// (`positionDiff`, which reads no record); the updates are then the
  /// records found changed. The same changes, diff and error as one walk
  /// over NEW in order: an error is that of the first failing NEW record.
  ///
  /// - Parameters:
  ///   - old: the snapshot compared from.
  ///   - new: the snapshot compared to.
  ///   - identity: what makes records the same.
  ///   - rules: the comparison rules.
  ///   - ordered: whether moves count.
  ///   - newToOld: for each NEW record, its partner's position in OLD, or
  ///     -1.
  ///   - comparing: which matched NEW records to compare; every one when
  ///     `nil`.
  ///   - piece: the NEW records in one piece.
  /// - Returns: the changed fields of each updated record by OLD
  ///   position, and the diff.
  /// - Throws: `InputError` for a record the rules cannot compare.
  static func compareMatched(
    old: Snapshot, new: Snapshot, identity: Identity, rules: ComparisonRules, ordered: Bool,
    newToOld: [Int32], comparing: ((Int) -> Bool)?, piece: Int = recordsPerPiece
  ) throws -> (changes: [Int: [FieldChange]], diff: OrderedCollectionDiff<Int>) {
    let walk = MatchedWalk(
      old: old, new: new, identity: identity, rules: rules, newToOld: newToOld,
      comparing: comparing)
    let (changes, changed, positions) = try ComparisonPieces.compare(
      count: new.count, piece: piece,
      { records, found in try walk.compare(records, into: &found) },
      alongside: {
        positionDiff(
          oldCount: old.count, newCount: new.count, ordered: ordered, newToOld: newToOld)
      })
    return (changes, positions.updating(changed))
  }
}

/// The pieces of one walk over NEW's records, taken one at a time, in
/// order, by the threads that share it, and the walk's error: that of
/// the first piece that failed, whichever thread failed first. A failure
/// leaves the pieces nobody took (they come after it); those taken
/// before it are walked to their end, so that an earlier failure is
/// still found.
final class ComparisonPieces: Sendable {
  /// The changed fields that `compare` finds among `count` items (NEW's
  /// records or nodes) cut in pieces of `piece`, by OLD position, on both
  /// cores, each piece taken by whichever core is free, while one of them
  /// first makes `alongside`'s result (a diff's positions, which read no
  /// record). The same changes and error as one walk in order: an error
  /// is that of the first failing piece.
  ///
  /// - Parameters:
  ///   - count: the items.
  ///   - piece: the items in one piece.
  ///   - compare: appends the OLD position and changed fields of each
  ///     changed item of a range of them, in order.
  ///   - alongside: made on one core before it takes pieces.
  /// - Returns: the changes; the OLD positions changed, in the order of
  ///   the items that found them (mostly ascending, for a sort that
  ///   finds the runs); and what `alongside` made.
  static func compare<Side>(
    count: Int, piece: Int,
    _ compare: (Range<Int>, inout [(Int, [FieldChange])]) throws -> Void,
    alongside: () -> Side
  ) throws -> (changes: [Int: [FieldChange]], changed: [Int], side: Side) {
    let pieces = ComparisonPieces(count: (count + piece - 1) / piece)
    func work() -> [(piece: Int, found: [(Int, [FieldChange])])] {
      var done: [(piece: Int, found: [(Int, [FieldChange])])] = []
      while let taken = pieces.take() {
        var found: [(Int, [FieldChange])] = []
        do {
          try compare(taken * piece..<min(count, (taken + 1) * piece), &found)
        } catch {
          pieces.fail(taken, error)
          break
        }
        if !found.isEmpty { done.append((taken, found)) }
      }
      return done
    }
    let (first, (side, second)) = Parallel.both({ work() }, { (alongside(), work()) })
    if let failure = pieces.failure { throw failure }
    let found = (first + second).sorted { $0.piece < $1.piece }
    let total = found.reduce(0) { $0 + $1.found.count }
    var (changes, changed): ([Int: [FieldChange]], [Int]) = ([:], [])
    changes.reserveCapacity(total)
    changed.reserveCapacity(total)
    for (_, pieceFound) in found {
      for (oldIndex, fields) in pieceFound {
        changes[oldIndex] = fields
        changed.append(oldIndex)
      }
    }
    return (changes, changed, side)
  }

  private let count: Int
  private let next = Atomic<Int>(0)
  private let failed = Mutex<(piece: Int, error: any Error)?>(nil)

  /// `count` pieces, none taken.
  init(count: Int) { self.count = count }

  /// The next piece nobody took, or `nil` when none is left.
  func take() -> Int? {
    let piece = next.wrappingAdd(1, ordering: .relaxed).oldValue
    return piece < count ? piece : nil
  }

  /// Notes that `piece` failed with `error`, and leaves the pieces
  /// nobody took.
  func fail(_ piece: Int, _ error: any Error) {
    next.store(count, ordering: .relaxed)
    failed.withLock { failed in
      if failed.map({ piece < $0.piece }) ?? true { failed = (piece, error) }
    }
  }

  /// The error of the first piece that failed, if any.
  var failure: (any Error)? { failed.withLock { $0?.error } }
}

/// What comparing a stretch of NEW's matched records with their OLD
/// partners needs.
private struct MatchedWalk {
  let old: Snapshot
  let new: Snapshot
  let identity: Identity
  let rules: ComparisonRules
  let newToOld: [Int32]
  let comparing: ((Int) -> Bool)?
  /// Whether equal bytes mean equal records.
  let rawComparable: Bool
  /// Pairs that NEW's scan found to have the same bytes: equal as they
  /// are, their pages not read again.
  let partners: KnownMatches?
  /// What compares a pair's fields, made once for the walk.
  let comparer: FieldComparer

  init(
    old: Snapshot, new: Snapshot, identity: Identity, rules: ComparisonRules, newToOld: [Int32],
    comparing: ((Int) -> Bool)?
  ) {
    (self.old, self.new, self.identity, self.rules) = (old, new, identity, rules)
    (self.newToOld, self.comparing) = (newToOld, comparing)
    rawComparable = Comparison.rawBytesComparable(old, new)
    partners = rawComparable ? new.knownPartners(in: old) : nil
    comparer = FieldComparer(old, new)
  }

  /// Appends the OLD position and changed fields of each changed record
  /// of `newRecords` to `found`, in order, stopping at the first record
  /// the rules cannot compare.
  func compare(_ newRecords: Range<Int>, into found: inout [(Int, [FieldChange])]) throws {
    // The inputs' pages go behind the walk, to the piece's last record:
    // a large pair is not all in memory at once.
    var walk = ReleasingWalk(old: old, new: new)
    // (Bound once: read through the walk's properties, each record's look
    // counted references to their arrays.)
    let (newToOld, partners, comparing, comparer) = (newToOld, partners, comparing, comparer)
    for newIndex in newRecords where newToOld[newIndex] >= 0 && comparing?(newIndex) != false {
      let oldIndex = Int(newToOld[newIndex])
      walk.visit(new: newIndex, old: oldIndex)
      if partners?.partner(of: newIndex) == oldIndex
        || rawComparable && old.sameBytes(oldIndex, as: new, newIndex)
      {
        continue
      }
      do throws(ArrayKeyError) {
        let fields = try comparer.fieldChanges(oldIndex, newIndex, rules: rules)
        if !fields.isEmpty { found.append((oldIndex, fields)) }
      } catch {
        let (snapshot, record) = error.inNew ? (new, newIndex) : (old, oldIndex)
        let key = snapshot.keyValue(of: record, identity: identity).map(ReportText.key)
        throw snapshot.error(
          "record #\(record)\(key.map { " (key \($0))" } ?? ""): \(error.message)", at: record)
      }
    }
    walk.finish()
  }
}
