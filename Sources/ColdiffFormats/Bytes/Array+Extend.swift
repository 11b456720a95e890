extension Array where Element: FixedWidthInteger {
  /// Appends `count` elements that `write` writes in place through a
  /// pointer to the first of them (it must write every one): several
  /// arrays are filled in one pass over the rows they come from, where
  /// an append to each read every row once for each array. The elements
  /// are written straight into the array's room for them, which grows as
  /// `append(contentsOf:)` grows it (`InPlaceElements`): not appended as
  /// zeros first and written again, a second pass over memory just
  /// touched for the first time (a tree layout's joined arrays).
  ///
  /// - Complexity: O(`count`), and O(`self.count`) when the array grows.
  mutating func extend(by count: Int, _ write: (UnsafeMutablePointer<Element>) -> Void) {
    guard count > 0 else { return }
    withoutActuallyEscaping(write) { write in
      append(contentsOf: InPlaceElements(count: count, write: write))
    }
  }
}

/// `count` elements that a closure writes where they go, for
/// ``Swift/Array/extend(by:_:)``: an array appending them hands its
/// uninitialized room to `_copyContents(initializing:)`, which the
/// closure writes. Iterated instead, they are none, so that an append
/// that iterated would stop at its check of `underestimatedCount`
/// rather than append wrong values.
private struct InPlaceElements<Element: FixedWidthInteger>: Sequence {
  /// How many elements there are.
  let count: Int
  /// Writes the `count` elements through a pointer to the first.
  let write: (UnsafeMutablePointer<Element>) -> Void

  func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

  var underestimatedCount: Int { count }

  /// Writes the elements into `buffer`'s first `count` (the room an
  /// array's `append(contentsOf:)` made for at least as many, its
  /// memory bound to the element type; integers need no other
  /// initialization than their writes).
  func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>)
    -> (EmptyCollection<Element>.Iterator, Int)
  {
    guard let base = buffer.baseAddress, buffer.count >= count else {
      preconditionFailure("an array's append made room for the elements")
    }
    write(base)
    return (makeIterator(), count)
  }
}
