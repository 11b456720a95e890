import Foundation
import TestSupport
import Testing

/// The round trip (SPEC §5) as a seeded random property over every input
/// form, identity and order:
///
/// ```
/// coldiff -f patch OLD NEW | colpatch apply - OLD   ==  NEW
/// coldiff -f json  OLD NEW > d && colpatch apply d OLD  ==  NEW
/// colpatch reverse p | colpatch apply - NEW   ==  OLD   (and for d)
/// ```
///
/// NEW is written in OLD's style, so results are compared byte for byte
/// when the target has records to learn the style from and the
/// collection is ordered; otherwise as values (as multisets of records
/// for `--unordered`). The patch reaches colpatch four ways in turn: as
/// PATCH `-` on standard input, with the target on standard input (`-`
/// with `--input`), with `-o OUT`, and with `-i`.
@Suite struct ColpatchRoundTripTests {
  /// The forms of the property, in turn by case number.
  enum Form: CaseIterable {
    case jsonArray, jsonObject, jsonLines, csv, tsv

    var fileExtension: String {
      switch self {
      case .jsonArray, .jsonObject: return "json"
      case .jsonLines: return "jsonl"
      case .csv: return "csv"
      case .tsv: return "tsv"
      }
    }
  }

  /// How records are identified.
  enum Identity: CaseIterable {
    /// Every record has `id` (found without `--key`).
    case automaticID
    /// `--key sku`.
    case explicitKey
    /// No key: the whole value (records carry a unique `serial`, and some
    /// are exact duplicates).
    case wholeValue

    var field: String {
      switch self {
      case .automaticID: return "id"
      case .explicitKey: return "sku"
      case .wholeValue: return "serial"
      }
    }
  }

  /// One generated case: both snapshots' bytes and how to diff them.
  struct Scenario: CustomStringConvertible {
    let number: Int
    let form: Form
    let identity: Identity
    let unordered: Bool
    let old: String
    let new: String
    let oldCount: Int
    let newCount: Int
    let styleName: String

    var description: String {
      "case \(number): \(form) \(styleName) \(identity)\(unordered ? " --unordered" : "") "
        + "\(oldCount) → \(newCount) records"
    }

    var coldiffOptions: [String] {
      (identity == .explicitKey ? ["--key", "sku"] : []) + (unordered ? ["--unordered"] : [])
    }

    var delimiter: Character { form == .tsv ? "\t" : "," }
  }

  static let caseCount = 250

  /// Makes case `number` (all choices follow from it and its seed).
  static func scenario(_ number: Int) -> Scenario {
    var generator = ColpatchRoundTripGenerator(seed: 0xC01D_1FF0 &+ UInt64(number))
    let form = Form.allCases[number % Form.allCases.count]
    let identity = Identity.allCases[(number / Form.allCases.count) % Identity.allCases.count]
    let unordered = form != .jsonObject && (number / 15) % 3 == 2
    let size = generator.chance(0.08) ? 0 : generator.int(0...30)
    let field = identity.field
    switch form {
    case .jsonArray, .jsonObject, .jsonLines:
      // Under whole-value identity some records are scalars, arrays or
      // objects without the `serial` member.
      let mixed = identity == .wholeValue && form != .jsonObject
      let make = { (generator: inout ColpatchRoundTripGenerator) -> ColpatchGenValue in
        mixed && generator.chance(0.25)
          ? generator.value(depth: 1) : generator.record(identity: field)
      }
      var old: [ColpatchGenValue] = []
      for _ in 0..<size {
        if identity == .wholeValue, let last = old.last, generator.chance(0.1) {
          old.append(last)
        } else {
          old.append(make(&generator))
        }
      }
      if form == .jsonObject {
        return objectScenario(number, old: old, generator: &generator)
      }
      let new = generator.evolve(old, identity: field, moves: !unordered, make: make)
      let style =
        form == .jsonLines
        ? generator.pick(ColpatchJSONStyle.lineStyles)
        : generator.pick(ColpatchJSONStyle.documentStyles)
      let write = { (records: [ColpatchGenValue]) in
        form == .jsonLines ? style.lines(records) : style.document(records)
      }
      return Scenario(
        number: number, form: form, identity: identity, unordered: unordered, old: write(old),
        new: write(new), oldCount: old.count, newCount: new.count, styleName: style.name)
    case .csv, .tsv:
      let style = ColpatchCSVStyle(
        delimiter: form == .tsv ? "\t" : ",", lineEnding: generator.pick(["\n", "\r\n"]),
        quoteAll: generator.chance(0.3))
      let header = [field, "name", "price", "note"]
      func row(_ generator: inout ColpatchRoundTripGenerator) -> [String] {
        let number = generator.serial()
        return [field == "sku" ? "S\(number)" : "\(number)"]
          + (1..<header.count).map { _ in generator.pick(ColpatchRoundTripGenerator.csvTexts) }
      }
      var old: [[String]] = []
      for _ in 0..<size {
        if identity == .wholeValue, let last = old.last, generator.chance(0.1) {
          old.append(last)
        } else {
          old.append(row(&generator))
        }
      }
      var new = old.filter { _ in !generator.chance(0.2) }
      for index in new.indices where generator.chance(0.3) {
        let column = generator.int(1...(header.count - 1))
        let current = new[index][column]
        new[index][column] =
          ColpatchRoundTripGenerator.csvTexts.filter { $0 != current }.randomElement(
            using: &generator.random)!
      }
      for _ in 0..<generator.int(0...4) where new.count < 30 {
        new.insert(row(&generator), at: generator.int(0...new.count))
      }
      if !unordered {
        for _ in 0..<generator.int(0...3) where new.count > 1 {
          let moved = new.remove(at: generator.int(0...(new.count - 1)))
          new.insert(moved, at: generator.int(0...new.count))
        }
      }
      return Scenario(
        number: number, form: form, identity: identity, unordered: unordered,
        old: style.table(header: header, rows: old), new: style.table(header: header, rows: new),
        oldCount: old.count, newCount: new.count, styleName: style.description)
    }
  }

