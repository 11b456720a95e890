import Testing

@testable import ColdiffCLI

/// The environment a large run in memory restarts with
/// (`ToolIO.hugePageEnvironment`): glibc's `glibc.malloc.hugetlb=1` added
/// to the tunables already set, the other variables kept; none when the
/// tunable is named already.
@Suite struct HugePageEnvironmentTests {
  @Test func theTunableIsAddedToAnEnvironmentWithout() {
    #expect(
      ToolIO.hugePageEnvironment(["PATH=/bin", "LC_ALL=C.UTF-8"])
        == ["PATH=/bin", "LC_ALL=C.UTF-8", "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"])
    #expect(
      ToolIO.hugePageEnvironment(["GLIBC_TUNABLES=", "A=b"])
        == ["A=b", "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"])
  }

  @Test func otherTunablesAreKept() {
    #expect(
      ToolIO.hugePageEnvironment(["GLIBC_TUNABLES=glibc.malloc.arena_max=2", "A=b"])
        == ["A=b", "GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"])
  }

  /// The user's setting, `=0` included, and the restart's own are left as
  /// they are: no restart.
  @Test func aNamedTunableMeansNoRestart() {
    for tunables in [
      "glibc.malloc.hugetlb=0", "glibc.malloc.hugetlb=1",
      "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2",
    ] {
      #expect(
        ToolIO.hugePageEnvironment(["A=b", "GLIBC_TUNABLES=" + tunables]) == nil, "\(tunables)")
    }
    // A tunable whose name merely contains it does not count.
    #expect(
      ToolIO.hugePageEnvironment(["GLIBC_TUNABLES=x.glibc.malloc.hugetlb=0"])
        == ["GLIBC_TUNABLES=x.glibc.malloc.hugetlb=0:glibc.malloc.hugetlb=1"])
  }
}
