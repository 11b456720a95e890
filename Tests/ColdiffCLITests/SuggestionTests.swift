import ColdiffCLI
import Testing

@Suite struct SuggestionTests {
  @Test func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
    #expect(Suggestion.editDistance("format", "format") == 0)
    #expect(Suggestion.editDistance("formt", "format") == 1)
    #expect(Suggestion.editDistance("formatt", "format") == 1)
    #expect(Suggestion.editDistance("formar", "format") == 1)
    #expect(Suggestion.editDistance("fromat", "format") == 1)
    #expect(Suggestion.editDistance("", "key") == 3)
    #expect(Suggestion.editDistance("key", "") == 3)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
  }

  @Test func nearestSuggestsCloseNamesOnly() {
    let names = ["key", "ignore", "unordered", "format", "color", "quiet", "textconv"]
    #expect(Suggestion.nearest(to: "formt", among: names) == "format")
    #expect(Suggestion.nearest(to: "colour", among: names) == "color")
    #expect(Suggestion.nearest(to: "unorderd", among: names) == "unordered")
    #expect(Suggestion.nearest(to: "kye", among: names) == "key")
    #expect(Suggestion.nearest(to: "zzzzzz", among: names) == nil)
    let formats = ["text", "json", "patch", "stat", "markdown", "html"]
    #expect(Suggestion.nearest(to: "yaml", among: formats) == nil)
    #expect(Suggestion.nearest(to: "jsn", among: formats) == "json")
    #expect(Suggestion.nearest(to: "pacth", among: formats) == "patch")
    // Short words allow one edit only.
    #expect(Suggestion.nearest(to: "kq", among: names) == nil)
  }

  @Test func aUniquePrefixIsAnAbbreviation() {
    #expect(Suggestion.nearest(to: "text", among: ["textconv", "tree"]) == "textconv")
    #expect(Suggestion.nearest(to: "in", among: ["input", "in-place"]) == nil)
  }

  @Test func tiesGoToTheEarlierCandidate() {
    #expect(Suggestion.nearest(to: "cat", among: ["bat", "car"]) == "bat")
    #expect(Suggestion.nearest(to: "cat", among: ["car", "bat"]) == "car")
  }
}
