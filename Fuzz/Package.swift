// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for coldiff's readers, its argument parsers and a
/// differential round trip (diff, apply, reverse). Build them with
/// `swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing`,
/// or build and run them all with `Fuzz/run SECONDS` (see README.md).
let formats = Target.Dependency.product(name: "ColdiffFormats", package: "coldiff")
let cli = Target.Dependency.product(name: "ColdiffCLI", package: "coldiff")

/// One fuzzer: an executable whose `main.swift` hands its
/// `LLVMFuzzerTestOneInput` to libFuzzer's driver.
func fuzzer(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
  name: "ColdiffFuzz",
  dependencies: [.package(name: "coldiff", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    fuzzer("FuzzJSONReader", [formats]),
    fuzzer("FuzzJSONCollectionScanner", [formats]),
    fuzzer("FuzzCSVReader", [formats]),
    fuzzer("FuzzJSONPointer", [formats]),
    fuzzer("FuzzJSONPatch", [formats]),
    fuzzer("FuzzDiffDocument", [formats]),
    fuzzer("FuzzArguments", [cli]),
    fuzzer("FuzzPatchApply", [formats, cli]),
    fuzzer("FuzzRoundTrip", [formats, cli]),
  ]
)
