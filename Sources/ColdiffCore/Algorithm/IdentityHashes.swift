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
  if let integers = ids as? [Int] { return integers.map(integerHash) }
  return ids.map(\.hashValue)
}

/// The hash of one identity, as `identityHashes(_:)` computes it.
///
/// - Parameter id: the identity.
/// - Returns: its hash.
@inlinable
func identityHash<Id: Hashable>(_ id: Id) -> Int {
  if let integer = id as? Int { return integerHash(integer) }
  return id.hashValue
}

/// A random seed drawn once per process for `integerHash(_:)`.
private let integerHashSeed = UInt64.random(in: .min ... .max)

/// The SplitMix64-finalised hash of an integer (see `identityHashes(_:)`).
///
/// - Parameter integer: the integer.
/// - Returns: its hash.
@usableFromInline
func integerHash(_ integer: Int) -> Int {
  var mixed = UInt64(bitPattern: Int64(integer)) &+ integerHashSeed
  mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
  mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
  return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
}
