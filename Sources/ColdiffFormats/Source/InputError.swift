/// Bad input: a malformed file, a missing or duplicate key, a patch that is
/// not well formed. Carries where it was found, so the command line can
/// print `FILE:LINE:COLUMN: message`.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in words a person understands, without the location.
  public var message: String
  /// The file's name as the user gave it, when known.
  public var file: String?
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column (in characters), when known.
  public var column: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: what is wrong.
  ///   - file: the file's name as the user gave it.
  ///   - line: the 1-based line.
  ///   - column: the 1-based column.
  public init(_ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// Creates an error located at a byte offset of `bytes`.
  ///
  /// - Complexity: O(offset): the line and column are counted only when
  ///   an error is made.
  public init(_ message: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let position = TextPosition(offset: offset, in: bytes)
    self.init(message, line: position.line, column: position.column)
  }

  /// The same error, naming `file` (unless it names one already).
  public func inFile(_ file: String) -> InputError {
    var copy = self
    if copy.file == nil { copy.file = file }
    return copy
  }

  /// `FILE:LINE:COLUMN: message`, leaving out what is not known.
  public var description: String {
    var parts: [String] = []
    if let file { parts.append(file) }
    if let line {
      parts.append(String(line))
      if let column { parts.append(String(column)) }
    }
    parts.append(" " + message)
    return parts.joined(separator: ":").replacingFirstSpaceIfAlone()
  }
}

extension String {
  fileprivate func replacingFirstSpaceIfAlone() -> String {
    hasPrefix(" ") ? String(dropFirst()) : self
  }
}
