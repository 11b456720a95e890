/// One record of a collection being written: the original bytes of a
/// record of the scanned input, or a new value.
public enum JSONRecordOutput: Sendable {
  /// Record `index` of the scanned input, copied byte for byte (for an
  /// object, the whole member: name, colon and value).
  case original(Int)
  /// A new element of an array or line of JSON Lines.
  case value(JSONValue)
  /// A new element of an array or line of JSON Lines given as the
  /// validated JSON text of one value, no whitespace around it (a
  /// patch's bytes): written as `.value` writes its value, without
  /// building it (`JSONWriter.write(text:_:replacing:style:depth:to:)`).
  case text(ArraySlice<UInt8>)
  /// A new member of an object.
  case member(name: JSONString, value: JSONValue)
  /// Element or line `index` of the scanned input with the values at
  /// `replacing`'s ranges (members of it) given new validated JSON text:
  /// written as `.value` writes the value so edited, without building it
  /// (`JSONWriter.write(text:_:replacing:style:depth:to:)`).
  case edited(Int, replacing: [(value: Range<Int>, json: [UInt8])])
  /// A new element of an array or line of JSON Lines already written in
  /// the collection's style (``JSONCollectionLayout/writeText(_:to:)``),
  /// copied as it is.
  case written(ArraySlice<UInt8>)
}

/// The frame around the records of a scanned collection, so that a list of
/// records, original or new, can be written back as the same kind of
/// document (SPEC §5, §7.17).
///
/// Writing every original record in order gives back the input byte for
/// byte, whatever its formatting. Two original records that were adjacent
/// in the input keep the bytes that were between them; elsewhere the
/// typical `separator` is used, and new records are written with `style`,
/// so they look like their neighbours.
public struct JSONCollectionLayout: Sendable {
  /// The collection's form.
  public let form: InputForm
  /// The bytes before the first record (a byte order mark, `[` or `{`,
  /// whitespace).
  public let leading: [UInt8]
  /// The bytes between two records that were not adjacent in the input
  /// (`,\n  ` for `jq .`, `, ` for Python's compact output, a line ending
  /// for JSON Lines).
  public let separator: [UInt8]
  /// The bytes after the last record (closing bracket, final new line).
  public let trailing: [UInt8]
  /// The whole document when no record is left (`[]\n`; empty for JSON
  /// Lines).
  public let empty: [UInt8]
  /// The style in which new records are written.
  public let style: JSONStyle
  /// The nesting depth of the records (1 in an array or object, 0 in JSON
  /// Lines).
  public let recordDepth: Int
  /// The scanned records.
  public let index: JSONCollectionIndex

  /// Finds the layout of a scanned collection.
  ///
  /// For an input without records, new records are written compactly
  /// between the brackets (`[{"id":1}]`), or one a line in JSON Lines.
  ///
  /// - Parameters:
  ///   - bytes: the scanned buffer.
  ///   - index: its records, from `JSONCollectionScanner`.
  /// - Complexity: O(n) at most (the style is learnt from the first
  ///   records).
  public init(bytes: UnsafeBufferPointer<UInt8>, index: JSONCollectionIndex) {
    self.index = index
    form = index.form
    recordDepth = form == .jsonLines ? 0 : 1
    var style = JSONStyle.detect(in: bytes, index: index)
    if form == .jsonLines { style.indent = .none }
    self.style = style
    let end = bytes.count
    guard index.count > 0 else {
      empty = Array(bytes)
      if form == .jsonLines {
        leading = []
        separator = style.lineEnding
        trailing = style.lineEnding
      } else {
        leading = Array(bytes[0...index.openingOffset])
        separator = style.comma
        trailing = Array(bytes[(index.closingOffset - 1)..<end])
      }
      return
    }
    let first = index.entryRange(0)
    let last = index.entryRange(index.count - 1)
    leading = Array(bytes[0..<first.lowerBound])
    trailing = Array(bytes[last.upperBound..<end])
    if form == .jsonLines {
      separator = style.lineEnding
      empty = Array(bytes[0..<index.openingOffset])
    } else {
      if index.count > 1 {
        separator = Array(bytes[first.upperBound..<index.entryRange(1).lowerBound])
      } else {
        let opening = bytes[(index.openingOffset + 1)..<first.lowerBound]
        separator = opening.contains(0x0A) ? [UInt8(ascii: ",")] + opening : style.comma
      }
      empty =
        Array(bytes[0...index.openingOffset]) + Array(bytes[(index.closingOffset - 1)..<end])
    }
  }

