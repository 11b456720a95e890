import ColdiffCore
import Testing

/// The library example of the README, kept compiling and true.
@Suite struct ReadmeExampleTests {
  struct Product: CollectionIdentifiable, Equatable {
    var collectionId: Int
    var price: Int
  }

  @Test func orderedChangesetOfIdentifiableRecords() {
    let oldProducts = [Product(collectionId: 1, price: 10), Product(collectionId: 2, price: 20)]
    let newProducts = [
      Product(collectionId: 2, price: 20), Product(collectionId: 1, price: 12),
      Product(collectionId: 3, price: 5),
    ]
    let changeset = OrderedCollectionChangeset(from: oldProducts, to: newProducts)
    #expect(changeset.diff.inserts == [2])
    #expect(changeset.diff.updates == [0])
    #expect(changeset.diff.moves.count == 1)
  }
}
