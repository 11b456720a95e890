import ColdiffCLI
import Testing

/// The first parsing step: what was typed, before validation.
@Suite struct ArgumentLexerTests {
  let lexer = ArgumentLexer(command: ColdiffArguments.command)

  @Test func bundledShortFlagsKeepTheirSpellingAndArgument() throws {
    let typed = try lexer.lex(["-qfjson", "a", "b"])
    #expect(typed.flags.map(\.spelling) == ["-q", "-f"])
    #expect(typed.flags.map(\.value) == [nil, "json"])
    #expect(typed.flags.map(\.argument) == ["-qfjson", "-qfjson"])
    #expect(typed.operands == ["a", "b"])
  }

  @Test func valuesAreKeptAsTypedWithoutValidation() throws {
    let typed = try lexer.lex(["--format", "yaml", "--key="])
    #expect(typed.flags.map(\.value) == ["yaml", ""])
    #expect(throws: UsageError.self) { try typed.value(of: ColdiffFlags.format) }
    #expect(throws: UsageError.self) { try typed.value(of: ColdiffFlags.key) }
  }

  @Test func occurrencesKeepTheirOrder() throws {
    let typed = try lexer.lex(["--ignore", "b", "x", "--ignore=a", "-q", "y"])
    #expect(typed.flags.map(\.flag.long) == ["ignore", "ignore", "quiet"])
    #expect(try typed.values(of: ColdiffFlags.ignore) == ["b", "a"])
    #expect(typed.operands == ["x", "y"])
    #expect(typed.contains(ColdiffFlags.quiet))
    #expect(!typed.contains(ColdiffFlags.unordered))
    #expect(try typed.value(of: ColdiffFlags.tree) == nil)
  }

  @Test func anOptionLikeArgumentIsNeverAValue() throws {
    #expect(throws: UsageError.self) { try lexer.lex(["--key", "--unordered"]) }
    #expect(throws: UsageError.self) { try lexer.lex(["-k", "-q"]) }
    #expect(try lexer.lex(["--key=-q"]).flags.map(\.value) == ["-q"])
    #expect(try lexer.lex(["--key", "-"]).flags.map(\.value) == ["-"])
  }

  @Test func helpRequestIsFoundBeforeTheEndOfOptions() {
    #expect(lexer.helpOrVersionRequest(in: ["--formt", "-h"]) == CommonFlags.help)
    #expect(lexer.helpOrVersionRequest(in: ["--version", "--help"]) == CommonFlags.version)
    #expect(lexer.helpOrVersionRequest(in: ["--", "--help"]) == nil)
    #expect(lexer.helpOrVersionRequest(in: ["--key=--help"]) == nil)
  }
}
