@testable import ColdiffFormats

extension JSONLexer {
  /// `quickSkip` as it was at commit 0fa0641 (one loop over the tokens,
  /// strings sixteen bytes at a time), kept as the oracle of
  /// `JSONQuickSkipDifferentialTests`: `quickSkip` must take exactly what
  /// this one takes, with the same end and key range.
  ///
  /// - Parameters:
  ///   - depth: how many containers already enclose the value.
  ///   - key: the member name to note the value of at the top level.
  ///   - found: set to the range of the key member's value when it takes
  ///     the value.
  /// - Returns: the position just after the value, or -1.
  func previousQuickSkip(depth: Int, key: QuickKey, found: inout Range<Int>?) -> Int {
    let margin = JSONLexer.quickMargin
    guard let base = bytes.baseAddress, position &+ margin <= end else { return -1 }
    let end = self.end
    let lineFeedIsSpace = !stopsAtNewline
    var index = position
    let first = base[index]
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return -1 }
    // How many containers may be open (`JSONReader.maximumDepth`, and the
    // bits of `kinds`).
    let openLimit = min(63, JSONReader.maximumDepth &- depth)
    // The open containers, and their kinds (bit 0: whether the innermost
    // is an object; the outer ones in the bits above).
    var open = 0
    var kinds: UInt64 = 0
    var nameFollows = false
    // Where the key member's value starts; -2 while it is about to.
    var keyStart = -1
    var result: Range<Int>?
    nextToken: while true {
      if base[index] <= 0x20 {
        index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
        guard index >= 0 else { return -1 }
      }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        // A member name or a string value: plain ASCII runs sixteen bytes
        // at a time here, the rest out of line.
        let opening = index
        var escaped = false
        index &+= 1
        while true {
          let run = ByteClassifier.firstStringSpecial(UnsafeRawPointer(base), index)
          index &+= run
          if run < ByteClassifier.width { break }
          guard index &+ ByteClassifier.width <= end else { return -1 }
        }
        if base[index] == UInt8(ascii: "\"") {
          index &+= 1
        } else {
          index = JSONLexer.quickStringRest(base, from: index, end: end, escaped: &escaped)
          guard index >= 0 else { return -1 }
        }
        guard index &+ margin <= end else { return -1 }
        if nameFollows {
          nameFollows = false
          if open == 1
            && key.matches(
              base, start: opening &+ 1, count: index &- opening &- 2, escaped: escaped)
          {
            keyStart = -2
          }
          if base[index] != UInt8(ascii: ":") {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0, base[index] == UInt8(ascii: ":") else { return -1 }
          }
          index &+= 1
          if base[index] <= 0x20 {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0 else { return -1 }
          }
          if keyStart == -2 { keyStart = index }
          continue nextToken
        }
      } else {
        guard !nameFollows else { return -1 }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          index = JSONLexer.quickNumber(base, at: index, end: end)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
          index = JSONLexer.quickLiteral(base, at: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard open < openLimit else { return -1 }
          index &+= 1
          guard index &+ margin <= end else { return -1 }
          if base[index] <= 0x20 {
            index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
            guard index >= 0 else { return -1 }
          }
          // `}` is `{` + 2, and `]` is `[` + 2.
          if base[index] == byte &+ 2 {
            index &+= 1
          } else {
            let isObject: UInt64 = byte == UInt8(ascii: "{") ? 1 : 0
            kinds = kinds &<< 1 | isObject
            open &+= 1
            nameFollows = isObject == 1
            continue nextToken
          }
        default: return -1
        }
        guard index >= 0, index &+ margin <= end else { return -1 }
      }
      // Close the containers this value completes.
      while open > 0 {
        if keyStart >= 0 && open == 1 {
          result = keyStart..<index
          keyStart = -1
        }
        var next = base[index]
        if next <= 0x20 {
          index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
          guard index >= 0 else { return -1 }
          next = base[index]
        }
        let inObject = kinds & 1 == 1
        if next == UInt8(ascii: ",") {
          index &+= 1
          nameFollows = inObject
          continue nextToken
        }
        guard next == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return -1 }
        index &+= 1
        guard index &+ margin <= end else { return -1 }
        open &-= 1
        kinds &>>= 1
      }
      found = result
      return index
    }
  }
}
