import ColdiffFormats
import Glibc

/// One side's bucket files: each record appended to the file of its
/// bucket through a buffer, as a frame (a `FrameHeader`, then the key,
/// identity, name and text) of its position in the input, the
/// offset of its text in the input (for messages), its canonical key (for
/// matching), its identity as written (what stands for a matched record
/// in the put-together inputs), its member name (an object map's) and its
/// text, so a bucket is matched and compared without reading its records
/// again. A record of OLD that NEW has with the same bytes (its partner,
/// found by the scans, `SpillRounds`) is written once for the pair, in
/// OLD's file and without its text: the frame names the partner's
/// position and offset in NEW, the pair is equal without reading either,
/// and NEW's file leaves the partner out.
final class BucketFiles {
  private let paths: [String]
  /// The number of buckets.
  var count: Int { paths.count }
  private var descriptors: [Int32]
  /// The buffers, `bufferSize` bytes each back to back, and how full each
  /// is (written to in place: a frame is copied once, then written out).
  private let buffers: UnsafeMutableRawBufferPointer
  private let fills: UnsafeMutableBufferPointer<Int>
  /// The position and offset of each file's last frame (its next
  /// header's are differences from them).
  private let lastFrames: UnsafeMutableBufferPointer<(position: Int, offset: Int)>
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
    lastFrames = .allocate(capacity: count)
    lastFrames.initialize(repeating: (0, 0))
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
    lastFrames.deallocate()
  }

  /// Appends a record to bucket `bucket`.
  ///
  /// - Parameters:
  ///   - identity: the identity as written, `nil` when it is the text.
  ///   - quotingIdentity: whether the identity as written is `identity`
  ///     between quotes (a string key without escapes, written from its
  ///     canonical key, `JSONCanonicalKey.unescapedStringText`).
  ///   - partner: the position and the offset of NEW's record with the
  ///     same bytes (for a record of OLD): the text is left out (its
  ///     length is kept).
  /// - Throws: `InputError` when the write fails (a full disk).
  func append(
    bucket: Int, position: Int, offset: Int, key: UnsafeBufferPointer<UInt8>,
    identity: UnsafeBufferPointer<UInt8>?, quotingIdentity: Bool = false,
    name: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>,
    partner: (position: Int, offset: Int)? = nil
  ) throws {
    precondition(partner == nil || identity != nil, "a text left out is not the identity")
    let quotes = quotingIdentity ? 2 : 0
    let header = FrameHeader(
      position: position, offset: offset,
      partner: partner.map { FrameHeader.Partner(position: $0.position, offset: $0.offset) },
      keyLength: key.count, identityLength: identity.map { $0.count + quotes },
      nameLength: name.count, textLength: text.count)
    let previous = lastFrames[bucket]
    lastFrames[bucket] = (position, offset)
    let text = partner == nil ? text : UnsafeBufferPointer(start: nil, count: 0)
    let largest =
      FrameHeader.largestSize + key.count + (identity.map { $0.count + quotes } ?? 0) + name.count
      + text.count
    if fills[bucket] + largest > bufferSize { try flush(bucket) }
    if largest > bufferSize {
      // A frame larger than a buffer goes out on its own.
      var frame = [UInt8](repeating: 0, count: FrameHeader.largestSize)
      let headerSize = frame.withUnsafeMutableBytes {
        header.write(to: $0.baseAddress!, after: previous)
      }
      frame.removeLast(FrameHeader.largestSize - headerSize)
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
    let start = bucket * bufferSize + fills[bucket]
    var at = start + header.write(to: buffers.baseAddress! + start, after: previous)
    func put(_ bytes: UnsafeRawBufferPointer) {
      guard bytes.count > 0 else { return }
      (buffers.baseAddress! + at).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
      at += bytes.count
    }
    func putQuote() {
      buffers[at] = UInt8(ascii: "\"")
      at += 1
    }
    put(UnsafeRawBufferPointer(key))
    if let identity {
      if quotingIdentity { putQuote() }
      put(UnsafeRawBufferPointer(identity))
      if quotingIdentity { putQuote() }
    }
    put(UnsafeRawBufferPointer(name))
    put(UnsafeRawBufferPointer(text))
    fills[bucket] += at - start
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
