/// The report for a browser (SPEC §8.5): one self-contained HTML page,
/// its style, script and data inline, and a Content Security Policy that
/// forbids loading anything, so opening it makes no request. It shows the
/// counts, the changed fields, and every change grouped by kind with the
/// changed characters of each value marked, filters by key text, by field
/// and by kind, and renders only the rows on screen
/// (``HTMLReportScript``), so it stays responsive with 100,000 changes;
/// the first changes come first in the page, so its first rows show
/// before the browser has read the rest.
struct HTMLReport {
  /// What was compared, for the title (`old.json → new.json`).
  let title: String

  /// The page for `report`.
  ///
  /// - Complexity: O(size of the report).
  func render(_ report: ReportChanges) -> [UInt8] {
    // The first changes come before the script, all of them after it: the
    // page shows its first rows before the browser has read the rest.
    var out = Array(head.utf8)
    out += Array(body(report).utf8)
    out += Array(#"<script type="application/json" id="coldiff-first">"#.utf8)
    out += HTMLReportData.json(report, title: title, first: Self.firstChanges)
    out += Array("</script>\n<script>\n".utf8)
    out += Array(HTMLReportScript.javaScript.utf8)
    out += Array("\n</script>\n".utf8)
    out += Array(#"<script type="application/json" id="coldiff-data">"#.utf8)
    out += HTMLReportData.json(report, title: title)
    out += Array("</script>\n</body>\n</html>\n".utf8)
    return out
  }

  /// The changes the page shows before it has read them all: more than a
  /// screen holds.
  static let firstChanges = 200

  private var head: String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" \
    content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="coldiff \(ToolVersion.current)">
    <title>coldiff: \(Self.escape(title))</title>
    <style>
    \(HTMLReportStyle.css)
    </style>
    </head>

    """
  }

  /// The page's markup: the title, the counts, the changed fields and the
  /// filters, then the list the script fills.
  private func body(_ report: ReportChanges) -> String {
    var counts = ""
    for kind in [ReportChange.Kind.insert, .delete, .update, .move] {
      let label = kind.title.lowercased()
      counts +=
        "<div class=\"count k\(kind.rawValue)\"><b>\(report.counts[kind.rawValue])</b>"
        + "<span>\(label)</span></div>"
    }
    var kinds = ""
    for kind in ReportChange.Kind.allCases {
      let sigil = ["\u{2212}", "+", "~", "\u{2195}"][kind.rawValue]
      kinds +=
        "<label class=\"kind k\(kind.rawValue)\"><input type=\"checkbox\" checked "
        + "data-kind=\"\(kind.rawValue)\"><i>\(sigil)</i> \(kind.title.lowercased())</label>\n"
    }
    return """
      <body>
      <header>
      <h1>coldiff<span class="what">\(Self.escape(title))</span></h1>
      <div class="top">
      <section class="counts" aria-label="counts">\(counts)</section>
      <section class="fields" aria-labelledby="fields-title">
      <h2 id="fields-title">Changed fields</h2>
      <ol id="fields-list"></ol>
      </section>
      </div>
      <div id="filters" class="filters">
      <input id="key-filter" type="search" placeholder="Filter by key" aria-label="filter by key">
      <select id="field-filter" aria-label="filter by field"><option value="-1">all fields</option></select>
      \(kinds)<span id="shown"></span>
      </div>
      <div class="row colhead" aria-hidden="true"><span></span><span>key</span><span>position</span>\
      <span>field</span><span>old</span><span>new</span></div>
      </header>
      <main id="list" tabindex="0" aria-label="changes"><div id="spacer"><div id="rows"></div></div></main>
      <div id="print"></div>

      """
  }

  /// `text` with `&`, `<`, `>` and `"` as character references.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
