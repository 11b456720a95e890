import ColdiffCore
import ColdiffFormats

extension KeyArena {
  /// This arena, unless it filled up (`isFull`: an input whose keys take
  /// 4 GiB or more in all).
  ///
  /// - Throws: ``tooLarge(file:)`` when it is full.
  func checked(file: String) throws(InputError) -> KeyArena {
    guard !isFull else { throw KeyArena.tooLarge(file: file) }
    return self
  }

  /// The error for input `file`, whose keys take 4 GiB or more in all:
  /// more than an arena holds, so more than coldiff matches in memory.
  static func tooLarge(file: String) -> InputError {
    InputError(
      "the keys of its records take 4 GiB or more in all, more than coldiff matches in memory",
      file: file)
  }
}
