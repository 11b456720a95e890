/// The identity hashes the matching works on.
///
/// Integer identities (the common case of numeric ids) are hashed with a
/// SplitMix64 finaliser over the value plus a per-process random seed,
/// several times cheaper than `Hasher` and as unpredictable from outside;
/// other identities use `hashValue`. Hashes only steer the probing: the
/// matching's result never depends on them.
///
/// - Parameter ids: the identities, in order.
/// - Returns: one hash per identity.
/// - Complexity: O(n).
@inlinable
func identityHashes<Id: Hashable>(_ ids: [Id]) -> [Int] {
  if let integers = ids as? [Int] { return integerHashes(integers) }
  return ids.map(\.hashValue)
}

/// A random seed drawn once per process for `integerHashes(_:)`.
private let integerHashSeed = UInt64.random(in: .min ... .max)

/// SplitMix64-finalised hashes of integers (see `identityHashes(_:)`).
///
/// - Parameter integers: the integers.
/// - Returns: one hash per integer.
/// - Complexity: O(n).
@usableFromInline
func integerHashes(_ integers: [Int]) -> [Int] {
  let seed = integerHashSeed
  return integers.map { integer in
    var mixed = UInt64(bitPattern: Int64(integer)) &+ seed
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
  }
}
