import ColdiffCore
import ColdiffFormats
import Glibc

/// One input of a bucketed run: its form, told from its first bytes, and
/// its records spilled window by window into bucket files by a hash of
/// their key.
final class BucketSide {
  /// The input's name in messages.
  let name: String
  /// The file read (a spooled copy for standard input).
  let path: String
  /// How the input reads.
  let form: InputForm
  /// The `--input` format each window and bucket is read as.
  let format: InputFormat
  /// The `--delimiter` of a table.
  let delimiter: UInt8?
  /// The member name the scans note for each record (the likely key).
  let keyName: [UInt8]?
  /// The input's size in bytes.
  let size: Int
  /// A table's header fields and its header line as written.
  private(set) var header: [[UInt8]] = []
  private(set) var headerLine: [UInt8] = []
  /// The delimiter a `.csv` was read with when guessed (`;`).
  private(set) var guessedDelimiter: UInt8?

  /// Tells the form of the input at `path`.
  ///
  /// - Throws: `InputError` for an input whose form cannot be told.
  init(
    path: String, name: String, detectionName: String?, format: InputFormat?, delimiter: UInt8?,
    keyName: [UInt8]?
  ) throws {
    self.path = path
    self.name = name
    self.delimiter = delimiter
    self.keyName = keyName
    var status = stat()
    size = stat(path, &status) == 0 ? Int(status.st_size) : 0
    let start = try BucketSide.start(of: path, name: name)
    var form = try start.withUnsafeBufferPointer { (buffer) throws(InputError) in
      do throws(InputError) {
        return try InputForm.detect(
          fileName: detectionName ?? (name == "-" ? nil : name), override: format, bytes: buffer)
      } catch {
        throw error.inFile(name)
      }
    }
    if form == .jsonObjectOrLines {
      form = try BucketSide.holdsOneValue(path, name: name) ? .jsonObject : .jsonLines
    }
    self.form = form
    switch form {
    case .csv: self.format = .csv
    case .tsv: self.format = .tsv
    case .jsonLines: self.format = .jsonLines
    default: self.format = .json
    }
  }

  /// How records are separated.
  var cutterKind: RecordCutter.Kind {
    switch form {
    case .csv, .tsv: .table
    case .jsonLines: .lines
    default: .container
    }
  }

  /// The opening and closing bracket of a JSON container.
  var brackets: (UInt8, UInt8)? {
    switch form {
    case .jsonArray: (UInt8(ascii: "["), UInt8(ascii: "]"))
    case .jsonObject: (UInt8(ascii: "{"), UInt8(ascii: "}"))
    default: nil
    }
  }

  /// Reads `document` (a window or a bucket) as a snapshot of this input,
  /// whole on one thread (the other side's runs on the other core); the
  /// records with the same bytes as one of `reference` (OLD's window, for
  /// NEW's) are taken whole.
  func snapshot(_ document: SourceBytes, reference: Snapshot? = nil) throws -> Snapshot {
    try Snapshot(
      InputFile(name: name, source: document), override: format, keyName: keyName,
      delimiter: delimiter, chunking: .whole, reference: reference)
  }

  /// Notes what the first window tells of the whole input: a table's
  /// header line, fields and guessed delimiter.
  func noteFirstWindow(_ snapshot: Snapshot, document: SourceBytes) {
    guessedDelimiter = snapshot.guessedDelimiter
    guard case .table(let table) = snapshot.storage else { return }
    header = table.header
    headerLine = document.withUnsafeBufferPointer {
      Array($0[..<RecordCutter.endOfFirstRow($0)])
    }
    if headerLine.last != 0x0A { headerLine.append(0x0A) }
  }

  /// The first 64 KiB of the file.
  private static func start(of path: String, name: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputError(String(cString: strerror(errno)), file: name) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    guard got >= 0 else { throw InputError(String(cString: strerror(errno)), file: name) }
    return Array(bytes[..<got])
  }

  /// Whether the input starting with `{` holds one value only (a JSON
  /// object), not several (JSON Lines), SPEC §7.15: read up to the end of
  /// the first value and the next byte that is not white space.
  private static func holdsOneValue(_ path: String, name: String) throws -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputError(String(cString: strerror(errno)), file: name) }
    defer { close(descriptor) }
    var cutter = RecordCutter(.container)
    var block = [UInt8](repeating: 0, count: 1 << 20)
    var offset = 0
    var ended = false
    while true {
      let got = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      guard got > 0 else { return true }
      var from = 0
      if !ended {
        guard
          let end = block.withUnsafeBufferPointer({
            cutter.endOfFirstValue(UnsafeBufferPointer(rebasing: $0[..<got]), offset: offset)
          })
        else {
          offset += got
          continue
        }
        ended = true
        from = end - offset
      }
      if block[from..<got].contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        return false
      }
      offset += got
    }
  }
}
