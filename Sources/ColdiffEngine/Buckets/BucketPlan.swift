/// How a bucketed run uses its memory budget: the number of buckets, the
/// size of the windows the inputs are read in, the buffers of the bucket
/// files, and where they go.
package struct BucketPlan: Equatable, Sendable {
  /// The smallest budget that works at all: a window, the buffers of the
  /// bucket files and a bucket's working set.
  package static let smallestBudget = 64 << 10

  /// The memory budget in bytes.
  package var budget: Int
  /// The folder the spill folder is made in (`--temp-dir`).
  package var temporaryDirectory: String
  /// After how many bytes the spill files are full (a test's full disk);
  /// `nil` for as many as the disk takes.
  package var writeLimit: Int?

  /// A plan for `budget` (at least `smallestBudget`), spilling under
  /// `temporaryDirectory`.
  package init(budget: Int, temporaryDirectory: String, writeLimit: Int? = nil) {
    self.budget = max(budget, BucketPlan.smallestBudget)
    self.temporaryDirectory = temporaryDirectory
    self.writeLimit = writeLimit
  }

  /// The number of buckets per side for inputs of `inputBytes` (OLD and
  /// NEW together).
  ///
  /// A bucket of both sides takes about four times its bytes while it is
  /// compared (its text, the snapshots' indexes, the keys and the
  /// changes), and the windows and the buffers an eighth of the budget
  /// each, so the buckets are made a sixteenth of the budget.
  package func buckets(inputBytes: Int) -> Int {
    let bucketBytes = max(budget / 16, 1)
    return min(max((inputBytes + bucketBytes - 1) / bucketBytes, 1), 4096)
  }

  /// The bytes a window holds at first.
  package var windowSize: Int { budget / 32 }

  /// The largest window: a record that needs more is a budget too small.
  package var largestWindow: Int { budget / 8 }

  /// The buffer of each bucket file, for `buckets` buckets per side.
  package func bufferSize(buckets: Int) -> Int {
    max(budget / 32 / buckets, 4096)
  }

  /// The smallest budget that works for a record that needs a window of
  /// `window` bytes.
  package static func smallestBudget(forWindow window: Int) -> Int {
    max(window * 8, smallestBudget)
  }

  /// Whether inputs of these sizes fit in `budget` in memory (a run in
  /// memory takes about 1.5 times its inputs), each under
  /// ``largestInputInMemory``.
  package static func fitsInMemory(inputSizes: [Int], budget: Int) -> Bool {
    let inputBytes = inputSizes.reduce(0, +)
    return inputSizes.allSatisfy { $0 <= largestInputInMemory }
      && inputBytes + inputBytes / 2 <= budget
  }

  /// The largest input read whole into memory, 1 GiB: the index of a
  /// record holds its length and its key's place in 32 bits, and the
  /// canonical keys of an input their offsets (`JSONCollectionIndex`,
  /// `KeyArena`); a key's canonical bytes take at most three times its
  /// record's (an empty field alone on a line: one byte, three for its
  /// key), so a quarter of 4 GiB keeps every offset in range. A larger
  /// input is compared in buckets, whose parts are far smaller.
  package static let largestInputInMemory = 1 << 30
}

/// A memory budget too small for the input: a record needs a window
/// larger than the budget allows.
package struct BudgetTooSmallError: Error, Equatable {
  /// The smallest budget that works for this input, in bytes.
  package var smallestBudget: Int
}
