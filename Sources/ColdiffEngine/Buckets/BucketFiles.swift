import ColdiffFormats
import Glibc

/// One side's bucket files: each record appended to the file of its
/// bucket through a buffer, as a frame of its position in the input, the
/// offset of its text in the input (for messages), its member name (an
/// object map's) and its text.
final class BucketFiles {
  /// One record read back from a bucket file.
  struct Record {
    var position: Int
    var offset: Int
    var name: ArraySlice<UInt8>
    var text: ArraySlice<UInt8>
  }

  private let paths: [String]
  /// The number of buckets.
  var count: Int { paths.count }
  private var descriptors: [Int32]
  private var buffers: [[UInt8]]
  private let bufferSize: Int
  private let directory: String
  /// Bytes written so far, and how many may be (a test's full disk).
  private var written = 0
  private let writeLimit: Int?

  /// Makes `count` empty bucket files `PREFIX-N` in `spill`.
  ///
  /// - Throws: `InputError` when a file cannot be made.
  init(
    _ prefix: String, count: Int, in spill: SpillDirectory, bufferSize: Int, writeLimit: Int?
  ) throws {
    paths = (0..<count).map { spill.file("\(prefix)-\($0)") }
    directory = spill.path
    self.bufferSize = bufferSize
    self.writeLimit = writeLimit
    buffers = Array(repeating: [], count: count)
    descriptors = []
    for path in paths {
      let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw failure(errno) }
      descriptors.append(descriptor)
    }
  }

  deinit {
    for descriptor in descriptors { close(descriptor) }
  }

  /// Appends a record to bucket `bucket`.
  ///
  /// - Throws: `InputError` when the write fails (a full disk).
  func append(
    bucket: Int, position: Int, offset: Int, name: UnsafeBufferPointer<UInt8>,
    text: UnsafeBufferPointer<UInt8>
  ) throws {
    for field in [position, offset, name.count, text.count] {
      withUnsafeBytes(of: UInt64(field).littleEndian) { buffers[bucket].append(contentsOf: $0) }
    }
    buffers[bucket].append(contentsOf: name)
    buffers[bucket].append(contentsOf: text)
    if buffers[bucket].count >= bufferSize { try flush(bucket) }
  }

  /// Writes out every buffer.
  func flushAll() throws {
    for bucket in buffers.indices { try flush(bucket) }
  }

  private func flush(_ bucket: Int) throws {
    var done = 0
    let total = buffers[bucket].count
    try buffers[bucket].withUnsafeBytes { bytes in
      while done < total {
        var count = total - done
        if let writeLimit {
          guard written < writeLimit else { throw failure(ENOSPC) }
          count = min(count, writeLimit - written)
        }
        let wrote = write(descriptors[bucket], bytes.baseAddress! + done, count)
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else { throw failure(wrote < 0 ? errno : ENOSPC) }
        done += wrote
        written += wrote
      }
    }
    buffers[bucket].removeAll(keepingCapacity: true)
  }

  private func failure(_ code: Int32) -> InputError {
    InputError(
      "cannot write the spill files in \(directory): \(String(cString: strerror(code)))"
        + (code == ENOSPC ? " (give --temp-dir a folder with more room)" : ""))
  }

  /// The records of bucket `bucket`, read whole (the file is then
  /// emptied, its space given back).
  ///
  /// - Throws: `InputError` for a read error.
  func records(of bucket: Int) throws -> (bytes: [UInt8], records: [Record]) {
    let descriptor = descriptors[bucket]
    let size = Int(lseek(descriptor, 0, SEEK_END))
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    try bytes.withUnsafeMutableBytes { pointer in
      while done < size {
        let got = pread(descriptor, pointer.baseAddress! + done, size - done, off_t(done))
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { throw failure(got < 0 ? errno : EIO) }
        done += got
      }
    }
    _ = ftruncate(descriptor, 0)
    var records: [Record] = []
    var at = 0
    while at + 32 <= size {
      var fields: [Int] = [0, 0, 0, 0]
      bytes.withUnsafeBytes { raw in
        for index in 0..<4 {
          fields[index] = Int(raw.loadUnaligned(fromByteOffset: at + index * 8, as: UInt64.self))
        }
      }
      let nameStart = at + 32
      let textStart = nameStart + fields[2]
      at = textStart + fields[3]
      records.append(
        Record(
          position: fields[0], offset: fields[1], name: bytes[nameStart..<textStart],
          text: bytes[textStart..<at]))
    }
    return (bytes, records)
  }
}
