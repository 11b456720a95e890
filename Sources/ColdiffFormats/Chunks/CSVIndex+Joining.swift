/// The rows of a CSV file's chunks joined into one index
/// (`CSVIndex+Chunks`).
extension CSVIndex {
  /// Joins the rows of the chunks, numbering their lines from the file's
  /// start and moving their key ends past the keys before them.
  ///
  /// One array at a time is joined, its parts copied into place on every
  /// core (`ChunkRunner`) and let go once copied, so that the whole index
  /// and all the parts are never held at once.
  ///
  /// - Complexity: O(rows and key bytes), spread over the cores.
  mutating func join(_ parts: inout [CSVRows], header: Int) {
    // Where each part's rows, lines and key bytes go.
    var (rowOffsets, lineShifts, keyOffsets) = ([Int](), [UInt32](), [Int]())
    var (rows, lineFeeds, keyBytes) = (0, UInt32(0), 0)
    for part in parts {
      rowOffsets.append(rows)
      lineShifts.append(lineFeeds)
      keyOffsets.append(keyBytes)
      rows += part.lineStarts.count
      lineFeeds += UInt32(part.lineFeeds)
      keyBytes += part.keys?.count ?? 0
    }
    lineStarts = Self.joined(&parts, rows, rowOffsets) { part, chunk, target in
      Self.copy(part.lineStarts, to: target)
      part.lineStarts = []
    }
    lineNumbers = Self.joined(&parts, rows, rowOffsets) { part, chunk, target in
      part.lineNumbers.withUnsafeBufferPointer { lines in
        let shift = lineShifts[chunk]
        for row in lines.indices { target[row] = lines[row] &+ shift }
      }
      part.lineNumbers = []
    }
    if parts.contains(where: { !$0.knownPartners.isEmpty }) {
      knownPartners = Self.joined(&parts, rows, rowOffsets) { part, chunk, target in
        Self.copy(part.knownPartners, to: target)
        part.knownPartners = []
      }
    }
    if keyColumn >= 0 {
      canonicalKeyEnds = Self.joined(&parts, rows, rowOffsets) { part, chunk, target in
        guard let ends = part.keys?.keyEnds else { return }
        let shift = keyOffsets[chunk]
        for row in ends.indices { target[row] = ends[row] &+ shift }
      }
      canonicalKeys = Self.joined(&parts, keyBytes, keyOffsets) { part, chunk, target in
        if let keys = part.keys?.bytes, let source = keys.baseAddress {
          target.initialize(from: source, count: keys.count)
        }
        part.keys = nil
      }
    }
    columnCount = max(header, 0)
    quotesEveryField = rows > 0 && parts.allSatisfy(\.everyFieldQuoted)
    for position in parts.indices { parts[position] = CSVRows() }
  }

  /// An array of `total` elements, each part's copied by `fill` (given
  /// the part, its number and where its elements go) to its offset, on
  /// every core (each part on one thread).
  private static func joined<Element>(
    _ parts: inout [CSVRows], _ total: Int, _ offsets: [Int],
    _ fill: @escaping (inout CSVRows, _ chunk: Int, UnsafeMutablePointer<Element>) -> Void
  ) -> [Element] {
    guard total > 0 else { return [] }
    return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
      let destination = buffer.baseAddress!
      parts.withUnsafeMutableBufferPointer { parts in
        let pieces = parts.baseAddress!
        _ = ChunkRunner.map(parts.count) { part in
          fill(&pieces[part], part, destination + offsets[part])
        }
      }
      initialized = total
    }
  }

  /// Copies `source` to `destination`.
  private static func copy<Element>(
    _ source: [Element], to destination: UnsafeMutablePointer<Element>
  ) {
    source.withUnsafeBufferPointer {
      guard let start = $0.baseAddress else { return }
      destination.initialize(from: start, count: $0.count)
    }
  }
}
