/// The style sheet of the HTML report, inline in the page.
///
/// The colors are from Okabe and Ito's palette, told apart with any kind
/// of color blindness: vermillion for deleted records and old text, blue
/// for inserted records and new text, orange for updates, bluish green for
/// moves. Color is never the only sign: each row has its sigil (`−`, `+`,
/// `~`, `↕`) and each group its title. In print, the filters go and the
/// rows on screen are replaced by the first rows of the current filter in
/// plain flow.
enum HTMLReportStyle {
  /// The CSS.
  static let css = """
    :root {
      --row: 26px; --del: #d55e00; --ins: #0072b2; --upd: #b07800; --mov: #009e73;
      --del-bg: #fbdcc8; --ins-bg: #cfe6f6; --line: #d8dde3; --dim: #5f6b76;
      --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
    }
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; }
    body {
      display: flex; flex-direction: column; color: #1d2329; background: #fff;
      font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
    }
    header { padding: 14px 20px 8px; border-bottom: 1px solid var(--line); background: #f7f9fb; }
    h1 { margin: 0 0 10px; font-size: 18px; font-weight: 600; }
    h1 .what { font-family: var(--mono); font-weight: 400; color: var(--dim); margin-left: 8px; }
    .top { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
    .counts { display: flex; gap: 10px; }
    .count {
      min-width: 104px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px;
      background: #fff; border-top: 4px solid var(--c);
    }
    .count b { display: block; font-size: 22px; font-variant-numeric: tabular-nums; }
    .count span { color: var(--dim); }
    .k0 { --c: var(--del); } .k1 { --c: var(--ins); } .k2 { --c: var(--upd); } .k3 { --c: var(--mov); }
    .fields { min-width: 260px; }
    .fields h2 { margin: 0 0 4px; font-size: 13px; font-weight: 600; color: var(--dim); }
    .fields ol { margin: 0; padding: 0; list-style: none; max-height: 86px; overflow: auto; }
    .fields li {
      display: grid; grid-template-columns: minmax(140px, max-content) 130px 4em; gap: 10px;
      align-items: center; cursor: pointer; padding: 1px 4px;
    }
    .fields li:hover, .fields li.on { background: #e8eef4; }
    .fields .bar { height: 8px; background: var(--upd); border-radius: 2px; opacity: .7; }
    .fields .name { font-family: var(--mono); min-width: 120px; }
    .fields .n { color: var(--dim); font-variant-numeric: tabular-nums; text-align: right; }
    .filters { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; margin-top: 10px; }
    input[type=search], select {
      font: inherit; padding: 4px 8px; border: 1px solid #aab4be; border-radius: 4px;
    }
    input[type=search] { width: 260px; }
    label.kind { display: inline-flex; gap: 4px; align-items: center; }
    label.kind i { font-style: normal; font-weight: 700; color: var(--c); }
    #shown { color: var(--dim); margin-left: auto; font-variant-numeric: tabular-nums; }
    main { flex: 1; overflow: auto; position: relative; outline: none; }
    #spacer { position: relative; }
    #rows { position: absolute; left: 0; right: 0; top: 0; }
    .row {
      display: grid; height: var(--row); align-items: center; border-bottom: 1px solid #eef1f4;
      grid-template-columns: 28px minmax(90px, 14%) minmax(70px, 9%) minmax(90px, 13%) 1fr 1fr;
      font-family: var(--mono); font-size: 13px; padding: 0 12px 0 8px;
    }
    .colhead { margin: 10px -20px -8px; font-family: inherit; font-size: 12px; color: var(--dim); }
    .row > span { overflow: hidden; white-space: pre; text-overflow: ellipsis; padding-right: 10px; }
    .row .sigil { font-weight: 700; color: var(--c); text-align: center; }
    .row .key { font-weight: 600; }
    .row.more .key, .row.more .pos { color: #9aa5b1; font-weight: 400; }
    .row .pos, .row .note, .absent, .row .field.whole { color: var(--dim); }
    .row .wide { grid-column: 5 / 7; }
    .row.k0 .wide { color: #8a3c00; } .row.k1 .wide { color: #004f7c; }
    .group {
      display: flex; align-items: center; height: var(--row); padding: 0 12px; gap: 8px;
      font-weight: 600; background: #f1f4f7; border-bottom: 1px solid var(--line);
      border-left: 4px solid var(--c);
    }
    .group small { font-weight: 400; color: var(--dim); }
    mark { color: inherit; border-radius: 2px; }
    mark.old { background: var(--del-bg); text-decoration: line-through; text-decoration-color: var(--del); }
    mark.new { background: var(--ins-bg); text-decoration: underline; text-decoration-color: var(--ins); }
    .empty { padding: 24px; color: var(--dim); }
    #print { display: none; }
    @media print {
      html, body { height: auto; display: block; }
      header { background: none; }
      .filters, main, .fields li .bar { display: none; }
      .fields ol { max-height: none; overflow: visible; }
      #print { display: block; }
      #print .row { height: auto; min-height: var(--row); break-inside: avoid; }
      #print .row > span { white-space: pre-wrap; overflow-wrap: anywhere; }
      mark.old, mark.new { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    }
    """
}
