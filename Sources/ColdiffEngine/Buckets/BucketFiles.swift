import ColdiffFormats
import Glibc

/// One side's bucket files: each record appended to the file of its
/// bucket through a buffer, as a frame of its position in the input, the
/// offset of its text in the input (for messages), its canonical key (for
/// matching), its identity as written (what stands for a matched record
/// in the put-together inputs), its member name (an object map's) and its
/// text, so a bucket is matched and compared without reading its records
/// again. A record that the other input has with the same bytes (its
/// partner, found by the scans, `SpillRounds`) is written without its
/// text: the frame names the partner's position instead, and the pair is
/// equal without reading either.
final class BucketFiles {
  /// The frame's header: position, offset and partner position + 1 (0
  /// for none; 8 bytes each), then the lengths of the key, the identity,
  /// the name and the text (4 each; the text's is its length in the input
  /// also when the frame leaves it out).
  static let headerSize = 40
  /// The identity length that means "the record's text" (whole values).
  static let identityIsText = UInt32.max

  private let paths: [String]
  /// The number of buckets.
  var count: Int { paths.count }
  private var descriptors: [Int32]
  /// The buffers, `bufferSize` bytes each back to back, and how full each
  /// is (written to in place: a frame is copied once, then written out).
  private let buffers: UnsafeMutableRawBufferPointer
  private let fills: UnsafeMutableBufferPointer<Int>
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
    buffers = .allocate(byteCount: count * bufferSize, alignment: 16)
    fills = .allocate(capacity: count)
    fills.initialize(repeating: 0)
    descriptors = []
    for path in paths {
      let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw failure(errno) }
      descriptors.append(descriptor)
    }
  }

  deinit {
    for descriptor in descriptors { close(descriptor) }
    buffers.deallocate()
    fills.deallocate()
  }

  /// Appends a record to bucket `bucket`.
  ///
  /// - Parameters:
  ///   - identity: the identity as written, `nil` when it is the text.
  ///   - quotingIdentity: whether the identity as written is `identity`
  ///     between quotes (a string key without escapes, written from its
  ///     canonical key, `JSONCanonicalKey.unescapedStringText`).
  ///   - partner: the position of the other input's record with the same
  ///     bytes: the text is left out (its length is kept).
  /// - Throws: `InputError` when the write fails (a full disk).
  func append(
    bucket: Int, position: Int, offset: Int, key: UnsafeBufferPointer<UInt8>,
    identity: UnsafeBufferPointer<UInt8>?, quotingIdentity: Bool = false,
    name: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, partner: Int? = nil
  ) throws {
    precondition(partner == nil || identity != nil, "a text left out is not the identity")
    let quotes = quotingIdentity ? 2 : 0
    let identityLength = identity.map { UInt32($0.count + quotes) } ?? BucketFiles.identityIsText
    let header = (
      UInt64(position).littleEndian, UInt64(offset).littleEndian,
      UInt64(partner.map { $0 + 1 } ?? 0).littleEndian, UInt32(key.count).littleEndian,
      identityLength.littleEndian, UInt32(name.count).littleEndian,
      UInt32(text.count).littleEndian
    )
    let text = partner == nil ? text : UnsafeBufferPointer(start: nil, count: 0)
    let size =
      BucketFiles.headerSize + key.count + (identity.map { $0.count + quotes } ?? 0) + name.count
      + text.count
    if fills[bucket] + size > bufferSize { try flush(bucket) }
    if size > bufferSize {
      // A frame larger than a buffer goes out on its own.
      var frame: [UInt8] = []
      frame.reserveCapacity(size)
      withUnsafeBytes(of: header) { frame.append(contentsOf: $0) }
      frame.append(contentsOf: key)
      if let identity {
        if quotingIdentity { frame.append(UInt8(ascii: "\"")) }
        frame.append(contentsOf: identity)
        if quotingIdentity { frame.append(UInt8(ascii: "\"")) }
      }
      frame.append(contentsOf: name)
      frame.append(contentsOf: text)
      try frame.withUnsafeBytes { try writeOut(bucket, $0) }
      return
    }
    var at = bucket * bufferSize + fills[bucket]
    func put(_ bytes: UnsafeRawBufferPointer) {
      guard bytes.count > 0 else { return }
      (buffers.baseAddress! + at).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
      at += bytes.count
    }
    func putQuote() {
      buffers[at] = UInt8(ascii: "\"")
      at += 1
    }
    withUnsafeBytes(of: header) { put($0) }
    put(UnsafeRawBufferPointer(key))
    if let identity {
      if quotingIdentity { putQuote() }
      put(UnsafeRawBufferPointer(identity))
      if quotingIdentity { putQuote() }
    }
    put(UnsafeRawBufferPointer(name))
    put(UnsafeRawBufferPointer(text))
    fills[bucket] += size
  }

  /// Writes out every buffer.
  func flushAll() throws {
    for bucket in 0..<count { try flush(bucket) }
  }

  private func flush(_ bucket: Int) throws {
    let start = buffers.baseAddress! + bucket * bufferSize
    try writeOut(bucket, UnsafeRawBufferPointer(start: start, count: fills[bucket]))
    fills[bucket] = 0
  }

  /// Writes `bytes` to the end of bucket `bucket`'s file.
  private func writeOut(_ bucket: Int, _ bytes: UnsafeRawBufferPointer) throws {
    var done = 0
    let total = bytes.count
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

  private func failure(_ code: Int32) -> InputError {
    InputError(
      "cannot write the spill files in \(directory): \(String(cString: strerror(code)))"
        + (code == ENOSPC ? " (give --temp-dir a folder with more room)" : ""))
  }

  /// The records of bucket `bucket`, the file mapped (from the page
  /// cache, without a copy); the file is emptied, its space given back,
  /// when the records go.
  ///
  /// - Throws: `InputError` when the file cannot be mapped.
  func records(of bucket: Int) throws -> SpilledRecords {
    let descriptor = descriptors[bucket]
    let size = Int(lseek(descriptor, 0, SEEK_END))
    guard size > 0 else { return SpilledRecords(bytes: SourceBytes()) }
    guard
      let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
      address != MAP_FAILED
    else { throw failure(errno) }
    let path = paths[bucket]
    let mapped = UnsafeBufferPointer(
      start: address.assumingMemoryBound(to: UInt8.self), count: size)
    let bytes = SourceBytes(mappedFile: mapped, releasingPages: false) { mapped in
      munmap(UnsafeMutableRawPointer(mutating: mapped.baseAddress), mapped.count)
      _ = truncate(path, 0)
    }
    return SpilledRecords(bytes: bytes)
  }
}
