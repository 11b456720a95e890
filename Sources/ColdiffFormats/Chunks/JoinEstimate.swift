/// How many of something (records, tree nodes) a whole input holds,
/// estimated from the first part of it that a chunked scan joins: as many
/// for each byte as that part holds, an eighth more and a few, so that
/// the joined arrays reserved for them are seldom copied as they grow.
enum JoinEstimate {
  /// The estimate for `count` of them in the first `consumed` bytes
  /// (more than 0) of an input of `size` bytes.
  static func whole(_ count: Int, in consumed: Int, of size: Int) -> Int {
    let estimate = size / consumed * count + size % consumed * count / consumed
    return estimate + estimate / 8 + 16
  }
}
