import Glibc

/// An input's bytes, read-only and shared: a file mapped into memory, or a
/// buffer the bytes were read or copied into.
///
/// Readers take an input as one `SourceBytes` so that a file can be used
/// where it lies in the page cache, without copying it (DESIGN §2: one
/// read per file). Copies of a `SourceBytes` share the same memory, which
/// is released when the last copy goes.
///
/// Example:
///
/// ```swift
/// let bytes = SourceBytes(Array("[1, 2]".utf8))
/// bytes.count                       // 6
/// bytes.withUnsafeBufferPointer { $0[0] }   // UInt8(ascii: "[")
/// ```
public struct SourceBytes: RandomAccessCollection, Sendable {
  /// Owns the memory and gives it back when no copy is left.
  @usableFromInline
  final class Owner: @unchecked Sendable {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
    let release: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    /// Whether `buffer` is a private read-only mapping of a file whose
    /// pages are dropped when done with (and read again when needed).
    let releasesPages: Bool

    init(
      buffer: UnsafeBufferPointer<UInt8>, isMappedFile: Bool = false, releasesPages: Bool = false,
      release: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    ) {
      self.buffer = buffer
      self.releasesPages = isMappedFile && releasesPages
      self.release = release
    }

    deinit { release(buffer) }
  }

  @usableFromInline let owner: Owner

  /// Takes over memory that holds an input's bytes.
  ///
  /// - Parameters:
  ///   - buffer: the bytes; they must not change while any copy of the
  ///     result is alive.
  ///   - release: gives the memory back (`munmap`, `free`), called once
  ///     when the last copy goes.
  public init(
    adopting buffer: UnsafeBufferPointer<UInt8>,
    release: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    owner = Owner(buffer: buffer, release: release)
  }

  /// Takes over a private read-only mapping of a file (`mmap` with
  /// `PROT_READ` and `MAP_PRIVATE`).
  ///
  /// - Parameters:
  ///   - mapping: the mapped bytes; the file must not change while any
  ///     copy of the result is alive.
  ///   - releasingPages: whether its pages leave the process's memory
  ///     when done with (`releasePages(_:)`): worth it for a file that is
  ///     large against the memory there is, at the cost of mapping pages
  ///     again when they are read again.
  ///   - release: unmaps them, called once when the last copy goes.
  package init(
    mappedFile mapping: UnsafeBufferPointer<UInt8>, releasingPages: Bool,
    release: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    owner = Owner(
      buffer: mapping, isMappedFile: true, releasesPages: releasingPages, release: release)
  }

  /// Whether the pages of these bytes leave the process's memory when
  /// done with (a large mapped file).
  package var releasesPages: Bool { owner.releasesPages }

  /// Copies bytes from an array.
  ///
  /// - Parameter bytes: the input's bytes.
  /// - Complexity: O(n).
  public init(_ bytes: [UInt8]) {
    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = memory.initialize(from: bytes)
    self.init(adopting: UnsafeBufferPointer(memory)) { $0.deallocate() }
  }

  /// No bytes.
  public init() {
    self.init([])
  }

  /// The first index: 0.
  @inlinable public var startIndex: Int { 0 }

  /// The number of bytes.
  @inlinable public var endIndex: Int { owner.buffer.count }

  /// The byte at `position`.
  ///
  /// - Precondition: `position` is in `0..<count`.
  @inlinable
  public subscript(position: Int) -> UInt8 {
    precondition(position >= 0 && position < owner.buffer.count, "byte offset out of range")
    return owner.buffer[position]
  }

  /// Calls `body` with the bytes in place; the pointer is valid only
  /// inside `body`.
  ///
  /// - Parameter body: reads the bytes.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  @inlinable
  public func withUnsafeBufferPointer<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withExtendedLifetime(owner) { () throws(Failure) -> Result in
      try body(owner.buffer)
    }
  }

  /// Gives the bytes in place to `body` (the standard library's fast path
  /// for copying a collection, which `Array.append(contentsOf:)` takes).
  ///
  /// - Parameter body: reads the bytes.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  @inlinable
  public func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try withExtendedLifetime(owner) { try body(owner.buffer) }
  }

  /// Appends the bytes in `range` to `output`.
  ///
  /// - Parameters:
  ///   - range: offsets in the input.
  ///   - output: where to append them.
  /// - Complexity: O(`range.count`), one `memcpy`.
  public func append(_ range: Range<Int>, to output: inout [UInt8]) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// A copy of the bytes in `range`.
  ///
  /// - Parameter range: offsets in the input.
  /// - Returns: the bytes, indexed from 0.
  /// - Complexity: O(`range.count`).
  public func copy(_ range: Range<Int>) -> [UInt8] {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    return withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Lets the pages that lie wholly inside `range` leave the process's
  /// memory, for a mapped file made to release them
  /// (`madvise(MADV_DONTNEED)`: they stay in the page cache, and reading
  /// them again maps them again); does nothing for other bytes. The
  /// bytes stay readable.
  ///
  /// - Parameter range: offsets in the input that are done with for now.
  /// - Complexity: O(pages in `range`), in the kernel.
  package func releasePages(_ range: Range<Int>) {
    guard releasesPages, let base = owner.buffer.baseAddress else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let start = UInt(bitPattern: base + range.lowerBound)
    let end = UInt(bitPattern: base + Swift.min(range.upperBound, count))
    let first = (start + UInt(page) - 1) / UInt(page) * UInt(page)
    let last = end / UInt(page) * UInt(page)
    guard first < last else { return }
    _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_DONTNEED)
  }

  /// The most bytes of a file the kernel maps into a process at once
  /// when one of its pages is read: the pages around it come too (its
  /// fault-around window, 64 KiB by default; on Linux 6.18, its whole
  /// folio: the page cache holds a file read or written in large pieces
  /// in folios of up to 2 MiB, each aligned to its size in the file).
  /// Pages let go behind a read that maps them again stay in memory: a
  /// walk lets go from the start of the folio where its last release
  /// ended (``releaseWalked(from:to:)``), a part of the input read
  /// on its own lets go the whole folios its ends lie in
  /// (``releaseFolios(_:)``).
  static let largestFolio = 2 << 20

  /// The start of the largest folio (``largestFolio``) that `offset`
  /// lies in.
  private static func folioStart(_ offset: Int) -> Int {
    offset / largestFolio * largestFolio
  }

  /// Lets the pages of `range` go, with the rest of the largest folios
  /// (``largestFolio``) its ends lie in, as ``releasePages(_:)`` does: for
  /// a part of the input done with while its neighbours are read on other
  /// threads, which map the folios they share with it again and let them
  /// go likewise.
  ///
  /// - Parameter range: offsets in the input that are done with for now.
  package func releaseFolios(_ range: Range<Int>) {
    let end = Self.folioStart(range.upperBound + Self.largestFolio - 1)
    releasePages(Self.folioStart(range.lowerBound)..<end)
  }

  /// Lets go the pages a walk over the input in order is done with: from
  /// `offset`, where its last release ended (from the start of the folio
  /// `offset` lies in, which the walk's reads since may have mapped again
  /// whole), to `end`, where it is; moves `offset` to `end`. As
  /// ``releasePages(_:)`` does.
  ///
  /// - Parameters:
  ///   - offset: where the walk's last release ended.
  ///   - end: where the walk is.
  package func releaseWalked(from offset: inout Int, to end: Int) {
    guard end > offset else { return }
    releasePages(Self.folioStart(offset)..<end)
    offset = end
  }
}
