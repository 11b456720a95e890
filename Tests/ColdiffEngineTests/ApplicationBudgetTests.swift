import ColdiffEngine
import ColdiffFormats
import Testing

/// What `colpatch apply --memory` needs (SPEC §8.3): the target's index by
/// its form and by how the patch finds records, the patch, a window; the
/// smallest budget is that less the 64 MiB overhead the SPEC allows,
/// rounded up to a MiB, and never below 1 MiB.
@Suite struct ApplicationBudgetTests {
  private func snapshot(_ name: String, _ text: String) throws -> Snapshot {
    try Snapshot(InputFile(name: name, bytes: Array(text.utf8)), override: nil)
  }

  @Test func theSmallestBudgetGrowsWithRecordsAndPatch() throws {
    let records = 1_000_000
    let peak = ApplicationBudget.peak(records: records, perRecord: 88, patchBytes: 9 << 20)
    #expect(peak == records * 88 + (9 << 20) * 8 + (24 << 20))
    #expect(ApplicationBudget.smallestBudget(peak: peak) == 116 << 20)
    #expect(ApplicationBudget.smallestBudget(peak: 10 << 20) == 1 << 20)
    #expect(ApplicationBudget.smallestBudget(peak: (65 << 20) + 1) == 2 << 20)
  }

  @Test func checkNamesTheSmallestBudgetForTheTargetsForm() throws {
    let count = 100_000
    let lines = (0..<count).map { "{\"id\": \($0)}\n" }.joined()
    let rows = "id\n" + (0..<count).map { "\($0)\n" }.joined()
    let members = "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
    let patchBytes = 9 << 20
    // MiB by key and by position: 32 MiB of patch and window beyond the
    // overhead, and 88/32, 56/40 or 160 bytes a record.
    for (target, smallest) in [
      (try snapshot("t.jsonl", lines), (41, 36)), (try snapshot("t.csv", rows), (38, 36)),
      (try snapshot("t.json", members), (48, 48)),
    ] {
      for (byKey, mebibytes) in [(true, smallest.0), (false, smallest.1)] {
        let bytes = mebibytes << 20
        do {
          try ApplicationBudget(bytes - 1).check(target, patchBytes: patchBytes, byKey: byKey)
          Issue.record("\(target.name) by key \(byKey): a budget of \(bytes - 1) was taken")
        } catch {
          #expect(error.smallestBudget == bytes, "\(target.name) by key \(byKey)")
        }
        try ApplicationBudget(bytes).check(target, patchBytes: patchBytes, byKey: byKey)
      }
    }
  }

  @Test func aTargetFitsInMemoryWithinTheBudget() {
    let budget = ApplicationBudget(150 << 20)
    #expect(budget.fitsInMemory(targetBytes: 90 << 20, patchBytes: 1 << 20))
    #expect(!budget.fitsInMemory(targetBytes: 100 << 20, patchBytes: 1 << 20))
  }
}
