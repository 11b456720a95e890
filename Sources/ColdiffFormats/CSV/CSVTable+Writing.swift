extension CSVTable {
  /// The header of a table whose rows are `rows`, when the table had this
  /// table's header (SPEC §7.14).
  ///
  /// See ``outputHeader(old:rows:)``.
  ///
  /// - Complexity: O(total members of the rows' objects + columns).
  public func outputHeader(for rows: [CSVOutputRow]) -> [[UInt8]] {
    CSVTable.outputHeader(old: header, rows: CSVOutputRows(rows))
  }

  /// The header of this table once its rows are `rows`, as
  /// ``outputHeader(for:)-([CSVOutputRow])`` gives it.
  public func outputHeader(for rows: CSVOutputRows) -> [[UInt8]] {
    CSVTable.outputHeader(old: header, rows: rows)
  }

  /// The header of a table whose rows are `rows`, when it had the header
  /// `old` (SPEC §7.14).
  ///
  /// The old columns that some row has stay, in their order; columns that
  /// no row has are dropped; names that rows have and the old header has
  /// not are appended at the end, in the order they first appear (row by
  /// row, member by member). An original row, edited or not, has every
  /// old column. With no
  /// row at all, the header stays as it was.
  ///
  /// - Parameters:
  ///   - old: the header the table had.
  ///   - rows: the rows it will have (original rows are rows of the table
  ///     whose header is `old`).
  /// - Returns: the column names, in order.
  /// - Complexity: O(total members of the rows' objects + columns).
  public static func outputHeader(old: [[UInt8]], rows: CSVOutputRows) -> [[UInt8]] {
    guard !rows.isEmpty else { return old }
    let oldColumns = CSVHeaderColumns(old)
    var kept = [Bool](repeating: false, count: old.count)
    // An original row keeps every old column.
    var keptAll = false
    var added: [[UInt8]] = []
    var addedNames = Set<[UInt8]>()
    func read(_ row: CSVOutputRow) {
      switch row {
      case .original, .edited:
        keptAll = true
      case .values(let object):
        for (position, member) in object.members.enumerated() {
          let name = member.name.value
          if let column = oldColumns.column(of: name, at: position) {
            kept[column] = true
          } else if addedNames.insert(name).inserted {
            added.append(name)
          }
        }
      case .text(let row):
        for position in row.members.indices {
          row.withName(of: position) { name in
            if let column = oldColumns.column(of: name, at: position) {
              kept[column] = true
            } else {
              let name = Array(name)
              if addedNames.insert(name).inserted { added.append(name) }
            }
          }
        }
      }
    }
    if let others = rows.others {
      // Every position not listed is an original row.
      keptAll = others.count < rows.count
      for position in others { read(rows.row(position)) }
    } else {
      for position in 0..<rows.count {
        if rows.original(position) != nil {
          keptAll = true
        } else {
          read(rows.row(position))
        }
      }
    }
    return old.indices.filter { keptAll || kept[$0] }.map { old[$0] } + added
  }

  /// Writes a table in this table's ``style``.
  ///
  /// An original row is copied byte for byte with its own line ending (the
  /// style's when it had none); when `header` differs from ``header`` its
  /// fields are copied one by one, each as written, and columns it lacks
  /// are empty. A row of values is written in the style: a string member
  /// as its characters, a number as its text, `true` and `false` as such,
  /// `null` and a missing member as an empty field, quoted as the style
  /// says. The header is copied as written when unchanged, and the empty
  /// lines that ended the file end it again. So a table
  /// written with its own header and all its rows in order is its input,
  /// byte for byte.
  ///
  /// - Parameters:
  ///   - header: the column names, usually ``outputHeader(for:)``; every
  ///     member name of every row of values must be one of them.
  ///   - rows: the rows, in order.
  /// - Returns: the file's bytes.
  /// - Throws: `InputError` when a value is an array or an object (a CSV
  ///   field holds text), or when there are rows but no column.
  /// - Complexity: O(size of the output).
  public func write(header: [[UInt8]], rows: [CSVOutputRow]) throws(InputError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 64)
    do {
      try write(header: header, rows: CSVOutputRows(rows), to: &output, flushingAbove: .max) { _ in
      }
    } catch let error as InputError {
      throw error
    } catch {
      preconditionFailure("only the table throws when nothing is flushed")
    }
    return output
  }

  /// Writes a table as ``write(header:rows:)`` does, handing the bytes on
  /// in pieces: whenever `out` holds `limit` bytes or more after a row,
  /// `flush` gets it (and must empty it). Whatever is left in `out` at the
  /// end is the caller's to hand on.
  ///
  /// - Parameters:
  ///   - header: the column names, as for ``write(header:rows:)``.
  ///   - rows: the rows, in order.
  ///   - out: the buffer the bytes gather in.
  ///   - limit: how full `out` gets before `flush` runs.
  ///   - passOn: given `out` and a run of the table's own bytes (rows no
  ///     one touched, in order) that come next, hands both on without
  ///     copying the run and returns `true` (emptying `out` when it hands
  ///     it on), or returns `false` and the run is copied into `out`;
  ///     `nil` copies every run.
  ///   - flush: takes the bytes gathered so far and empties `out`.
  /// - Throws: `InputError` as ``write(header:rows:)``, or what `flush`
  ///   or `passOn` throws; the write stops there.
  /// - Complexity: O(size of the output).
  public func write(
    header: [[UInt8]], rows: CSVOutputRows, to out: inout [UInt8], flushingAbove limit: Int,
    passingOn passOn: ((inout [UInt8], Range<Int>) throws -> Bool)? = nil,
    flush: (inout [UInt8]) throws -> Void
  ) throws {
    var writer = CSVRowWriter(table: self, header: header, output: out)
    out = []
    defer { out = writer.output }
    if style.byteOrderMark { writer.output += [0xEF, 0xBB, 0xBF] }
    guard !header.isEmpty else {
      guard rows.isEmpty else {
        throw InputError("a CSV table without columns cannot hold a record")
      }
      return
    }
    writer.writeHeader(last: rows.isEmpty)
    var position = 0
    while position < rows.count {
      // Rows no one touched, in the table's order, go as one copy.
      let copied = try writer.writeOriginalRun(
        of: rows, from: position, upTo: limit, passingOn: passOn)
      if copied > 0 {
        position += copied
      } else {
        let last = position == rows.count - 1
        // (A record of the table is read by its number, no row made.)
        let row = rows.original(position).map { CSVOutputRow.original($0) } ?? rows.row(position)
        switch row {
        case .original(let index):
          writer.writeOriginal(index, last: last)
        case .values(let object):
          try writer.writeValues(object, last: last)
        case .text(let row):
          try writer.writeText(row, last: last)
        case .edited(let index, let fields):
          writer.writeEdited(index, fields: fields, last: last)
        }
        position += 1
      }
      if writer.output.count >= limit { try flush(&writer.output) }
    }
    bytes.append(recordsEnd..<bytes.count, to: &writer.output)
  }

}