  /// An object map: member names are the identity; NEW keeps OLD's
  /// members in order (some removed, some changed) and appends new ones,
  /// where colpatch puts them.
  private static func objectScenario(
    _ number: Int, old records: [ColpatchGenValue],
    generator: inout ColpatchRoundTripGenerator
  ) -> Scenario {
    var old: [(String, ColpatchGenValue)] = []
    for record in records {
      let value = generator.chance(0.15) ? generator.value(depth: 1) : record
      old.append(("m\(generator.serial())", value))
    }
    var new = old.filter { _ in !generator.chance(0.2) }
    for index in new.indices where generator.chance(0.3) {
      new[index].1 = generator.mutated(new[index].1, keeping: nil)
    }
    for _ in 0..<generator.int(0...4) where new.count < 30 {
      new.append(("m\(generator.serial())", generator.record(identity: "id")))
    }
    let style = generator.pick(ColpatchJSONStyle.documentStyles)
    return Scenario(
      number: number, form: .jsonObject, identity: .automaticID, unordered: false,
      old: style.document(old.map(\.1), names: old.map(\.0)),
      new: style.document(new.map(\.1), names: new.map(\.0)), oldCount: old.count,
      newCount: new.count, styleName: style.name)
  }

  /// The records of a snapshot as values: the document itself for a JSON
  /// object map, else the list of records (sorted when order does not
  /// count).
  static func value(of bytes: [UInt8], _ scenario: Scenario) throws -> ColpatchJSON {
    let text = String(decoding: bytes, as: UTF8.self)
    var records: [ColpatchJSON]
    switch scenario.form {
    case .jsonObject: return try ColpatchJSON(parsing: bytes)
    case .jsonArray: records = try #require(try ColpatchJSON(parsing: bytes).arrayValue)
    case .jsonLines:
      records = try text.split(separator: "\n").map { try ColpatchJSON(parsing: String($0)) }
    case .csv, .tsv: records = ColpatchCSVReader.records(text, delimiter: scenario.delimiter)
    }
    if scenario.unordered { records.sort { $0.description < $1.description } }
    return .array(records)
  }

