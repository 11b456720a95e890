/// One value for each row a scan notes (a CSV chunk's row starts and
/// partners, `CSVRows`; a tree layout's rows, `TreeNodeRows`), in memory
/// of its own written in place: an array's append checked the array's
/// uniqueness through a call into the runtime for every row, some 20
/// instructions of each CSV row's 150 outside validation.
///
/// The values have one owner at a time: a copy shares their memory,
/// which a later `append` of either copy may move, and which is freed
/// when the last copy goes. (Sendable unchecked: a chunk's rows go from
/// the core that scanned them to the one that joins them, and back for
/// another scan, one owner at a time.)
struct ScanColumn<Element: BitwiseCopyable>: @unchecked Sendable {
  /// The memory, freed when the last copy of the column goes.
  private final class Memory {
    var base: UnsafeMutablePointer<Element>

    init(_ base: UnsafeMutablePointer<Element>) { self.base = base }

    deinit { base.deallocate() }
  }

  private var base: UnsafeMutablePointer<Element>
  private let memory: Memory
  /// How many values there are.
  private(set) var count = 0
  /// How many values fit before the column grows.
  private(set) var capacity: Int

  /// No values, with room for `capacity`.
  init(capacity: Int = 0) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
    memory = Memory(base)
  }

  /// Whether there are no values.
  var isEmpty: Bool { count == 0 }

  /// Value `index`, below ``count``, read or written in place.
  @inline(__always)
  subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(base + index) }
    nonmutating unsafeMutableAddress { base + index }
  }

  /// The values, valid while this column lives and does not grow.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Appends a value.
  @inline(__always)
  mutating func append(_ value: Element) {
    if count == capacity { grow(to: capacity * 2) }
    base[count] = value
    count &+= 1
  }

  /// Appends the values `write` writes at the end, given room for up to
  /// `room` of them (uninitialized memory, which values with no
  /// references take as written): it returns how many it wrote.
  @inline(__always)
  mutating func append(upTo room: Int, _ write: (UnsafeMutablePointer<Element>) -> Int) {
    if count &+ room > capacity { grow(to: max(capacity * 2, count + room)) }
    count &+= write(base + count)
  }

  /// Makes room for `extra` more values at once.
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  /// Forgets the values, keeping the memory.
  mutating func removeAll() {
    count = 0
  }

  @inline(never)
  private mutating func grow(to newCapacity: Int) {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    base.deallocate()
    (base, memory.base, capacity) = (grown, grown, newCapacity)
  }
}
