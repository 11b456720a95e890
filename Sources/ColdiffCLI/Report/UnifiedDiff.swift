/// A plain unified line diff (`diff -u`, git's own format) of two files'
/// bytes, with three lines of context: what git's driver forms show for a
/// file coldiff cannot read as a collection (SPEC §8.1.2).
///
/// Lines are compared as bytes, newline included, so a file need not be
/// valid UTF-8; a last line without a newline is marked
/// `\ No newline at end of file`. The edit script is minimal (Myers)
/// unless the files differ in more than ``maximumEdits`` lines, where the
/// changed middle is shown as removed and added whole.
struct UnifiedDiff {
  /// The lines of context around each change.
  static let context = 3
  /// Beyond this many differing lines the script is no longer searched
  /// for the shortest: the time and memory of Myers' search grow with its
  /// square.
  static let maximumEdits = 2000

  /// One line of the script: kept, removed from OLD or added from NEW.
  private enum Edit: Equatable {
    case keep(old: Int, new: Int)
    case remove(old: Int)
    case add(new: Int)
  }

  let old: [ArraySlice<UInt8>]
  let new: [ArraySlice<UInt8>]

  /// The diff of `old` and `new` (whole files' bytes).
  init(old: [UInt8], new: [UInt8]) {
    self.old = UnifiedDiff.lines(old)
    self.new = UnifiedDiff.lines(new)
  }

  /// `--- OLD-LABEL`, `+++ NEW-LABEL` and the hunks; nothing at all when
  /// the files are equal.
  func render(oldLabel: String, newLabel: String) -> [UInt8] {
    let script = edits()
    guard script.contains(where: { if case .keep = $0 { false } else { true } }) else { return [] }
    var out = Array("--- \(oldLabel)\n+++ \(newLabel)\n".utf8)
    for hunk in hunks(script) { write(script[hunk], to: &out) }
    return out
  }

  /// The file's lines, each with its newline (the last one may have none).
  private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == 0x0A {
      lines.append(bytes[start...offset])
      start = offset + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  /// The whole script: the shared start and end kept, the middle by
  /// Myers' search.
  private func edits() -> [Edit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var script = (0..<prefix).map { Edit.keep(old: $0, new: $0) }
    script += middle(old: prefix..<(old.count - suffix), new: prefix..<(new.count - suffix))
    script += (0..<suffix).map {
      Edit.keep(old: old.count - suffix + $0, new: new.count - suffix + $0)
    }
    return script
  }

  /// The shortest script for the two ranges (Myers' greedy search with
  /// its trace kept for the way back), or all removed then all added when
  /// more than `maximumEdits` lines differ.
  private func middle(old a: Range<Int>, new b: Range<Int>) -> [Edit] {
    let n = a.count
    let m = b.count
    let whole = a.map { Edit.remove(old: $0) } + b.map { Edit.add(new: $0) }
    guard n > 0, m > 0 else { return whole }
    let limit = min(n + m, UnifiedDiff.maximumEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    for depth in 0...limit {
      trace.append(frontier)
      for diagonal in stride(from: -depth, through: depth, by: 2) {
        var x =
          diagonal == -depth
            || (diagonal != depth
              && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
          ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1
        var y = x - diagonal
        while x < n, y < m, old[a.lowerBound + x] == new[b.lowerBound + y] {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= n, y >= m {
          return backtrack(trace, to: (n, m), offset: offset, origin: (a.lowerBound, b.lowerBound))
        }
      }
    }
    return whole
  }

  /// The script from the search's trace, walked back from the end.
  private func backtrack(
    _ trace: [[Int]], to end: (x: Int, y: Int), offset: Int, origin: (old: Int, new: Int)
  ) -> [Edit] {
    var script: [Edit] = []
    var (x, y) = end
    for depth in stride(from: trace.count - 1, through: 0, by: -1) {
      let frontier = trace[depth]
      let diagonal = x - y
      let down =
        diagonal == -depth
        || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
      let previous = down ? diagonal + 1 : diagonal - 1
      let startX = depth == 0 ? 0 : frontier[offset + previous]
      let startY = depth == 0 ? 0 : startX - previous
      while x > startX, y > startY {
        x -= 1
        y -= 1
        script.append(.keep(old: origin.old + x, new: origin.new + y))
      }
      guard depth > 0 else { break }
      script.append(down ? .add(new: origin.new + startY) : .remove(old: origin.old + startX))
      (x, y) = (startX, startY)
    }
    return script.reversed()
  }

  /// The ranges of the script each hunk shows: the changes with their
  /// context, changes closer than twice the context in one hunk.
  private func hunks(_ script: [Edit]) -> [Range<Int>] {
    var hunks: [Range<Int>] = []
    for (index, edit) in script.enumerated() {
      if case .keep = edit { continue }
      let range =
        max(0, index - UnifiedDiff.context)..<min(script.count, index + 1 + UnifiedDiff.context)
      if let last = hunks.last, last.upperBound >= range.lowerBound {
        hunks[hunks.count - 1] = last.lowerBound..<range.upperBound
      } else {
        hunks.append(range)
      }
    }
    return hunks
  }

  /// One hunk: `@@ -START,COUNT +START,COUNT @@` and its lines.
  private func write(_ hunk: ArraySlice<Edit>, to out: inout [UInt8]) {
    var oldLines: [Int] = []
    var newLines: [Int] = []
    for edit in hunk {
      switch edit {
      case .keep(let o, let n):
        oldLines.append(o)
        newLines.append(n)
      case .remove(let o): oldLines.append(o)
      case .add(let n): newLines.append(n)
      }
    }
    // A side with no lines in a hunk is an empty file (the context
    // would hold some otherwise): diff(1) writes it as `0,0`.
    let oldStart = oldLines.first.map { $0 + 1 } ?? 0
    let newStart = newLines.first.map { $0 + 1 } ?? 0
    out += Array(
      "@@ -\(range(oldStart, oldLines.count)) +\(range(newStart, newLines.count)) @@\n".utf8)
    for edit in hunk {
      switch edit {
      case .keep(let o, _): line(" ", old[o], to: &out)
      case .remove(let o): line("-", old[o], to: &out)
      case .add(let n): line("+", new[n], to: &out)
      }
    }
  }

  /// `START,COUNT`, or `START` alone when COUNT is 1.
  private func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(start),\(count)"
  }

  /// One line with its sigil; a line without a newline gets one and the
  /// marker.
  private func line(_ sigil: Character, _ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
    out.append(sigil.asciiValue ?? 0x20)
    out += bytes
    if bytes.last != 0x0A { out += Array("\n\\ No newline at end of file\n".utf8) }
  }
}
