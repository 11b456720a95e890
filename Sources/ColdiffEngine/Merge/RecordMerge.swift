import ColdiffFormats

/// THEIRS's changes to one BASE record sorted against OURS's (SPEC §8.4
/// under the rules of §8.2): the changes to make to OURS's record, and
/// the conflicts.
///
/// Fields are matched across the sides as ``KeyedPath``s, so an element
/// of a keyed array (`--array-key`) is the same element on every side
/// whatever its index: the two sides changing different elements, or
/// different fields of one element, merge; the same field of one element
/// changed to different values is one conflict naming the element. A
/// change is the same on both sides when the new values are equal under
/// the rules (`--compare`). THEIRS's moves of elements are not changes of
/// content: one is dropped when OURS deleted or moved that element.
///
/// A member THEIRS added goes after the member before it in THEIRS's
/// object that is in the merged object, and after the members OURS added
/// right behind that one (ours first).
struct RecordMerge {
  /// THEIRS's changes to make to OURS's record, each with the old value
  /// as OURS has it.
  private(set) var kept: [DiffDocument.Change] = []
  /// The fields both sides changed differently, in THEIRS's order.
  private(set) var conflicts: [MergeConflict] = []

  /// The three versions of the record.
  struct Versions {
    /// BASE's record.
    let base: JSONValue
    /// OURS's record.
    let ours: JSONValue
    /// THEIRS's record.
    let theirs: JSONValue
  }

  /// Sorts THEIRS's changes to one record against OURS's.
  ///
  /// - Parameters:
  ///   - theirs: THEIRS's changes, as its comparison with BASE found them.
  ///   - ours: OURS's changes (empty when OURS left the record as it was).
  ///   - versions: the record in BASE, OURS and THEIRS.
  ///   - record: how conflicts name the record.
  ///   - rules: the comparison rules.
  init(
    theirs: [FieldChange], ours: [FieldChange], versions: Versions,
    record: MergeConflict.Record, rules: ComparisonRules
  ) {
    var sorting = Sorting(versions: versions, record: record, rules: rules)
    for change in ours { sorting.noteOurs(change) }
    for change in theirs { sorting.take(change) }
    kept = sorting.kept
    conflicts = sorting.conflicts
  }

  /// One OURS change and its field across the sides.
  private struct OursChange {
    let change: FieldChange
    let path: KeyedPath
  }

  /// The sorting of one record's changes, change by change.
  private struct Sorting {
    let versions: Versions
    let record: MergeConflict.Record
    let rules: ComparisonRules
    /// OURS's changes of content.
    var oursChanged: [OursChange] = []
    /// The elements OURS moved.
    var oursMoved = Set<KeyedPath>()
    /// The members THEIRS's kept changes add and remove.
    var added = Set<KeyedPath>()
    var removed = Set<KeyedPath>()
    var kept: [DiffDocument.Change] = []
    var conflicts: [MergeConflict] = []

    init(versions: Versions, record: MergeConflict.Record, rules: ComparisonRules) {
      self.versions = versions
      self.record = record
      self.rules = rules
    }

    /// Notes one of OURS's changes.
    mutating func noteOurs(_ change: FieldChange) {
      let path = KeyedPath(change, side: versions.ours, base: versions.base, rules: rules)
      if RecordMerge.isMove(change) {
        oursMoved.insert(path)
      } else {
        oursChanged.append(OursChange(change: change, path: path))
      }
    }

