import ColdiffFormats

/// N shard documents of one run put together into the comparison one run
/// over the whole inputs makes (SPEC §8.3): the same matching, the same
/// changes, and so the same minimal moves and the same reports.
///
/// The snapshots of the combined comparison hold, at each position, the
/// record as the shards carry it: the whole text of an inserted or
/// deleted record, and a record of only its key (its identity) for a
/// matched one, which is all any report reads of a matched record.
package enum ShardCombination {
  /// Combines the parts of one run.
  ///
  /// - Parameter parts: every shard's document with its file name, in any
  ///   order.
  /// - Returns: the comparison and the first part (whose options, names
  ///   and forms all parts share).
  /// - Throws: `InputError` for a missing, repeated or foreign shard, or
  ///   parts that do not fit together.
  /// - Complexity: O(n) in the records, plus the moves' O(n log n).
  package static func combine(_ parts: [(name: String, document: ShardDocument)]) throws
    -> (comparison: Comparison, first: ShardDocument)
  {
    guard let (firstName, first) = parts.first else {
      throw InputError("no shard documents to combine")
    }
    var given = [String?](repeating: nil, count: first.shard.count)
    for (name, part) in parts {
      guard part.fingerprint == first.fingerprint, part.shard.count == first.shard.count,
        part.arguments == first.arguments, part.identity == first.identity,
        part.ordered == first.ordered, part.old == first.old, part.new == first.new
      else {
        throw InputError(
          "a shard of other inputs or options than \(firstName) (shard documents of one run "
            + "share their fingerprint)",
          file: name)
      }
      if let earlier = given[part.shard.index] {
        throw InputError(
          "shard \(part.shard.index)/\(part.shard.count) is given twice (also \(earlier))",
          file: name)
      }
      given[part.shard.index] = name
    }
    let missing = given.indices.filter { given[$0] == nil }.map { "\($0)/\(first.shard.count)" }
    if !missing.isEmpty {
      throw InputError(
        missing.count == 1
          ? "shard \(missing[0]) is missing"
          : "shards \(missing.joined(separator: ", ")) are missing")
    }
    // Every position is one part's match, insert or delete: checked before
    // making room for the records.
    let matched = parts.reduce(0) { $0 + $1.document.matched.count }
    guard parts.reduce(matched, { $0 + $1.document.deletes.count }) == first.old.count,
      parts.reduce(matched, { $0 + $1.document.inserts.count }) == first.new.count
    else {
      throw InputError(
        "the shard documents do not fit together: their records do not add up to "
          + "\(first.old.name)'s \(first.old.count) and \(first.new.name)'s \(first.new.count)")
    }
    var assembly = ShardAssembly(first)
    for (name, part) in parts {
      try assembly.add(part, name: name)
    }
    return (try (consume assembly).comparison(), first)
  }
}