  /// Checks that `outcome` succeeded quietly and printed `expected` (byte
  /// for byte when `exact`, else as values).
  static func expectResult(
    _ result: [UInt8], equals expected: String, exact: Bool, _ scenario: Scenario, step: String
  ) throws {
    if exact {
      #expect(
        String(decoding: result, as: UTF8.self) == expected, "\(scenario): \(step): bytes differ")
    } else {
      #expect(
        try value(of: result, scenario) == value(of: Array(expected.utf8), scenario),
        "\(scenario): \(step): values differ\n\(String(decoding: result, as: UTF8.self))")
    }
  }

  /// Applies `patch` to the file `target` in the way case `way` picks and
  /// returns what colpatch wrote, after checking its status and streams.
  static func apply(
    _ patch: [UInt8], to target: String, in folder: TemporaryDirectory, way: Int,
    _ scenario: Scenario, step: String
  ) throws -> [UInt8]? {
    let targetBytes = try ColpatchCommandLine.bytes(target)
    let patchPath = folder.file("patch-\(step).json")
    try ColpatchCommandLine.write(patch, to: patchPath)
    let outcome: ToolProcess.Outcome
    var result: [UInt8]
    switch way % 4 {
    case 0:
      outcome = try ColpatchCommandLine.colpatch(["apply", "-", target], input: patch)
      result = outcome.output
    case 1:
      let format = scenario.form == .jsonObject ? "json" : scenario.form.fileExtension
      outcome = try ColpatchCommandLine.colpatch(
        ["apply", "--input", format, patchPath, "-"], input: targetBytes)
      result = outcome.output
    case 2:
      let output = folder.file("out-\(step).\(scenario.form.fileExtension)")
      outcome = try ColpatchCommandLine.colpatch(["apply", patchPath, target, "-o", output])
      #expect(outcome.output.isEmpty, "\(scenario): \(step): \(outcome)")
      result = (try? ColpatchCommandLine.bytes(output)) ?? []
    default:
      let copy = folder.file("copy-\(step).\(scenario.form.fileExtension)")
      try ColpatchCommandLine.write(targetBytes, to: copy)
      outcome = try ColpatchCommandLine.colpatch(["apply", "-i", patchPath, copy])
      #expect(outcome.output.isEmpty, "\(scenario): \(step): \(outcome)")
      result = (try? ColpatchCommandLine.bytes(copy)) ?? []
    }
    #expect(outcome.status == 0, "\(scenario): \(step): \(outcome)")
    #expect(outcome.errors.isEmpty, "\(scenario): \(step): \(outcome)")
    #expect(try ColpatchCommandLine.bytes(target) == targetBytes, "\(scenario): \(step)")
    return outcome.status == 0 ? result : nil
  }

  /// `colpatch reverse` of the file `patchPath`, checked to succeed
  /// quietly.
  static func reverse(_ patchPath: String, _ scenario: Scenario, step: String) throws -> [UInt8] {
    let outcome = try ColpatchCommandLine.colpatch(["reverse", patchPath])
    #expect(outcome.status == 0, "\(scenario): \(step): \(outcome)")
    #expect(outcome.errors.isEmpty, "\(scenario): \(step): \(outcome)")
    return outcome.output
  }

  @Test func casesCoverEveryFormIdentityAndOrder() {
    let scenarios = (0..<Self.caseCount).map(Self.scenario)
    for form in Form.allCases {
      #expect(scenarios.contains { $0.form == form && $0.oldCount == 0 })
      #expect(scenarios.contains { $0.form == form && $0.oldCount > 20 })
      for identity in Identity.allCases where form != .jsonObject {
        for unordered in [false, true] {
          #expect(
            scenarios.contains {
              $0.form == form && $0.identity == identity && $0.unordered == unordered
            }, "\(form) \(identity) unordered \(unordered)")
        }
      }
    }
  }

  @Test(arguments: 0..<caseCount)
  func roundTrip(_ number: Int) throws {
    let scenario = Self.scenario(number)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let old = try folder.write("old.\(scenario.form.fileExtension)", scenario.old)
    let new = try folder.write("new.\(scenario.form.fileExtension)", scenario.new)
    let forwardExact = !scenario.unordered && scenario.oldCount > 0
    // Reversing re-adds a removed member at the end of its object and a
    // deleted member of an object map at the end of the map (SPEC §7.17
    // compares `reverse` as values), so only tables come back byte for byte.
    let backwardExact =
      !scenario.unordered && scenario.newCount > 0 && [.csv, .tsv].contains(scenario.form)

    for format in ["patch", "json"] {
      let diff = try ColpatchCommandLine.coldiff(
        ["-f", format] + scenario.coldiffOptions + [old, new])
      #expect(diff.status == 0 || diff.status == 1, "\(scenario): coldiff -f \(format): \(diff)")
      #expect(diff.errorsBesideNotes.isEmpty, "\(scenario): coldiff -f \(format): \(diff)")
      guard diff.status <= 1,
        let result = try Self.apply(
          diff.output, to: old, in: folder, way: number + (format == "json" ? 1 : 0), scenario,
          step: "apply-\(format)")
      else { continue }
      try Self.expectResult(
        result, equals: scenario.new, exact: forwardExact, scenario, step: "apply -f \(format)")
      // A positional patch of an unordered collection turns OLD into NEW
      // as a multiset, in its own order: it is undone on what it made. A
      // diff document is undone on NEW (by key, or by NEW's positions).
      var undoTarget = new
      if scenario.unordered && format == "patch" {
        undoTarget = folder.file("result-\(format).\(scenario.form.fileExtension)")
        try ColpatchCommandLine.write(result, to: undoTarget)
      }
      let reversed = try Self.reverse(
        folder.file("patch-apply-\(format).json"), scenario, step: "reverse-\(format)")
      if let undone = try Self.apply(
        reversed, to: undoTarget, in: folder, way: number + 2, scenario, step: "undo-\(format)")
      {
        try Self.expectResult(
          undone, equals: scenario.old, exact: backwardExact, scenario,
          step: "reverse -f \(format)")
      }
    }
    // Nothing is left behind but the snapshots and what the test wrote.
    #expect(try folder.contents().allSatisfy { !$0.hasPrefix(".") }, "\(scenario)")
  }
}