    /// Keeps one of THEIRS's changes, drops it, or notes a conflict.
    mutating func take(_ change: FieldChange) {
      let path = KeyedPath(change, side: versions.theirs, base: versions.base, rules: rules)
      let current = path.resolve(in: versions.ours)
      if RecordMerge.isMove(change) {
        // OURS's place wins, and a moved element OURS deleted stays deleted.
        if current != nil, !oursMoved.contains(path) { kept.append(DiffDocument.Change(change)) }
        return
      }
      var overlapping = false
      for ours in oursChanged where ours.path.isPrefix(of: path) || path.isPrefix(of: ours.path) {
        if ours.path == path, RecordMerge.same(ours.change.new, change.new, at: change.path, rules)
        {
          return
        }
        overlapping = true
      }
      if overlapping {
        noteConflict(change, path, current)
        return
      }
      guard current != nil || change.new != nil else { return }
      var made = DiffDocument.Change(change)
      made.old = current
      if current == nil, change.element == nil || change.element?.depth != change.path.count - 1 {
        made.after = RecordMerge.anchor(
          of: path, versions, added: added, removed: removed, otherwise: change.after)
        added.insert(path)
      }
      if change.new == nil { removed.insert(path) }
      kept.append(made)
    }

    /// Notes THEIRS's `change` at `path` as a conflict with OURS's value
    /// `current`, named in OURS's record (THEIRS's where OURS has it not).
    private mutating func noteConflict(
      _ change: FieldChange, _ path: KeyedPath, _ current: JSONValue?
    ) {
      var pointer = JSONPointer(tokens: change.path)
      var element = change.element
      if let found = path.pointer(in: versions.ours) {
        pointer = found.pointer
        element = found.element
      }
      var conflict = MergeConflict(
        kind: .field, record: record, path: pointer, base: change.old, ours: current,
        theirs: change.new)
      conflict.element = element
      conflicts.append(conflict)
    }
  }

  /// Whether `change` is an element's move in a keyed array.
  private static func isMove(_ change: FieldChange) -> Bool {
    change.old == nil && change.new == nil && change.element?.from != nil
  }

  /// Whether the two sides' new values of the field at `path` are the
  /// same: both absent, or equal under the rules.
  private static func same(
    _ ours: JSONValue?, _ theirs: JSONValue?, at path: [[UInt8]], _ rules: ComparisonRules
  ) -> Bool {
    guard let ours, let theirs else { return ours == nil && theirs == nil }
    if ours == theirs { return true }
    guard !rules.isEmpty else { return false }
    return rules.equal(
      rules.removingIgnored(from: ours, at: path), rules.removingIgnored(from: theirs, at: path),
      at: path)
  }

  /// Where the member THEIRS added at `path` goes in OURS's object, as a
  /// change's `after`: after the nearest member before it in THEIRS's
  /// object that the merged object keeps (a member THEIRS added before it,
  /// or one of OURS's that THEIRS does not remove), then after the
  /// members OURS added right behind that one. `otherwise` when the
  /// member's object is not an object on both sides.
  private static func anchor(
    of path: KeyedPath, _ versions: Versions, added: Set<KeyedPath>, removed: Set<KeyedPath>,
    otherwise: DiffDocument.Reference?
  ) -> DiffDocument.Reference? {
    let parent = KeyedPath(steps: Array(path.steps.dropLast()))
    guard case .token(let name)? = path.steps.last,
      case .object(let theirsObject)? = parent.resolve(in: versions.theirs),
      case .object(let oursObject)? = parent.resolve(in: versions.ours)
    else { return otherwise }
    let baseObject: JSONObject? =
      if case .object(let object)? = parent.resolve(in: versions.base) { object } else { nil }
    let theirsMembers = theirsObject.effectiveMembers
    let oursMembers = oursObject.effectiveMembers
    var position = 0
    let offset = theirsMembers.firstIndex { $0.name.value == name } ?? 0
    for previous in theirsMembers[..<offset].reversed() {
      let member = KeyedPath(steps: parent.steps + [.token(previous.name.value)])
      if added.contains(member) { return .key(.string(previous.name)) }
      guard !removed.contains(member),
        let index = oursMembers.firstIndex(where: { $0.name == previous.name })
      else { continue }
      position = index + 1
      break
    }
    // Ours first: step over what OURS added right there.
    while position < oursMembers.count, baseObject?[oursMembers[position].name.value] == nil {
      position += 1
    }
    return position == 0 ? .null : .key(.string(oursMembers[position - 1].name))
  }
}
