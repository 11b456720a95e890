import ColdiffEngine
import Testing

/// `ReportText.shorten(_:_:to:)` (SPEC §8.1.8): what old and new share is
/// cut, so the first characters that differ show on both sides.
@Suite struct ReportTextShortenTests {
  @Test func aSharedStartIsCutSoTheDifferenceShows() {
    let old = "\"The quick brown fox jumps over the lazy dog\""
    let new = "\"The quick brown fox jumped over the lazy dog\""
    let (a, b) = ReportText.shorten(old, new, to: 20)
    #expect(a == "…x jumps over the l…")
    #expect(b == "…x jumped over the …")
  }

  @Test func aDifferenceThatShowsKeepsTheStart() {
    let (a, b) = ReportText.shorten("\"ab\"", "\"abcdefghijklmnopqrstuvwxyz\"", to: 12)
    #expect(a == "\"ab\"")
    #expect(b == "\"abcdefghij…")
  }

  @Test func oneSideAloneIsCutAtTheEnd() {
    let (a, b) = ReportText.shorten(nil, "0123456789abcdef", to: 8)
    #expect(a == nil)
    #expect(b == "0123456…")
  }

  @Test func everyResultFitsTheWidth() {
    let base = String(repeating: "x", count: 40)
    for width in 1...30 {
      for offset in stride(from: 0, to: 40, by: 3) {
        let old = String(base.prefix(offset)) + "OLD" + String(base.dropFirst(offset))
        let new = String(base.prefix(offset)) + "NEW" + String(base.dropFirst(offset))
        let (a, b) = ReportText.shorten(old, new, to: width)
        #expect((a?.count ?? 0) <= width && (b?.count ?? 0) <= width, "\(width) \(offset)")
        if width >= 12 {
          #expect(a?.contains("O") == true && b?.contains("N") == true, "\(width) \(offset)")
        }
      }
    }
  }
}
