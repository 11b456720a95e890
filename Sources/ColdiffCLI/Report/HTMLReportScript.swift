/// The script of the HTML report, inline in the page: it reads the
/// changes from the page's JSON (``HTMLReportData``), lists the changed
/// fields, filters by key text, field and kind (also from the address:
/// `#key=TEXT&field=NAME`), and renders only the rows on screen (virtual
/// scrolling over fixed-height rows), so 100,000 changes stay responsive.
/// It shows the first changes (before it in the page) at once and all of
/// them once the page is read. Values are put in the page as text, never
/// as markup. In the next frame after the first rows are drawn the root
/// element gets `data-first-rows`, and once all changes are shown
/// `data-loaded` (each the time since navigation began, in ms), which
/// tests and benchmarks wait for.
enum HTMLReportScript {
  /// The JavaScript.
  static let javaScript = #"""
    "use strict";
    (function () {
      var KINDS = [["Deleted", "\u2212"], ["Inserted", "+"], ["Updated", "~"], ["Moved", "\u2195"]];
      var ROW = 26, MAX_HEIGHT = 8000000, PRINT_ROWS = 500, CONTEXT = 24;
      var list = document.getElementById("list"), spacer = document.getElementById("spacer");
      var rowsBox = document.getElementById("rows");
      var keyInput = document.getElementById("key-filter");
      var fieldSelect = document.getElementById("field-filter");
      var kindBoxes = document.querySelectorAll("input[data-kind]");
      var state = { key: "", field: -1, kinds: [true, true, true, true] };
      var lowerNames = null, rowChange = new Int32Array(0), rowSub = new Int32Array(0);
      var rowCount = 0, scheduled = false;
      var data, changes, fields, kindStart, capacity;

      // Read: the changes of one data element (the first ones, then all),
      // where each kind starts, and how many rows they can make at most.
      function use(id) {
        data = JSON.parse(document.getElementById(id).textContent);
        changes = data.changes; fields = data.fields; lowerNames = null;
        kindStart = [0, 0, 0, 0, 0];
        capacity = 4;
        for (var i = 0; i < changes.length; i++) {
          kindStart[changes[i][0] + 1] = i + 1;
          capacity += changes[i][0] === 2 ? Math.max(1, changes[i][4].length / 3) : 1;
        }
        for (var k = 1; k < 5; k++) kindStart[k] = Math.max(kindStart[k], kindStart[k - 1]);
      }

      function el(tag, cls, text) {
        var node = document.createElement(tag);
        if (cls) node.className = cls;
        if (text !== undefined) node.textContent = text;
        return node;
      }

      // Match: the rows of the changes that pass the filters, grouped by kind.
      function build() {
        var key = state.key.toLowerCase(), field = state.field, shown = 0;
        if (key && !lowerNames) lowerNames = changes.map(function (c) { return c[1].toLowerCase(); });
        if (rowChange.length < capacity) {
          rowChange = new Int32Array(capacity); rowSub = new Int32Array(capacity);
        }
        var n = 0;
        for (var k = 0; k < 4; k++) {
          if (!state.kinds[k] || (field >= 0 && k !== 2)) continue;
          var head = n++, matched = 0;
          for (var i = kindStart[k]; i < kindStart[k + 1]; i++) {
            if (key && lowerNames[i].indexOf(key) < 0) continue;
            if (k !== 2) { rowChange[n] = i; rowSub[n++] = -1; matched++; continue; }
            var detail = changes[i][4], hit = false;
            for (var j = 0; j < detail.length; j += 3) {
              if (field >= 0 && detail[j] !== field) continue;
              rowChange[n] = i; rowSub[n++] = j; hit = true;
            }
            if (hit) matched++;
          }
          if (matched === 0) { n = head; continue; }
          rowChange[head] = -1 - k; rowSub[head] = matched; shown += matched;
        }
        rowCount = n;
        var total = data.counts.reduce(function (a, b) { return a + b; }, 0);
        document.getElementById("shown").textContent = data.partial
          ? "reading " + total.toLocaleString("en-US") + " changes\u2026"
          : shown === total
          ? total.toLocaleString("en-US") + " changes"
          : "showing " + shown.toLocaleString("en-US") + " of " + total.toLocaleString("en-US") + " changes";
      }

      // The lengths of what two texts share at their start and their end.
      function common(a, b) {
        var max = Math.min(a.length, b.length), p = 0, s = 0;
        while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
        if (p > 0 && p < a.length && (a.charCodeAt(p) & 0xfc00) === 0xdc00) p--;
        while (s < max - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
        if (s > 0 && (a.charCodeAt(a.length - s) & 0xfc00) === 0xdc00) s--;
        return [p, s];
      }

      // A value with its changed part marked, the shared start cut to some context.
      function value(text, other, cls) {
        var cell = el("span", cls === "old" ? "old" : "new");
        if (text === null) { cell.appendChild(el("span", "absent", "(absent)")); return cell; }
        cell.title = text.length > 40 ? text : "";
        if (other === null) { cell.textContent = text; return cell; }
        var cut = common(text, other), p = cut[0], s = cut[1];
        var start = p > CONTEXT + 8 ? p - CONTEXT : 0;
        cell.appendChild(document.createTextNode((start ? "\u2026" : "") + text.slice(start, p)));
        cell.appendChild(el("mark", cls, text.slice(p, text.length - s)));
        cell.appendChild(document.createTextNode(text.slice(text.length - s)));
        return cell;
      }

      // One row: a group's title, or a change (an update's changed field).
      function row(r) {
        var c = rowChange[r];
        if (c < 0) {
          var kind = -1 - c, group = el("div", "group k" + kind);
          group.appendChild(el("span", "", KINDS[kind][0]));
          group.appendChild(el("small", "", rowSub[r].toLocaleString("en-US") + " of " +
            data.counts[kind].toLocaleString("en-US")));
          return group;
        }
        var change = changes[c], k = change[0], sub = rowSub[r];
        var line = el("div", "row k" + k + (sub > 0 ? " more" : ""));
        line.appendChild(el("span", "sigil", KINDS[k][1]));
        line.appendChild(el("span", "key", change[1])).title = change[1];
        line.appendChild(el("span", "pos", change[2]));
        if (k === 2) {
          var detail = change[4], name = fields[detail[sub]][0];
          line.appendChild(el("span", name ? "field" : "field whole", name || "(whole record)"));
          line.appendChild(value(detail[sub + 1], detail[sub + 2], "old"));
          line.appendChild(value(detail[sub + 2], detail[sub + 1], "new"));
        } else {
          line.appendChild(el("span", "field", ""));
          var wide = el("span", "wide", k === 3 ? "" : change[4]);
          if (k !== 3) wide.title = change[4].length > 40 ? change[4] : "";
          if (change[3]) wide.appendChild(el("span", "note", (k === 3 ? "" : "  ") + change[3]));
          line.appendChild(wide);
        }
        return line;
      }

      // Render: only the rows on screen, placed where they would be.
      function render() {
        scheduled = false;
        var full = rowCount * ROW, height = Math.min(full, MAX_HEIGHT);
        var scale = height > 0 ? full / height : 1;
        spacer.style.height = height + "px";
        var top = list.scrollTop * scale, first = Math.floor(top / ROW);
        var count = Math.min(rowCount - first, Math.ceil(list.clientHeight / ROW) + 2);
        rowsBox.style.top = (list.scrollTop - (top - first * ROW)) + "px";
        var rows = document.createDocumentFragment();
        for (var r = first; r < first + count; r++) rows.appendChild(row(r));
        rowsBox.textContent = "";
        rowsBox.appendChild(rows);
        if (rowCount === 0) rowsBox.appendChild(el("div", "empty", changes.length
          ? "No change matches the filters." : "No differences."));
      }

      function schedule() {
        if (!scheduled) { scheduled = true; requestAnimationFrame(render); }
      }

      function refilter() {
        build();
        list.scrollTop = 0;
        render();
        var hash = [];
        if (state.key) hash.push("key=" + encodeURIComponent(state.key));
        if (state.field >= 0) hash.push("field=" + encodeURIComponent(fields[state.field][0]));
        history.replaceState(null, "", hash.length ? "#" + hash.join("&") : location.pathname);
        var items = document.querySelectorAll(".fields li");
        for (var i = 0; i < items.length; i++) items[i].classList.toggle("on", i === state.field);
      }

      function setField(index) {
        state.field = index;
        fieldSelect.value = String(index);
        refilter();
      }

      // The changed fields, most changed first, each a filter when clicked.
      function listFields() {
        var box = document.getElementById("fields-list"), most = fields.length ? fields[0][1] : 1;
        document.getElementById("fields-title").textContent = "Changed fields (" + fields.length + ")";
        fields.forEach(function (f, index) {
          var item = el("li"), bar = el("span", "bar");
          bar.style.width = Math.max(2, Math.round(120 * f[1] / most)) + "px";
          item.appendChild(el("span", "name", f[0] || "(whole record)"));
          item.appendChild(bar);
          item.appendChild(el("span", "n", f[1].toLocaleString("en-US")));
          item.addEventListener("click", function () { setField(state.field === index ? -1 : index); });
          box.appendChild(item);
          var option = el("option", "", f[0] || "(whole record)");
          option.value = String(index);
          fieldSelect.appendChild(option);
        });
      }

      function readHash() {
        location.hash.replace(/^#/, "").split("&").forEach(function (part) {
          var eq = part.indexOf("="), name = part.slice(0, eq), text = decodeURIComponent(part.slice(eq + 1));
          if (name === "key") { state.key = text; keyInput.value = text; }
          if (name === "field") {
            for (var i = 0; i < fields.length; i++) if (fields[i][0] === text) state.field = i;
            fieldSelect.value = String(state.field);
          }
        });
      }

      // Print: the first rows of the current filter in plain flow.
      function printRows() {
        var box = document.getElementById("print");
        box.textContent = "";
        for (var r = 0; r < Math.min(rowCount, PRINT_ROWS); r++) box.appendChild(row(r));
        if (rowCount > PRINT_ROWS) {
          box.appendChild(el("p", "", "\u2026 and " + (rowCount - PRINT_ROWS).toLocaleString("en-US") +
            " more rows (narrow the filters to print them)"));
        }
      }

      var timer = 0;
      keyInput.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { state.key = keyInput.value; refilter(); }, 120);
      });
      fieldSelect.addEventListener("change", function () { setField(Number(fieldSelect.value)); });
      kindBoxes.forEach(function (box) {
        box.addEventListener("change", function () {
          state.kinds[Number(box.dataset.kind)] = box.checked;
          refilter();
        });
      });
      list.addEventListener("scroll", schedule, { passive: true });
      window.addEventListener("resize", schedule);
      window.addEventListener("beforeprint", printRows);
      // Start with the first changes; once the page is read, all of them.
      use("coldiff-first");
      listFields();
      readHash();
      build();
      render();
      requestAnimationFrame(function () {
        document.documentElement.setAttribute("data-first-rows", performance.now().toFixed(1));
      });
      document.addEventListener("DOMContentLoaded", function () {
        use("coldiff-data");
        build();
        render();
        document.documentElement.setAttribute("data-loaded", performance.now().toFixed(1));
      });
    })();
    """#
}
