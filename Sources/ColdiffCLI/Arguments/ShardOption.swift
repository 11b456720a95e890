/// The value of `--shard I/N`: shard `index` of `count`.
public struct ShardOption: Sendable, Equatable {
  /// The shard, `0..<count`.
  public let index: Int
  /// The number of shards.
  public let count: Int

  /// Reads `I/N` with `0 ≤ I < N`, or `nil`.
  public init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
      index >= 0, index < count
    else { return nil }
    self.index = index
    self.count = count
  }
}
