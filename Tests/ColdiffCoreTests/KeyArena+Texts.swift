@testable import ColdiffCore

extension KeyArena {
  /// An arena of `texts`' UTF-8 bytes as keys, in order (the tests'
  /// keys).
  init(texts: [String]) {
    self.init()
    for text in texts { append { $0 += Array(text.utf8) } }
  }
}
