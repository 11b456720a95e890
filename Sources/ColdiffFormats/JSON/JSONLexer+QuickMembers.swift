/// Where the quick skip of a tree node's members stopped
/// (`JSONLexer.quickMembers`), and what it noted on the way.
struct QuickMembersStop {
  /// Just after the node's `}`, or at the value of its children member
  /// (after the colon and the whitespace after it); -1 when the quick
  /// skip gave up.
  var position = -1
  /// Whether it stopped at the children member's value.
  var atChildren = false
  /// The children member's name (inside its quotes), when it stopped
  /// there.
  var name: Range<Int> = 0..<0
  /// Whether that name holds an escape.
  var escaped = false
  /// The value of the last member named the record key among the members
  /// passed over, or `nil`.
  var recordKey: Range<Int>?
  /// The value of the member named the tree key among the members passed
  /// over (there is at most one: it gives up at a second), or `nil`.
  var treeKey: Range<Int>?
}

/// The member names the quick skip of a tree node's members looks for
/// (`JSONLexer.quickMembers`), made once for a scan; a class, so that the
/// loop holds one reference instead of their words.
final class QuickTreeNames: Sendable {
  /// The children member's name.
  let children: QuickKey
  /// The record key (`QuickKey.none` without one).
  let recordKey: QuickKey
  /// The tree's key (`QuickKey.none` without one).
  let treeKey: QuickKey
  /// Bit `n % 64` set for the length `n` of a name: the lengths of the
  /// children member, the record key and the tree key, each on its own
  /// (a name written without escapes has the length of its decoded
  /// bytes).
  let childrenLengths: UInt64
  let recordKeyLengths: UInt64
  let treeKeyLengths: UInt64

  init(children: QuickKey, recordKey: QuickKey, treeKey: QuickKey) {
    self.children = children
    self.recordKey = recordKey
    self.treeKey = treeKey
    childrenLengths = Self.lengthBit(children)
    recordKeyLengths = Self.lengthBit(recordKey)
    treeKeyLengths = Self.lengthBit(treeKey)
  }

  /// The bit of a name's length, 0 for `QuickKey.none`.
  private static func lengthBit(_ key: QuickKey) -> UInt64 {
    key.count == Int.max ? 0 : 1 &<< UInt64(key.count % 64)
  }

  /// The lengths of the names looked for (`wanted`: bit 0 the record
  /// key, bit 1 the tree key).
  @inline(__always)
  func lengths(wanted: Int) -> UInt64 {
    childrenLengths | (wanted & 1 != 0 ? recordKeyLengths : 0)
      | (wanted & 2 != 0 ? treeKeyLengths : 0)
  }

  /// ``match(_:start:count:escaped:wanted:)`` for a name without an
  /// escape of `count` bytes, at most eight, whose first eight bytes are
  /// `word` (`QuickKey.matches(word:count:)`).
  @inline(__always)
  func match(word: UInt64, count: Int, wanted: Int) -> Int {
    if children.matches(word: word, count: count) { return -1 }
    var bits = 0
    if wanted & 1 != 0, recordKey.matches(word: word, count: count) { bits |= 1 }
    if wanted & 2 != 0, treeKey.matches(word: word, count: count) { bits |= 2 }
    return bits
  }

  /// Which of the names the member name at `start..<start + count`
  /// (`escaped`: whether it holds an escape) is: -1 the children member,
  /// else bit 0 the record key and bit 1 the tree key, among `wanted`.
  @inline(never)
  func match(_ base: UnsafePointer<UInt8>, start: Int, count: Int, escaped: Bool, wanted: Int)
    -> Int
  {
    if children.matches(base, start: start, count: count, escaped: escaped) { return -1 }
    var bits = 0
    if wanted & 1 != 0, recordKey.matches(base, start: start, count: count, escaped: escaped) {
      bits |= 1
    }
    if wanted & 2 != 0, treeKey.matches(base, start: start, count: count, escaped: escaped) {
      bits |= 2
    }
    return bits
  }
}

