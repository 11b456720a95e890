import Foundation

/// A fresh folder under the system's temporary folder, removed by
/// `remove()`.
public struct TemporaryDirectory {
  /// The folder's path.
  public let path: String

  /// Creates a new, empty folder.
  public init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("coldiff-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  /// The path of `name` inside the folder.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` inside the folder and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// The bytes of `name` inside the folder as text.
  public func read(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: file(name))), as: UTF8.self)
  }

  /// The names in the folder, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