  /// Writes a new element or line given as the validated JSON text of one
  /// value, no whitespace around it, as ``write(_:from:to:)`` writes a
  /// `.text` record: in the collection's style, without building it.
  ///
  /// - Parameters:
  ///   - text: the value's text.
  ///   - out: where to append.
  @inlinable
  public func writeText(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    JSONWriter.write(text: text, 0..<text.count, style: style, depth: recordDepth, to: &out)
  }

  /// Writes a document holding `records`, in order.
  ///
  /// - Parameters:
  ///   - records: the records to write.
  ///   - bytes: the scanned buffer (the one given to `init`).
  ///   - out: where to append.
  /// - Complexity: O(n) in the written size.
  @inlinable
  public func write(
    _ records: some Sequence<JSONRecordOutput>, from bytes: UnsafeBufferPointer<UInt8>,
    to out: inout [UInt8]
  ) {
    write(records, from: bytes, to: &out, flushingAbove: .max) { _ in }
  }

  /// Writes a document holding `records`, in order, handing the bytes on
  /// in pieces: whenever `out` holds `limit` bytes or more, `flush` gets
  /// it (and must empty it), so a document of any size goes out through a
  /// buffer of about `limit` bytes. Whatever is left in `out` at the end is
  /// the caller's to hand on.
  ///
  /// Inlinable, so that a caller that makes the records on the fly (a lazy
  /// map over handles) gets its own specialized copy instead of a generic
  /// call per record.
  ///
  /// - Parameters:
  ///   - records: the records to write.
  ///   - bytes: the scanned buffer (the one given to `init`).
  ///   - out: the buffer the bytes gather in.
  ///   - limit: how full `out` gets before `flush` runs.
  ///   - passOn: given `out` and a run of the input's own bytes (original
  ///     records in order, with the text between them) that come next,
  ///     hands both on without copying the run and returns `true`
  ///     (emptying `out` when it hands it on), or returns `false` and the
  ///     run is copied into `out`; `nil` copies every run.
  ///   - flush: takes the bytes gathered so far and empties `out`.
  /// - Throws: what `flush` or `passOn` throws; the write stops there.
  /// - Complexity: O(n) in the written size.
  @inlinable
  public func write<Failure: Error>(
    _ records: some Sequence<JSONRecordOutput>, from bytes: UnsafeBufferPointer<UInt8>,
    to out: inout [UInt8], flushingAbove limit: Int,
    passingOn passOn: ((inout [UInt8], Range<Int>) throws(Failure) -> Bool)? = nil,
    flush: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    // Copies original bytes, at most `limit` at a time, unless `passOn`
    // takes them.
    func copy(_ run: Range<Int>, to out: inout [UInt8]) throws(Failure) {
      if let passOn, try passOn(&out, run) { return }
      var start = run.lowerBound
      while start < run.upperBound {
        let end = run.upperBound - start > limit ? start + limit : run.upperBound
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        if out.count >= limit { try flush(&out) }
        start = end
      }
    }
    // Consecutive originals are copied as one run, with the text between
    // them: from where the first one's entry starts to where the last one
    // (`previous`, `nil` when no run is open) ends, looked up once the run
    // ends rather than for each of its records.
    var previous: Int?
    var runStart = 0
    var first = true
    for record in records {
      if case .original(let position) = record, let last = previous, position == last + 1 {
        previous = position
        continue
      }
      if let last = previous {
        try copy(runStart..<index.recordRange(last).upperBound, to: &out)
      }
      if out.count >= limit { try flush(&out) }
      out += first ? leading : separator
      first = false
      previous = nil
      switch record {
      case .original(let position):
        runStart = index.entryRange(position).lowerBound
        previous = position
      case .value(let value):
        precondition(form != .jsonObject, "a member of an object needs a name")
        JSONWriter.write(value, style: style, depth: recordDepth, to: &out)
      case .member(let name, let value):
        precondition(form == .jsonObject, "only object members have names")
        JSONWriter.write(name, to: &out)
        out += style.colon
        JSONWriter.write(value, style: style, depth: recordDepth, to: &out)
      case .text(let text):
        precondition(form != .jsonObject, "a member of an object needs a name")
        text.withUnsafeBufferPointer { writeText($0, to: &out) }
      case .written(let text):
        precondition(form != .jsonObject, "a member of an object needs a name")
        out += text
      case .edited(let position, let replacing):
        precondition(form != .jsonObject, "a member of an object needs a name")
        JSONWriter.write(
          text: bytes, index.recordRange(position), replacing: replacing, style: style,
          depth: recordDepth, to: &out)
      }
    }
    if let last = previous { try copy(runStart..<index.recordRange(last).upperBound, to: &out) }
    out += first ? empty : trailing
  }
}
