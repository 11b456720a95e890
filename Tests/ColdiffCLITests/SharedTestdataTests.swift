import TestSupport
import Testing

@Suite struct SharedTestdataTests {
  @Test func conformanceFoldersAreFound() throws {
    for name in ["JSONTestSuite", "json-patch-tests", "csv-spectrum"] {
      _ = try ProjectPaths.sharedTestdata(name)
    }
    #expect(throws: MissingTestdata.self) { try ProjectPaths.sharedTestdata("no-such-suite") }
  }
}
