import Testing

@testable import ColdiffEngine

@Suite struct BucketPlanTests {
  /// Inputs fit in memory when both with their indexes (1.5 times their
  /// size) fit the budget, and neither is past the largest input held in
  /// memory (32-bit offsets in the index), whatever the budget.
  @Test func inputsFitInMemoryWithinTheBudgetAndTheLargestInput() {
    let largest = BucketPlan.largestInputInMemory
    #expect(BucketPlan.fitsInMemory(inputSizes: [100 << 20, 100 << 20], budget: 300 << 20))
    #expect(!BucketPlan.fitsInMemory(inputSizes: [100 << 20, 100 << 20], budget: 300 << 20 - 1))
    #expect(BucketPlan.fitsInMemory(inputSizes: [largest, largest], budget: 1 << 40))
    #expect(!BucketPlan.fitsInMemory(inputSizes: [1, largest + 1], budget: 1 << 40))
    #expect(!BucketPlan.fitsInMemory(inputSizes: [largest + 1, 1], budget: 1 << 40))
  }
}
