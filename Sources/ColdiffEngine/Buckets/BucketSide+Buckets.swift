import ColdiffCore
import ColdiffFormats
import Glibc

extension BucketSide {
  /// Some records of one bucket (`chosen`, all when `nil`) read as a
  /// snapshot of this input: a document of the input's form holding them
  /// in the order given.
  ///
  /// - Throws: `InputError` located in the input.
  func bucketSnapshot(_ spilled: SpilledRecords, chosen: [Int]? = nil) throws -> (
    Snapshot, ErrorLocator
  ) {
    let records = chosen ?? Array(spilled.frames.indices)
    var starts: [Int] = []
    starts.reserveCapacity(records.count)
    let texts = records.reduce(0) {
      $0 + spilled.frames[$1].name.count + spilled.frames[$1].lengthInInput
    }
    let reader = TextReader(path: path, name: name)
    let document = try spilled.bytes.withUnsafeBufferPointer {
      try bucketDocument(
        records, spilled.frames, bytes: $0, reader: reader, starts: &starts, texts: texts)
    }
    let locator = ErrorLocator(
      placement: ErrorPlacement(path: path), document: document, starts: starts,
      offsets: records.map { spilled.frames[$0].offset },
      positions: records.map { spilled.frames[$0].position })
    do {
      return (try snapshot(document), locator)
    } catch let error as InputError {
      throw locator.place(error)
    }
  }

  /// The document of `records` (indices into `frames`), noting where
  /// each starts.
  private func bucketDocument(
    _ records: [Int], _ frames: [SpilledRecords.Frame], bytes: UnsafeBufferPointer<UInt8>,
    reader: TextReader, starts: inout [Int], texts: Int
  ) throws -> SourceBytes {
    // A frame written without its text: the text read from the input.
    func text(_ record: Int, into writer: inout FixedByteWriter) throws {
      let frame = frames[record]
      guard frame.partner != nil else {
        writer.append(UnsafeBufferPointer(rebasing: bytes[frame.text]))
        return
      }
      writer.append(try reader.read(frame.lengthInInput, at: frame.offset))
    }
    let document: SourceBytes
    switch form {
    case .csv, .tsv, .jsonLines, .jsonObjectOrLines:
      let header = cutterKind == .table ? headerLine : []
      var writer = FixedByteWriter(capacity: header.count + texts + records.count)
      writer.append(header)
      for record in records {
        starts.append(writer.written)
        try text(record, into: &writer)
        writer.append(0x0A)
      }
      document = writer.bytes()
    case .jsonArray, .jsonObject:
      let isObject = form == .jsonObject
      // Brackets, `,\n` between records, `"NAME":` for members.
      var writer = FixedByteWriter(capacity: 2 + texts + records.count * (isObject ? 5 : 2))
      writer.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
      for (index, record) in records.enumerated() {
        if index > 0 { writer.append(",\n".utf8) }
        starts.append(writer.written)
        if isObject {
          writer.append(UInt8(ascii: "\""))
          writer.append(UnsafeBufferPointer(rebasing: bytes[frames[record].name]))
          writer.append("\":".utf8)
        }
        try text(record, into: &writer)
      }
      writer.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      document = writer.bytes()
    }
    return document
  }
}

/// Places errors found in a bucket's document in the input.
struct ErrorLocator {
  let placement: ErrorPlacement
  let document: SourceBytes
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
        let low = firstPosition(below: starts.count) { starts[$0] > offset }
        guard low > 0 else { return offsets.first ?? 0 }
        return offsets[low - 1] + offset - starts[low - 1]
      },
      record: { $0 < positions.count ? positions[$0] : $0 })
  }
}

/// Reads the texts a bucket's frames leave out back from the input (an
/// error's rare path: the bucket read as a snapshot), the file opened at
/// the first.
private final class TextReader {
  private let path: String
  private let name: String
  private var descriptor: Int32 = -1

  init(path: String, name: String) {
    self.path = path
    self.name = name
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The `count` bytes at `offset`.
  func read(_ count: Int, at offset: Int) throws -> [UInt8] {
    if descriptor < 0 {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw failure(errno) }
    }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { throw failure(got < 0 ? errno : EIO) }
      done += got
    }
    return bytes
  }

  private func failure(_ code: Int32) -> InputError {
    InputError(String(cString: strerror(code)), file: name)
  }
}
