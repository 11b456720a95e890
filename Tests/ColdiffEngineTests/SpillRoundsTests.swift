import ColdiffCore
import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// OLD and NEW spilled in step (`SpillRounds`) on seeded inputs with
/// small windows and many buckets: every record is spilled once into the
/// bucket of its key, a pair NEW's scan found once for both: in OLD's
/// file, naming NEW's record, which NEW's file leaves out; the pairs have
/// the same bytes, are many (the shared records are found, not only a
/// few), and are written without their texts; every frame carries its
/// record's identity as written.
@Suite(.serialized) struct SpillRoundsTests {
  /// How a pair is written: an extension, the collection and a record.
  private struct Form: Sendable {
    var ext: String
    var format: InputFormat
    var collection: @Sendable ([String]) -> String
    var record: @Sendable (Int, Int) -> String
  }

  private static let forms = [
    Form(
      ext: "json", format: .json,
      collection: { "[\n" + $0.joined(separator: ",\n") + "\n]\n" },
      record: { "{\"id\": \($0), \"name\": \"record \($0)\", \"n\": \($1)}" }),
    Form(
      ext: "jsonl", format: .jsonLines, collection: { $0.map { $0 + "\n" }.joined() },
      // Some keys with an escape, whose identity is not their canonical
      // key's text.
      record: {
        "{\"id\": \"k\($0 % 7 == 0 ? "\\u0030" : "")\($0)\", \"n\": [\($1), {\"x\": \"y\"}]}"
      }),
    Form(
      ext: "csv", format: .csv, collection: { "id,name,n\n" + $0.map { $0 + "\n" }.joined() },
      record: { "\($0),\"name, \($0), of a row long enough to be found again\",\($1)" }),
  ]

  /// A record's identity as written: its `id` as a JSON record has it,
  /// a row's first field as a JSON string.
  private func writtenIdentity(_ form: Form, _ record: String) -> [UInt8] {
    if form.format == .csv { return Array("\"\(record.prefix { $0 != "," })\"".utf8) }
    return Array(record.dropFirst("{\"id\": ".count).prefix { $0 != "," }.utf8)
  }

  /// OLD's records and NEW's: a few changed, deleted, inserted and moved.
  private func records(_ form: Form, seed: UInt64) -> (old: [String], new: [String]) {
    var random = SeededGenerator(seed: seed)
    let old = (0..<1200).map { form.record($0, 0) }
    var new: [String] = []
    for id in 0..<1200 {
      switch Int.random(in: 0..<100, using: &random) {
      case 0: continue
      case 1: new.append(form.record(id, 1))
      case 2: new.append(form.record(5000 + id, 0))
      default: new.append(old[id])
      }
    }
    for _ in 0..<10 {
      let from = Int.random(in: 0..<new.count, using: &random)
      new.insert(new.remove(at: from), at: Int.random(in: 0..<new.count, using: &random))
    }
    return (old, new)
  }

