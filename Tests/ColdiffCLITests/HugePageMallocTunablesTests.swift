import Testing

@testable import ColdiffCLI

/// The `GLIBC_TUNABLES` a run asks for huge pages with, and the caller's
/// put back from what was saved of it.
@Suite struct HugePageMallocTunablesTests {
  @Test func theTunableIsAddedAfterTheCallers() {
    #expect(HugePageMalloc.tunables(askingHugePagesAfter: nil) == "glibc.malloc.hugetlb=1")
    #expect(HugePageMalloc.tunables(askingHugePagesAfter: "") == "glibc.malloc.hugetlb=1")
    #expect(
      HugePageMalloc.tunables(askingHugePagesAfter: "glibc.malloc.perturb=7")
        == "glibc.malloc.perturb=7:glibc.malloc.hugetlb=1")
  }

  @Test func aCallerWhoSetTheTunableKeepsIt() {
    #expect(HugePageMalloc.tunables(askingHugePagesAfter: "glibc.malloc.hugetlb=0") == nil)
    #expect(
      HugePageMalloc.tunables(askingHugePagesAfter: "glibc.malloc.hugetlb=2:glibc.malloc.perturb=1")
        == nil)
  }

  @Test func theCallersTunablesComeBackAsTheyWere() {
    #expect(HugePageMalloc.callers(saved: "") == nil)
    #expect(HugePageMalloc.callers(saved: "=") == "")
    #expect(HugePageMalloc.callers(saved: "=glibc.malloc.perturb=7") == "glibc.malloc.perturb=7")
  }
}
