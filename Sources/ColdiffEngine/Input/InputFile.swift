import ColdiffFormats
import Glibc

/// A whole input in memory: a regular file mapped where it lies in the
/// page cache (no copy), or whatever else is named (standard input for
/// `-`, a pipe, a device) read with `read(2)`.
package struct InputFile {
  /// The name used in messages: the path as given, or `-` for stdin.
  package let name: String
  /// The file's bytes.
  package let bytes: SourceBytes

  /// An input held in memory already (the engine's tests, the records a
  /// combination of shards rebuilds).
  ///
  /// - Parameters:
  ///   - name: the name used in messages; its extension decides the form.
  ///   - bytes: the input's bytes.
  package init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = SourceBytes(bytes)
  }

  /// An input whose bytes are held already, without a copy.
  package init(name: String, source: SourceBytes) {
    self.name = name
    self.bytes = source
  }

  /// Reads the file at `path` (or standard input for `-`) whole.
  ///
  /// A regular file is mapped read-only: a file that another program
  /// shrinks while it is being read ends the run through
  /// `MappedInputGuard` (exit 2), never with a crash. A mapped file of at
  /// least `threshold` bytes (by default a sixteenth of the memory the
  /// process may use, ``largeFileBytes``) lets its pages go when done
  /// with, so that two such inputs do not fill the memory; a smaller one
  /// keeps them, since mapping them again for each walk costs time
  /// (about a fifth more CPU at 1M records when every input lets every
  /// walk's pages go).
  ///
  /// - Parameters:
  ///   - path: the file, or `-` for standard input.
  ///   - standardInput: the descriptor of standard input.
  ///   - releasingPages: whether a mapped file's pages go when done
  ///     with, or `nil` to decide by its size (tests force it).
  ///   - threshold: the size from which a mapped file's pages go, when
  ///     `releasingPages` is `nil` (``comparedInputBytes`` for a
  ///     comparison's NEW).
  /// - Throws: `InputError` naming the file, for a missing file, a
  ///   directory, no permission or a read error.
  package init(
    path: String, standardInput: Int32 = 0, releasingPages: Bool? = nil,
    releasingFrom threshold: Int = InputFile.largeFileBytes
  ) throws {
    name = path
    if path == "-" {
      bytes = try InputFile.readAll(descriptor: standardInput, sizeHint: 0, name: path)
      return
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputFile.systemError(path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw InputFile.systemError(path) }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw InputError("is a directory", file: path)
    }
    let isRegular = status.st_mode & S_IFMT == S_IFREG
    // Files that say they are empty (procfs among them) are read instead.
    let size = Int(status.st_size)
    if isRegular && size > 0,
      let mapped = InputFile.map(
        descriptor, size, releasingPages: releasingPages ?? (size >= threshold))
    {
      bytes = mapped
      return
    }
    let sizeHint = isRegular ? Int(status.st_size) : 0
    bytes = try InputFile.readAll(descriptor: descriptor, sizeHint: sizeHint, name: path)
  }

  /// The size from which a mapped file lets its pages go when done with:
  /// a sixteenth of the memory the process may use.
  package static var largeFileBytes: Int { MemoryLimit.bytes / 16 }

  /// The size from which NEW, the input a flat comparison scans second,
  /// lets its pages go (or ``largeFileBytes`` when that is smaller): 64
  /// MiB. (A tree's NEW keeps them up to ``largeFileBytes``: its
  /// comparison reads its nodes all over again.)
  /// OLD keeps its pages, since NEW's scan reads most of them again for
  /// the records it takes whole; NEW's go behind its scan and behind the
  /// walks after it, so the run's peak is about OLD and the indexes
  /// instead of both inputs and the indexes. Mapping NEW's pages again
  /// for those walks costs some CPU (a few percent at 1M records),
  /// not worth it for smaller pairs.
  package static var comparedInputBytes: Int { min(64 << 20, largeFileBytes) }

  /// Maps `count` bytes of a regular file read-only, or `nil` when the
  /// system refuses (the caller reads the file instead).
  private static func map(_ descriptor: Int32, _ count: Int, releasingPages: Bool) -> SourceBytes? {
    MappedInputGuard.install()
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    _ = madvise(address, count, MADV_SEQUENTIAL)
    // The pages the page cache let go of are read ahead now, in the
    // background, instead of one fault's readahead at a time on the cores
    // that scan (which wait for them); not for a file that would take a
    // large part of the memory.
    if count <= largeFileBytes { _ = madvise(address, count, MADV_WILLNEED) }
    let buffer = UnsafeBufferPointer(
      start: address.assumingMemoryBound(to: UInt8.self), count: count)
    MappedInputs.note(address, count: count)
    return SourceBytes(mappedFile: buffer, releasingPages: releasingPages) { mapped in
      guard let start = mapped.baseAddress else { return }
      MappedInputs.forget(start)
      _ = munmap(UnsafeMutableRawPointer(mutating: start), mapped.count)
    }
  }

  /// Reads until end of file, in one allocation when the size is known.
  private static func readAll(descriptor: Int32, sizeHint: Int, name: String) throws -> SourceBytes
  {
    var capacity = max(sizeHint + 1, 1 << 16)
    var memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    var count = 0
    while true {
      if count == capacity {
        let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
        larger.copyMemory(from: memory, byteCount: count)
        memory.deallocate()
        memory = larger
        capacity *= 2
      }
      let got = read(descriptor, memory + count, capacity - count)
      if got < 0 {
        if errno == EINTR { continue }
        let error = systemError(name)
        memory.deallocate()
        throw error
      }
      if got == 0 { break }
      count += got
    }
    let buffer = UnsafeBufferPointer(
      start: memory.assumingMemoryBound(to: UInt8.self), count: count)
    return SourceBytes(adopting: buffer) { $0.deallocate() }
  }

  /// The system's words for `errno`, as an error naming the file.
  private static func systemError(_ name: String) -> InputError {
    InputError(String(cString: strerror(errno)), file: name)
  }
}