  /// Both inputs spilled as a bucketed run spills them.
  private func spill(
    _ old: String, _ new: String, format: InputFormat, buckets: Int, in directory: String
  ) throws -> (BucketFiles, BucketFiles, SpillDirectory) {
    let spill = try SpillDirectory(under: directory)
    // Windows of 8 KiB, some 200 records.
    let plan = BucketPlan(budget: 256 << 10, temporaryDirectory: spill.path)
    func side(_ path: String) throws -> (BucketSide, InputWindows) {
      let side = try BucketSide(
        path: path, name: path, detectionName: nil, format: format, delimiter: nil,
        keyName: Array("id".utf8))
      let windows = try InputWindows(
        path: path, name: path, kind: side.cutterKind, container: side.brackets,
        windowSize: plan.windowSize, largestWindow: plan.largestWindow)
      return (side, windows)
    }
    func first(_ side: BucketSide, _ windows: InputWindows, _ reference: Snapshot?) throws -> (
      InputWindows.Window, Snapshot
    ) {
      let scanned = try side.snapshot(
        of: try #require(try windows.next()), from: windows, reference: reference
      ) { error, _ in error }
      side.noteFirstWindow(scanned.1, document: scanned.0.document)
      if side.cutterKind == .table { windows.setTableHeader(side.headerLine) }
      return scanned
    }
    let (oldSide, oldWindows) = try side(old)
    let (newSide, newWindows) = try side(new)
    let oldFirst = try first(oldSide, oldWindows, nil)
    let newFirst = try first(newSide, newWindows, oldFirst.1)
    let files = try ["old", "new"].map {
      try BucketFiles($0, count: buckets, in: spill, bufferSize: 4096, writeLimit: nil)
    }
    let rounds = SpillRounds(
      old: oldSide, new: newSide, oldWindows: oldWindows, newWindows: newWindows,
      oldFiles: files[0], newFiles: files[1], identity: .fields([JSONPointer(["id"])]),
      rules: ComparisonRules(), tentative: false, pairing: true, progress: ({ _ in }, { _ in }))
    _ = try #require(try rounds.run(oldFirst: oldFirst, newFirst: newFirst))
    return (files[0], files[1], spill)
  }

  @Test(arguments: forms.indices, [UInt64(1), 2, 3])
  func pairsAreMutualHaveTheSameBytesAndAreWrittenWithoutTexts(form index: Int, seed: UInt64)
    throws
  {
    let form = SpillRoundsTests.forms[index]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (oldRecords, newRecords) = records(form, seed: seed)
    let oldText = form.collection(oldRecords)
    let newText = form.collection(newRecords)
    let oldPath = try directory.write("old.\(form.ext)", oldText)
    let newPath = try directory.write("new.\(form.ext)", newText)
    let buckets = 13
    let (oldFiles, newFiles, spill) = try spill(
      oldPath, newPath, format: form.format, buckets: buckets, in: directory.path)
    defer { spill.remove() }
    var oldSeen = [Bool](repeating: false, count: oldRecords.count)
    var newSeen = [Int](repeating: 0, count: newRecords.count)
    var pairs = 0
    for bucket in 0..<buckets {
      let old = try oldFiles.records(of: bucket)
      let new = try newFiles.records(of: bucket)
      for (records, frames, spilled) in [
        (oldRecords, old.frames, old), (newRecords, new.frames, new),
      ] {
        for frame in frames {
          #expect(
            spilled.withBytes(frame.identity) { Array($0) }
              == writtenIdentity(form, records[frame.position]))
        }
      }
      for frame in new.frames {
        newSeen[frame.position] += 1
        #expect(frame.partner == nil)
        #expect(frame.text.count == frame.lengthInInput)
      }
      for frame in old.frames {
        oldSeen[frame.position] = true
        guard let partner = frame.partner else {
          #expect(frame.text.count == frame.lengthInInput)
          continue
        }
        pairs += 1
        newSeen[partner] += 1
        #expect(frame.text.isEmpty)
        #expect(newRecords[partner] == oldRecords[frame.position])
        // NEW's record at the offset the frame names, of the same length.
        let bytes = Array(newText.utf8)[
          frame.partnerOffset..<(frame.partnerOffset + frame.lengthInInput)]
        #expect(String(decoding: bytes, as: UTF8.self) == newRecords[partner])
        // Put back as NEW's file would have held it.
        let standing = SpilledRecords.Frame(partnerOf: frame)
        #expect(standing.position == partner && standing.offset == frame.partnerOffset)
        #expect(standing.partner == frame.position && standing.text.isEmpty)
      }
    }
    #expect(newSeen.allSatisfy { $0 == 1 }, "every NEW record spilled once")
    #expect(oldSeen.allSatisfy { $0 })
    let shared = newRecords.filter(Set(oldRecords).contains).count
    #expect(pairs > shared * 3 / 4, "\(pairs) of \(shared) shared records paired")
  }
}
