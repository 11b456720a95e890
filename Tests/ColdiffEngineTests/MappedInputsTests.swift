import Glibc
import TestSupport
import Testing

@testable import ColdiffEngine

/// The mapped inputs a process lets go before it exits: each noted while
/// it is mapped and forgotten once unmapped, and still read whole after
/// its pages went.
@Suite struct MappedInputsTests {
  @Test func aMappedInputIsNotedUntilUnmappedAndReadsTheSameAfterLettingGo() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let text = (0..<20_000).map { "{\"id\": \($0), \"name\": \"n\($0)\"}\n" }.joined()
    let path = try folder.write("records.jsonl", text)
    var address: UnsafeRawPointer?
    do {
      let input = try InputFile(path: path)
      address = input.bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      #expect(MappedInputs.isNoted(try #require(address)))
      MappedInputs.letGoBeforeExit()
      let read = input.bytes.withUnsafeBufferPointer { Array($0) }
      #expect(read == Array(text.utf8))
      // Let go on this thread alone (beside a document's writes).
      MappedInputs.letGoBeforeExit(onEveryCore: false)
      #expect(input.bytes.withUnsafeBufferPointer { Array($0) } == Array(text.utf8))
    }
    #expect(!MappedInputs.isNoted(try #require(address)))
  }

  @Test func standardInputReadIsNotNoted() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let text = Array("[{\"id\": 1}]".utf8)
    #expect(write(descriptors[1], text, text.count) == text.count)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    let input = try InputFile(path: "-", standardInput: descriptors[0])
    let address = input.bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    #expect(!MappedInputs.isNoted(try #require(address)))
  }
}
