// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "coldiff",
  products: [
    .library(name: "ColdiffCore", targets: ["ColdiffCore"]),
    .library(name: "ColdiffFormats", targets: ["ColdiffFormats"]),
    .library(name: "ColdiffEngine", targets: ["ColdiffEngine"]),
    .library(name: "ColdiffCLI", targets: ["ColdiffCLI"]),
    .executable(name: "coldiff", targets: ["coldiff"]),
    .executable(name: "colpatch", targets: ["colpatch"]),
  ],
  targets: [
    .target(name: "ColdiffCore", exclude: ["README.md"]),
    .target(name: "ColdiffFormats", dependencies: ["ColdiffCore"], exclude: ["README.md"]),
    .target(
      name: "ColdiffEngine", dependencies: ["ColdiffCore", "ColdiffFormats"], exclude: ["README.md"]
    ),
    .target(
      name: "ColdiffCLI", dependencies: ["ColdiffCore", "ColdiffFormats", "ColdiffEngine"],
      exclude: ["README.md"]),
    .executableTarget(name: "coldiff", dependencies: ["ColdiffCLI"]),
    .executableTarget(name: "colpatch", dependencies: ["ColdiffCLI"]),
    .executableTarget(
      name: "CoreBenchmark", dependencies: ["ColdiffCore"], path: "Benchmarks/CoreBenchmark"),
    .executableTarget(
      name: "ParseBenchmark", dependencies: ["ColdiffFormats"], path: "Benchmarks/ParseBenchmark"),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "ColdiffCoreTests", dependencies: ["ColdiffCore", "TestSupport"]),
    .testTarget(
      name: "ColdiffFormatsTests", dependencies: ["ColdiffFormats", "ColdiffCore", "TestSupport"]),
    .testTarget(
      name: "ColdiffEngineTests", dependencies: ["ColdiffEngine", "ColdiffFormats", "TestSupport"]),
    .testTarget(name: "ColdiffCLITests", dependencies: ["ColdiffCLI", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["coldiff", "colpatch", "TestSupport"],
      exclude: ["Cases", "README.md", "Support/markdown_tables.py", "Support/report_browser.py"]),
  ]
)
