import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A bucketed run's windows: whatever the window size, every window
/// reads on its own and the windows' own bytes, put back together, are
/// the input (a record split across the reads of every size is carried
/// whole into the next window); a container cut where its layout says an
/// element starts is cut again by walking when that guess does not scan.
@Suite struct InputWindowsTests {
  /// An input of one form and how its windows read.
  private struct Form {
    var name: String
    var text: String
    var kind: RecordCutter.Kind
    var container: (UInt8, UInt8)?
    var format: InputFormat
    var header: [UInt8] = []
  }

  private static let records = (0..<12).map {
    "{\"id\": \($0), \"s\": \"a, \\\"b\\\" [\($0)]\", \"n\": [\($0), {\"x\": \"}\"}]}"
  }

  private static let forms: [Form] = [
    Form(
      name: "array a line", text: "[\n" + records.joined(separator: ",\n") + "\n]\n",
      kind: .container, container: (0x5B, 0x5D), format: .json),
    Form(
      name: "indented array", text: "[\n  " + records.joined(separator: ",\n  ") + "\n]",
      kind: .container, container: (0x5B, 0x5D), format: .json),
    Form(
      name: "array on one line", text: "[" + records.joined(separator: ", ") + "]",
      kind: .container, container: (0x5B, 0x5D), format: .json),
    Form(
      name: "object map",
      text: "{\n"
        + records.enumerated().map { "  \"k\($0.offset)\": \($0.element)" }
        .joined(separator: ",\n") + "\n}\n",
      kind: .container, container: (0x7B, 0x7D), format: .json),
    Form(
      name: "JSON Lines", text: records.joined(separator: "\n") + "\n", kind: .lines,
      container: nil, format: .jsonLines),
    Form(
      name: "table",
      text: "id,note\n" + (0..<12).map { "\($0),\"line\nbreak, \"\"q\"\" \($0)\"\n" }.joined(),
      kind: .table, container: nil, format: .csv, header: Array("id,note\n".utf8)),
  ]

  /// The windows of `form` read `windowSize` bytes at a time, each
  /// scanned as the run scans it (a guessed window that does not scan is
  /// cut again): their own bytes, and the records found.
  private func windows(_ form: Form, windowSize: Int, path: String) throws -> (
    own: [[UInt8]], records: Int
  ) {
    let windows = try InputWindows(
      path: path, name: form.name, kind: form.kind, container: form.container,
      windowSize: windowSize, largestWindow: 1 << 20)
    var own: [[UInt8]] = []
    var records = 0
    while var window = try windows.next() {
      var snapshot: Snapshot
      while true {
        do {
          snapshot = try Snapshot(
            InputFile(name: form.name, source: window.document), override: form.format,
            chunking: .whole)
          break
        } catch {
          guard window.isGuessed else { throw error }
          window = try windows.recut()
        }
      }
      if window.isFirst && form.kind == .table { windows.setTableHeader(form.header) }
      let bytes = Array(window.document)
      let closing = window.isLast || form.container == nil ? 0 : 1
      own.append(Array(bytes[window.prefixLength..<(bytes.count - closing)]))
      records += snapshot.count
    }
    return (own, records)
  }

  @Test(arguments: forms.indices)
  func windowsOfEverySizePutBackTogetherAreTheInput(form index: Int) throws {
    let form = InputWindowsTests.forms[index]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("input", form.text)
    let whole = try Snapshot(
      InputFile(name: form.name, bytes: Array(form.text.utf8)), override: form.format,
      chunking: .whole)
    for windowSize in 1...(form.text.utf8.count + 1) {
      let (own, records) = try windows(form, windowSize: windowSize, path: path)
      let separator: [UInt8] = form.container == nil ? [] : [UInt8(ascii: ",")]
      let joined = Array(own.joined(separator: separator))
      #expect(joined == Array(form.text.utf8), "\(form.name), windows of \(windowSize)")
      #expect(records == whole.count, "\(form.name), windows of \(windowSize)")
    }
  }

  /// Records printed over several lines with their nested elements at the
  /// indentation of the collection's: the layout's guess lands inside a
  /// record, the window does not scan and is cut again.
  @Test func aGuessInsideARecordIsCutAgainByWalking() throws {
    let record = { (id: Int) in "{\"id\": \(id), \"tags\": [\n\"a\",\n{\"x\": \(id)}\n]}" }
    let text = "[\n" + (0..<20).map(record).joined(separator: ",\n") + "\n]\n"
    let form = Form(
      name: "nested", text: text, kind: .container, container: (0x5B, 0x5D), format: .json)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("input", text)
    var recut = false
    for windowSize in stride(from: 8, through: text.utf8.count, by: 7) {
      let windows = try InputWindows(
        path: path, name: "nested", kind: .container, container: (0x5B, 0x5D),
        windowSize: windowSize, largestWindow: 1 << 20)
      if let first = try windows.next(), first.isGuessed,
        (try? Snapshot(InputFile(name: "nested", source: first.document), override: .json)) == nil
      {
        recut = true
      }
      let (own, records) = try self.windows(form, windowSize: windowSize, path: path)
      #expect(Array(own.joined(separator: [UInt8(ascii: ",")])) == Array(text.utf8))
      #expect(records == 20)
    }
    #expect(recut, "some guess landed inside a record")
  }

  @Test func theLayoutIsTheFirstElementsIndentAndByte() {
    func layout(_ text: String) -> ElementLayout? {
      Array(text.utf8).withUnsafeBufferPointer { ElementLayout.of($0) }
    }
    #expect(layout("[\n  {\"a\": 1},\n") == ElementLayout(indent: [0x20, 0x20], firstByte: 0x7B))
    #expect(layout("\u{FEFF} {\n\t\"k\": 1") == ElementLayout(indent: [0x09], firstByte: 0x22))
    #expect(layout("[{\"a\": 1},\n{") == nil)
    #expect(layout("[\n]") == nil)
    #expect(layout("[\n") == nil)
  }
}
