import Glibc

/// A growing buffer of trivial elements in mapped memory of its own
/// (zero pages until written), freed by its owner (`free()`).
struct MappedBuffer<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>
  /// How many elements are written.
  private(set) var count = 0
  /// How many elements fit before the buffer grows.
  private var capacity: Int

  /// An empty buffer with room for `capacity` elements (at least a
  /// page's worth).
  init(capacity: Int) {
    let stride = MemoryLayout<Element>.stride
    self.capacity = Self.pageRounded(max(capacity, 1) * stride) / stride
    base = Self.map(self.capacity)
  }

  /// The elements written.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Gives the memory back; the buffer is not used afterwards.
  func free() {
    munmap(base, capacity * MemoryLayout<Element>.stride)
  }

  /// Makes room for `extra` more elements.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    guard count &+ extra > capacity else { return }
    grow(to: count + extra)
  }

  /// Stores the first `length` bytes of `block`, writing all sixteen
  /// (room for sixteen is made; the bytes after the first `length` are
  /// written over by the next stores).
  @inline(__always)
  mutating func storeBlock(_ block: SIMD16<UInt8>, count length: Int) where Element == UInt8 {
    UnsafeMutableRawPointer(base + count).storeBytes(of: block, as: SIMD16<UInt8>.self)
    count &+= length
  }

  /// Forgets the elements, keeping the memory (its pages stay mapped).
  mutating func removeAll() {
    count = 0
  }

  /// Appends an element.
  @inline(__always)
  mutating func append(_ element: Element) {
    reserve(1)
    store(element)
  }

  /// Stores an element (room is made).
  @inline(__always)
  mutating func store(_ element: Element) {
    base[count] = element
    count &+= 1
  }

  /// Stores `length` elements at `pointer` (room is made).
  @inline(__always)
  mutating func store(_ pointer: UnsafePointer<Element>, count length: Int) {
    (base + count).update(from: pointer, count: length)
    count &+= length
  }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = Self.map(newCapacity)
    grown.update(from: base, count: count)
    free()
    base = grown
    capacity = newCapacity
  }

  /// `size` bytes rounded up to whole pages of 4 KiB.
  private static func pageRounded(_ size: Int) -> Int {
    (size + 4_095) & ~4_095
  }

  /// Fresh mapped memory for `capacity` elements.
  private static func map(_ capacity: Int) -> UnsafeMutablePointer<Element> {
    let size = capacity * MemoryLayout<Element>.stride
    let raw = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let raw, raw != MAP_FAILED else {
      preconditionFailure("out of memory for \(size) bytes")
    }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }
}
