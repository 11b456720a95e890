import Foundation

/// Locations of the project's tree and of the shared conformance data.
///
/// The conformance suites live in `../shared/testdata/` beside the clone and
/// are never copied into the project. A missing folder is a test failure,
/// never a silent skip.
public enum ProjectPaths {
  /// The package's root folder (the one holding `Package.swift`).
  public static var packageRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    preconditionFailure("no Package.swift above \(#filePath)")
  }

  /// `../shared/testdata/NAME` beside the package root.
  ///
  /// - Throws: `MissingTestdata` when the folder does not exist.
  public static func sharedTestdata(_ name: String) throws -> URL {
    let url = packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/testdata/\(name)")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw MissingTestdata(path: url.path) }
    return url
  }
}

/// The shared conformance data is not where the tests expect it.
public struct MissingTestdata: Error, CustomStringConvertible {
  /// The folder that was looked for.
  public let path: String
  /// A message naming the folder.
  public var description: String { "missing shared test data: \(path)" }
}

extension ProjectPaths {
  /// The files of a folder of JSONTestSuite in the shared data
  /// (`test_parsing`, `test_transform`) whose names start with `prefix`,
  /// by name, with their bytes.
  ///
  /// - Throws: `MissingTestdata` when the folder does not exist.
  public static func jsonTestSuite(_ folder: String, prefix: String = "") throws -> [(
    name: String, bytes: [UInt8]
  )] {
    let directory = try sharedTestdata("JSONTestSuite").appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix(prefix) }.sorted()
    return try names.map { name in
      (name, [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
    }
  }
}
