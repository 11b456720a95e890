import Testing

@testable import ColdiffCLI

/// The escaping of the Markdown and HTML reports, one case each; the reports read back by a GFM parser and a
/// browser are in the end-to-end tests.
@Suite struct ReportEscapingTests {
  @Test func markdownCellsEscapeWhatMeansSomething() {
    #expect(MarkdownText.cell("a|b") == #"a\|b"#)
    #expect(MarkdownText.cell("`x`") == #"\`x\`"#)
    #expect(MarkdownText.cell("<script>") == #"\<script\>"#)
    #expect(MarkdownText.cell(#"back\slash"#) == #"back\\slash"#)
    #expect(MarkdownText.cell("two\nlines\r\t") == #"two\\nlines\\r\\t"#)
    #expect(MarkdownText.cell("\u{1}") == #"\\u0001"#)
    #expect(MarkdownText.cell("plain, text: 1.50 (ok)") == "plain, text: 1.50 (ok)")
  }

  @Test func htmlDataCannotEndItsScriptOrOpenAComment() {
    var out: [UInt8] = []
    HTMLReportData.string("</script><!--\u{2028}\u{2029}\"\\\n&é", to: &out)
    #expect(
      String(decoding: out, as: UTF8.self)
        == #""\u003c/script\u003e\u003c!--\u2028\u2029\"\\\n\u0026é""#)
  }

  @Test func htmlTextIsEscaped() {
    #expect(
      HTMLReport.escape(#"<a href="x">&</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;")
  }
}
