import ColdiffCore
import ColdiffFormats

extension BucketSide {
  /// The records of one bucket read as a snapshot of this input: a
  /// document of the input's form holding them in input order.
  ///
  /// - Throws: `InputError` located in the input.
  func bucketSnapshot(_ records: [BucketFiles.Record]) throws -> (Snapshot, ErrorLocator) {
    var document: [UInt8] = []
    var starts: [Int] = []
    starts.reserveCapacity(records.count)
    switch form {
    case .csv, .tsv:
      document += headerLine
      for record in records {
        starts.append(document.count)
        document += record.text
        document.append(0x0A)
      }
    case .jsonLines, .jsonObjectOrLines:
      for record in records {
        starts.append(document.count)
        document += record.text
        document.append(0x0A)
      }
    case .jsonArray, .jsonObject:
      let isObject = form == .jsonObject
      document.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
      for (index, record) in records.enumerated() {
        if index > 0 { document += ",\n".utf8 }
        starts.append(document.count)
        if isObject {
          document.append(UInt8(ascii: "\""))
          document += record.name
          document += "\":".utf8
        }
        document += record.text
      }
      document.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
    let locator = ErrorLocator(
      placement: ErrorPlacement(path: path), document: document, starts: starts,
      offsets: records.map(\.offset), positions: records.map(\.position))
    do {
      return (try snapshot(document), locator)
    } catch let error as InputError {
      throw locator.place(error)
    }
  }
}

/// Places errors found in a bucket's document in the input.
struct ErrorLocator {
  let placement: ErrorPlacement
  let document: [UInt8]
  /// Where each record starts in the document, its offset in the input,
  /// and its position there.
  let starts: [Int]
  let offsets: [Int]
  let positions: [Int]

  /// The error as it reads over the whole input.
  func place(_ error: InputError) -> InputError {
    placement.place(
      error, document: document,
      inputOffset: { offset in
        var low = 0
        var high = starts.count
        while low < high {
          let middle = (low + high) / 2
          if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offsets.first ?? 0 }
        return offsets[low - 1] + offset - starts[low - 1]
      },
      record: { $0 < positions.count ? positions[$0] : $0 })
  }
}
