import Foundation
import TestSupport
import Testing

/// SPEC §8.3: the Apache Spark driver (`integrations/spark/coldiff_spark.py`)
/// run by `spark-submit` in local mode prints what one run prints. PySpark
/// is the one named by `COLDIFF_SPARK_PYTHON`'s environment, else the
/// virtual environment `.build/spark-venv`, made when missing; without it
/// or without Java the test fails (it never skips).
@Suite struct SparkShardTests {
  /// The Python of a virtual environment that imports pyspark, installed
  /// there when missing; or why there is none.
  private static func sparkPython() -> Result<String, SparkUnavailable> {
    func imports(_ python: String) -> Bool {
      guard FileManager.default.isExecutableFile(atPath: python) else { return false }
      return (try? ToolProcess.run(python, ["-c", "import pyspark"]))?.status == 0
    }
    if let named = ProcessInfo.processInfo.environment["COLDIFF_SPARK_PYTHON"], !named.isEmpty {
      return imports(named)
        ? .success(named) : .failure(SparkUnavailable("\(named) cannot import pyspark"))
    }
    let venv = ProjectPaths.packageRoot.appendingPathComponent(".build/spark-venv").path
    let python = venv + "/bin/python3"
    if imports(python) { return .success(python) }
    // pip takes longer than the hang guard of ToolProcess.
    let install = Process()
    install.executableURL = URL(fileURLWithPath: "/bin/sh")
    install.arguments = [
      "-c",
      "python3 -m venv '\(venv)' && '\(venv)/bin/pip' install --quiet "
        + "--disable-pip-version-check pyspark",
    ]
    do {
      try install.run()
      install.waitUntilExit()
    } catch {
      return .failure(SparkUnavailable("cannot run python3 to install pyspark: \(error)"))
    }
    return imports(python)
      ? .success(python)
      : .failure(SparkUnavailable("pyspark does not import after installing it into \(venv)"))
  }

  @Test func sparkDriverInLocalModeCombinesToTheSingleRun() throws {
    let python: String
    switch Self.sparkPython() {
    case .success(let found): python = found
    case .failure(let reason):
      Issue.record("PySpark is unavailable (.ci/run installs it): \(reason.message)")
      return
    }
    let java = try ToolProcess.shell("java -version")
    #expect(java.status == 0, "Java is needed by Spark (.ci/run installs it): \(java.errors)")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var editor = RandomEditor(seed: 2024, flat: false)
    let old = editor.collection(upTo: 60)
    let new = editor.edit(old)
    let oldPath = try directory.write("old.jsonl", old.jsonLines)
    let newPath = try directory.write("new.jsonl", new.jsonLines)
    let coldiff = Binaries.path(of: "coldiff")
    let single = try ToolProcess.run(coldiff, ["-f", "json", "--key", "id", oldPath, newPath])
    #expect(single.status == 1, "\(single.errors)")
    let script = ProjectPaths.packageRoot
      .appendingPathComponent("integrations/spark/coldiff_spark.py").path
    let submit = URL(fileURLWithPath: python).deletingLastPathComponent()
      .appendingPathComponent("spark-submit").path
    let output = directory.file("combined.json")
    let parts = directory.file("parts")
    var adding = ["PYSPARK_PYTHON": python, "SPARK_LOCAL_IP": "127.0.0.1", "HOME": directory.path]
    adding["JAVA_HOME"] = ProcessInfo.processInfo.environment["JAVA_HOME"]
    let environment = ToolProcess.environment(adding: adding)
    let spark = try ToolProcess.run(
      submit,
      [
        "--master", "local[2]", "--conf", "spark.ui.enabled=false", script, "--shards", "3",
        "--coldiff", coldiff, "--format", "json", "--output", output, "--parts", parts, "--",
        "--key", "id", oldPath, newPath,
      ], environment: environment, hangGuard: 900)
    #expect(spark.status == 1, "spark-submit: \(spark.errors.suffix(2000))")
    let combined = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(combined == single.output)
    let kept = try FileManager.default.contentsOfDirectory(atPath: parts).sorted()
    #expect(kept == ["part-00000.json", "part-00001.json", "part-00002.json"])
  }
}

/// Why PySpark cannot be had.
private struct SparkUnavailable: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
