import Foundation
import TestSupport
import Testing

@Suite struct BinariesTests {
  @Test func bothToolsAreBuilt() {
    for tool in ["coldiff", "colpatch"] {
      #expect(FileManager.default.isExecutableFile(atPath: Binaries.path(of: tool)))
    }
  }
}