extension JSONLexer {
  /// Validates the members of a tree node from `position` (at its first
  /// member, or just after the `,` after a member, whitespace before it
  /// allowed) as the member loop of the tree's validating scan does
  /// (`Scanner.skipMembers`: `scanString`, `skipMemberValue`, `closes`),
  /// in one tight loop, up to the value of the next member named the
  /// children member or to the end of the node; or gives up.
  ///
  /// It reads as `quickSkip` reads a record (the same helpers, strings
  /// through `StringStops`, members `"name":value` with a string, number
  /// or literal value in a loop of their own, the same margin), with the
  /// node as its outermost open container, and gives up at everything `quickSkip`
  /// gives up at, and at a second member named the tree key. Whatever it
  /// takes, the member loop takes too, with the same stop and the same
  /// key ranges.
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the node.
  ///   - names: the children member's name and the keys.
  ///   - wanted: the keys to note: bit 0 the record key (its last value),
  ///     bit 1 the tree key.
  ///   - stop: a new stop (`QuickMembersStop()`), given what it noted
  ///     (written as it goes: what it holds after a give-up means
  ///     nothing).
  /// - Returns: where it stopped (`stop.position`), or -1 when it gives
  ///   up.
  ///
  /// Long by design: hot scanner loop (the validator of every node of a
  /// tree, its containers and states kept in locals, as `quickSkip`'s).
  func quickMembers(depth: Int, names: QuickTreeNames, wanted: Int, stop: inout QuickMembersStop)
    -> Int
  {
    let margin = JSONLexer.quickMargin
    guard let base = bytes.baseAddress, position &+ StringStops.reach <= end else { return -1 }
    let end = self.end
    let lineFeedIsSpace = !stopsAtNewline
    var index = position
    // The node is the outermost open container; the containers of its
    // members' values open inside it (`quickSkip`'s limits, the node
    // counted).
    let openLimit = min(63, JSONReader.maximumDepth &- depth)
    var open = 1
    var kinds: UInt64 = 1
    var nameFollows = true
    // The unescaped lengths of the names looked for: other names are
    // passed over without comparing them.
    let lengths = names.lengths(wanted: wanted)
    // Which keys the member being read is named (bit 0: the record key,
    // bit 1: the tree key), and where its value starts.
    var keyBits = 0
    var keyStart = 0
    // Where the strings' plain runs stop, as `quickSkip` reads them.
    var stops = StringStops(base, at: index, end: end)
    nextToken: while true {
      // Whether the member loop read a value, which `index` is just after.
      var valueRead = false
      if base[index] <= 0x20 {
        index = JSONLexer.quickSpace(base, index, end, lineFeedIsSpace)
        guard index >= 0 else { return -1 }
      }
      if nameFollows {
        nameFollows = false
        guard base[index] == UInt8(ascii: "\"") else { return -1 }
        // Members `"name":value` with a string, number or literal value
        // and no whitespace around the colon, one after the other in one
        // loop (as `quickSkip`'s); the names looked for, and the rest,
        // below.
        members: while true {
          // `index` is at the name's opening quote.
          let opening = index
          var escaped = false
          index = stops.stop(base, from: opening &+ 1, end: end)
          guard index >= 0 else { return -1 }
          if base[index] == UInt8(ascii: "\"") {
            // (The stops leave the margin after the closing quote.)
            index &+= 1
          } else {
            // (A flag of its own: one whose address the call takes would
            // live in memory for every member.)
            var hasEscape = false
            index = JSONLexer.withinMargin(
              JSONLexer.quickStringRest(base, from: index, end: end, escaped: &hasEscape), end)
            guard index >= 0 else { return -1 }
            escaped = hasEscape
          }
          // Most names have none of the lengths looked for (the shift
          // takes the length modulo 64, as `lengths` does).
          let nameCount = index &- opening &- 2
          if lengths &>> UInt64(truncatingIfNeeded: nameCount) & 1 != 0 || escaped, open == 1 {
            let nameStart = opening &+ 1
            // A plain name of up to eight bytes (the children member and
            // the keys, mostly) compared here as one word, the rest out
            // of line.
            let match =
              !escaped && nameCount <= 8
              ? names.match(
                word: UnsafeRawPointer(base).loadUnaligned(
                  fromByteOffset: nameStart, as: UInt64.self),
                count: nameCount, wanted: wanted)
              : names.match(
                base, start: nameStart, count: nameCount, escaped: escaped, wanted: wanted)
            if match != 0 {
              index = JSONLexer.quickColon(base, index, end, lineFeedIsSpace)
              guard index >= 0 else { return -1 }
              if match < 0 {
                stop.position = index
                stop.atChildren = true
                stop.name = nameStart..<(nameStart &+ nameCount)
                stop.escaped = escaped
                return index
              }
              keyBits = match
              keyStart = index
              break members
            }
          }
          if base[index] == UInt8(ascii: ":") {
            var valueEnd = -1
            switch base[index &+ 1] {
            case UInt8(ascii: "\""):
              valueEnd = stops.stringEnd(base, at: index &+ 1, end: end)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
              valueEnd = JSONLexer.withinMargin(
                JSONLexer.quickNumber(base, at: index &+ 1, end: end), end)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
              valueEnd = JSONLexer.withinMargin(JSONLexer.quickLiteral(base, at: index &+ 1), end)
            default: break
            }
            // (A string's end has the margin after it, as `stringEnd` gives it.)
            if valueEnd >= 0 {
              index = valueEnd
              // `,"`: the next member's name.
              if UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt16.self)
                == 0x222C
              {
                index &+= 1
                continue members
              }
              valueRead = true
              break members
            }
          }
          index = JSONLexer.quickColon(base, index, end, lineFeedIsSpace)
          guard index >= 0 else { return -1 }
          break members
        }
      }
      if !valueRead {
        let byte = base[index]
        switch byte {
        case UInt8(ascii: "\""):
          index = stops.stringEnd(base, at: index, end: end)
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
      // Close the containers this value completes, up to the node.
      while open > 0 {
        if keyBits != 0 && open == 1 {
          if keyBits & 1 != 0 { stop.recordKey = keyStart..<index }
          if keyBits & 2 != 0 {
            guard stop.treeKey == nil else { return -1 }
            stop.treeKey = keyStart..<index
          }
          keyBits = 0
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
      stop.position = index
      return index
    }
  }

  /// The position after the `:` after a member name that ends at `index`
  /// and the whitespace after it, or -1 when there is no colon, or when it
  /// comes within ``quickMargin`` bytes of `end`.
  @inline(__always)
  static func quickColon(
    _ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int, _ lineFeedIsSpace: Bool
  ) -> Int {
    var index = index
    if base[index] != UInt8(ascii: ":") {
      index = quickSpace(base, index, end, lineFeedIsSpace)
      guard index >= 0, base[index] == UInt8(ascii: ":") else { return -1 }
    }
    index &+= 1
    if base[index] <= 0x20 { index = quickSpace(base, index, end, lineFeedIsSpace) }
    return index
  }
}
