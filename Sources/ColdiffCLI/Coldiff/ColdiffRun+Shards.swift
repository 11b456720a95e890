import ColdiffCore
import ColdiffEngine
import ColdiffFormats

extension ColdiffRun {
  /// Writes the shard document of `shard` (`--shard I/N -f json`).
  ///
  /// - Returns: 0 written (a shard cannot tell whether the whole inputs
  ///   differ: moves need every shard), 2 trouble writing.
  func writeShard(
    _ shard: Shard, of comparison: Comparison, oldMembers: [Bool], newMembers: [Bool]
  ) throws -> ExitStatus {
    let document = ShardDocument(
      comparison: comparison, shard: shard, oldMembers: oldMembers, newMembers: newMembers,
      fingerprint: fingerprint(comparison.old, comparison.new), arguments: options.diffArguments)
    guard !options.quiet else { return .success }
    return console.output(document.bytes) ? .success : .trouble
  }

  /// Identifies the inputs and the diff options: a hash of OLD's bytes,
  /// of NEW's bytes and of the options, in hexadecimal.
  private func fingerprint(_ old: Snapshot, _ new: Snapshot) -> String {
    let arguments = Array(options.diffArguments.joined(separator: "\u{0}").utf8)
    let hashes = [
      old.bytes.withUnsafeBufferPointer { KeyHash.hash($0) },
      new.bytes.withUnsafeBufferPointer { KeyHash.hash($0) },
      arguments.withUnsafeBufferPointer { KeyHash.hash($0) },
    ]
    return hashes.map { hash in
      let digits = String(hash, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }.joined(separator: "-")
  }

  /// Combines the shard documents named by the operands (`--combine`)
  /// and prints what one run over the whole inputs prints.
  ///
  /// - Throws: `InputError` for an unreadable part, a missing, repeated or
  ///   foreign shard.
  func combine() throws -> ExitStatus {
    let parts = try options.operands.map { path in
      let input = try InputFile(path: path, standardInput: io.standardInput)
      let bytes = input.bytes.copy(0..<input.bytes.count)
      return (name: path, document: try ShardDocument(bytes: bytes, name: path))
    }
    var (comparison, first) = try ShardCombination.combine(parts)
    let arguments =
      first.arguments + options.outputArguments + ["--", first.old.name, first.new.name]
    guard case .success(.run(let combined)) = ColdiffArguments.parse(arguments) else {
      throw Diagnostic("the options the shard documents carry do not read: \(first.arguments)")
    }
    comparison.rules = combined.rules
    return ColdiffRun(options: combined, io: io, console: console).emit(
      comparison, header: nil, title: "\(first.old.name) → \(first.new.name)")
  }
}
