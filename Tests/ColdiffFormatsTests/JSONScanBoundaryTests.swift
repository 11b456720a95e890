import Testing

@testable import ColdiffFormats

/// The validating JSON scan around the edges of its sixteen-byte blocks:
/// a byte planted at every offset of a member name and of a string value,
/// each shifted to every alignment, is accepted or rejected with the
/// message and the location it is given by construction (the planted
/// offset), in JSON Lines and in an array; numbers, valid and not, at
/// every alignment and before every kind of delimiter; whitespace runs of
/// every length; and a string cut at every length is reported where it
/// opens.
@Suite struct JSONScanBoundaryTests {
  /// How long the planted strings are: past two blocks.
  private static let length = 40

  /// A planted byte sequence and what the scan must say about it: `nil`
  /// when it is valid in a string, else the message for the error's
  /// offset and how far past the planted offset the error lies.
  private struct Plant {
    var bytes: [UInt8]
    var message: ((Int) -> String)?
    var errorShift = 0
  }

  /// `0xAB`.
  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }

  private static func control(_ byte: UInt8) -> Plant {
    Plant(
      bytes: [byte], message: { _ in "control character \(hex(byte)) must be escaped in a string" })
  }

  private static func invalid(_ bytes: [UInt8]) -> Plant {
    Plant(bytes: bytes, message: { "invalid UTF-8 byte \(hex(bytes[0])) at byte offset \($0)" })
  }

  private let plants: [Plant] = [
    Plant(bytes: Array(#"\""#.utf8)),
    Plant(bytes: Array(#"\\"#.utf8)),
    Plant(bytes: Array(#"\u00e9"#.utf8)),
    Plant(bytes: Array("é".utf8)),
    Plant(bytes: Array("€".utf8)),
    Plant(bytes: Array("😀".utf8)),
    Plant(bytes: [0x7F]),
    control(0x01), control(0x1F), control(0x09),
    invalid([0xFF]), invalid([0x80]), invalid([0xC3, 0x28]), invalid([0xE2, 0x82]),
    invalid([0xED, 0xA0, 0x80]),
    Plant(
      bytes: Array(#"\x"#.utf8),
      message: { _ in
        #"invalid escape in string (valid: \" \\ \/ \b \f \n \r \t \uXXXX), found 'x'"#
      },
      errorShift: 1),
  ]

  /// `{"pad":"…","NAME":"VALUE"}` with `text` planted at `offset` of the
  /// name or of the value (the other is plain), the padding shifting it by
  /// `shift` bytes.
  private static func record(shift: Int, plant: [UInt8], at offset: Int, inName: Bool)
    -> (bytes: [UInt8], stringStart: Int, plantStart: Int)
  {
    var bytes = Array(#"{"pad":""#.utf8) + [UInt8](repeating: UInt8(ascii: "p"), count: shift)
    bytes += Array(#"",""#.utf8)
    var planted = [UInt8](repeating: UInt8(ascii: "a"), count: length)
    planted.replaceSubrange(offset..<min(offset + plant.count, length), with: plant)
    let plain = [UInt8](repeating: UInt8(ascii: "b"), count: length)
    let stringStart = inName ? bytes.count - 1 : bytes.count + length + 2
    bytes += inName ? planted : plain
    bytes += Array(#"":""#.utf8)
    bytes += inName ? plain : planted
    bytes += Array(#""}"#.utf8)
    return (bytes, stringStart, stringStart + 1 + offset)
  }

  private func expectedError(
    _ plant: Plant, _ made: (bytes: [UInt8], stringStart: Int, plantStart: Int)
  )
    -> InputError?
  {
    guard let message = plant.message else { return nil }
    let offset = made.plantStart + plant.errorShift
    return made.bytes.withUnsafeBufferPointer {
      InputError(message(offset), offset: offset, in: $0)
    }
  }

  private func scanError(_ bytes: [UInt8], as form: InputForm) -> InputError? {
    do {
      _ = try JSONCollectionScanner.scan(bytes, as: form, keyName: Array("id".utf8))
      return nil
    } catch { return error }
  }

  @Test func aByteAtEveryOffsetAndAlignment() {
    for plant in plants {
      for inName in [true, false] {
        for shift in 0..<ByteClassifier.width {
          for offset in 0...(Self.length - plant.bytes.count) {
            let made = Self.record(shift: shift, plant: plant.bytes, at: offset, inName: inName)
            let expected = expectedError(plant, made)
            // One record a line, then the same record in an array (a line
            // feed before it moves every location by a line).
            #expect(
              scanError(made.bytes + [0x0A], as: .jsonLines) == expected,
              "JSON Lines, \(plant.bytes) at \(offset), shift \(shift), name: \(inName)")
            let array = [UInt8(ascii: "["), 0x0A] + made.bytes + [UInt8(ascii: "]")]
            let shifted = plant.message.map { message in
              let offset = made.plantStart + plant.errorShift + 2
              return array.withUnsafeBufferPointer {
                InputError(message(offset), offset: offset, in: $0)
              }
            }
            #expect(
              scanError(array, as: .jsonArray) == shifted,
              "array, \(plant.bytes) at \(offset), shift \(shift), name: \(inName)")
          }
        }
      }
    }
  }

  @Test func theKeyIsFoundWhereverItsValueEnds() throws {
    for shift in 0..<ByteClassifier.width {
      for offset in 0..<Self.length {
        let made = Self.record(shift: shift, plant: Array("é".utf8), at: offset, inName: false)
        var bytes = made.bytes
        // Name the planted value's member `id`.
        let nameStart = made.stringStart - Self.length - 2
        bytes.replaceSubrange(nameStart..<(nameStart + Self.length), with: Array("id".utf8))
        let index = try JSONCollectionScanner.scan(bytes, as: .jsonLines, keyName: Array("id".utf8))
        let valueStart = made.stringStart - Self.length + 2
        #expect(index.keyRange(0) == valueStart..<(bytes.count - 1))
        #expect(index.recordRange(0) == 0..<bytes.count)
      }
    }
  }

  @Test func numbersAtEveryAlignment() {
    // The number, then the message of its error (given what follows it)
    // and the error's offset in the number; no message: valid.
    let numbers: [(text: String, error: ((String) -> String)?, at: Int)] = [
      ("0", nil, 0), ("7", nil, 0), ("45", nil, 0), ("1234.56", nil, 0), ("0.5", nil, 0),
      ("-3", nil, 0), ("-0.25", nil, 0), ("1e5", nil, 0), ("1.5E-3", nil, 0),
      ("12345678901234567890.5", nil, 0),
      ("01", { _ in "leading zeros are not allowed in numbers" }, 1),
      ("00.5", { _ in "leading zeros are not allowed in numbers" }, 1),
      ("1.", { "expected a digit after the decimal point, found '\($0)'" }, 2),
      ("1.x", { _ in "expected a digit after the decimal point, found 'x'" }, 2),
      ("1x", { _ in "unexpected character in number, found 'x'" }, 1),
      ("1.5.", { _ in "unexpected character in number, found '.'" }, 3),
      ("-", { "expected a digit after '-', found '\($0)'" }, 1),
      ("1e", { "expected a digit in the exponent, found '\($0)'" }, 2),
    ]
    // What follows the number: the byte after it, and the rest of the
    // record (a long rest keeps the number away from the input's end).
    let followers = [("]", "}"), (",", #""a string past sixteen bytes"]}"#), (" ", "]}")]
    for number in numbers {
      for (next, rest) in followers {
        for shift in 0..<ByteClassifier.width {
          let head = #"{"pad":""# + String(repeating: "p", count: shift) + #"","n":["#
          let bytes = Array((head + number.text + next + rest + "\n").utf8)
          let expected = number.error.map { message in
            bytes.withUnsafeBufferPointer {
              InputError(message(next), offset: head.utf8.count + number.at, in: $0)
            }
          }
          #expect(
            scanError(bytes, as: .jsonLines) == expected,
            "\(number.text) then \(next), shift \(shift)")
        }
      }
    }
  }

  @Test func whitespaceRunsOfEveryLengthAndAlignment() throws {
    let kinds: [UInt8] = [0x20, 0x09, 0x0D, 0x0A]
    for length in 0..<40 {
      for shift in 0..<ByteClassifier.width {
        // A run of every kind of whitespace before and after a value.
        let run = (0..<length).map { kinds[($0 + shift) % kinds.count] }
        let head = Array((#"{"pad":""# + String(repeating: "p", count: shift) + #"","a":"#).utf8)
        let array =
          [UInt8(ascii: "[")] + run + head + run + [UInt8(ascii: "1")] + run
          + [UInt8(ascii: "}")] + run + [UInt8(ascii: "]")] + run
        let index = try JSONCollectionScanner.scan(array, as: .jsonArray)
        #expect(index.recordRange(0) == (1 + length)..<(array.count - 1 - length - length))
        // In JSON Lines, the first line feed of a run inside the record
        // ends it: the value is missing there.
        let spaces = run.map { $0 == 0x0A ? UInt8(0x20) : $0 }
        var line = head + spaces + [UInt8(ascii: "1")] + spaces + [UInt8(ascii: "}")] + spaces
        #expect(try JSONCollectionScanner.scan(line + [0x0A], as: .jsonLines).count == 1)
        guard length > 0 else { continue }
        line.insert(0x0A, at: head.count + length - 1)
        let expected = line.withUnsafeBufferPointer {
          InputError(
            "expected a value, found end of line", offset: head.count + length - 1, in: $0)
        }
        #expect(scanError(line, as: .jsonLines) == expected, "length \(length), shift \(shift)")
      }
    }
  }

  @Test func aStringCutAtEveryLengthIsReportedWhereItOpens() {
    let text = Array(#"["abcdefghijklmnopqrstuvwxyz0123456789é€😀 and more plain text"#.utf8)
    for end in 2...text.count {
      // A cut inside a multi-byte character is invalid UTF-8 at its lead
      // byte; anywhere else the string is unterminated.
      let cut = Array(text[0..<end])
      var lead = end - 1
      while lead > 0, cut[lead] & 0xC0 == 0x80 { lead -= 1 }
      let expected = cut.withUnsafeBufferPointer { buffer in
        cut[lead] >= 0xC0 && end - lead < (cut[lead] >= 0xF0 ? 4 : cut[lead] >= 0xE0 ? 3 : 2)
          ? InputError(
            "invalid UTF-8 byte \(Self.hex(cut[lead])) at byte offset \(lead)",
            offset: lead, in: buffer)
          : InputError("unterminated string (no closing '\"')", offset: 1, in: buffer)
      }
      #expect(scanError(cut, as: .jsonArray) == expected, "cut at \(end)")
    }
  }
}
