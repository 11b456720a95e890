import TestSupport
import Testing

@testable import ColdiffEngine

/// Frame headers (`FrameHeader`) written back to back, each after the
/// one before, read back the same: positions and offsets going up, down
/// and far, partners before and after their frames, identities of the
/// text and of no bytes, and the largest numbers; a pair's header is
/// short.
@Suite struct FrameHeaderTests {
  private func randomHeader(_ random: inout SeededGenerator, after previous: FrameHeader?)
    -> FrameHeader
  {
    func number(_ random: inout SeededGenerator) -> Int {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: Int.random(in: 0..<128, using: &random)
      case 1: Int.random(in: 0..<(1 << 20), using: &random)
      case 2: Int.random(in: 0..<(1 << 40), using: &random)
      default: [0, 127, 128, Int(Int32.max), Int.max >> 1][Int.random(in: 0..<5, using: &random)]
      }
    }
    let position = previous.map { max($0.position + Int.random(in: -300...300, using: &random), 0) }
    let partner =
      Bool.random(using: &random)
      ? FrameHeader.Partner(position: number(&random), offset: number(&random)) : nil
    return FrameHeader(
      position: position ?? number(&random), offset: number(&random), partner: partner,
      keyLength: number(&random) % (1 << 31),
      identityLength: Bool.random(using: &random) ? nil : number(&random) % (1 << 31),
      nameLength: number(&random) % (1 << 31), textLength: number(&random) % (1 << 31))
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func headersWrittenBackToBackReadBackTheSame(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var headers: [FrameHeader] = []
    for _ in 0..<2000 { headers.append(randomHeader(&random, after: headers.last)) }
    headers.append(
      FrameHeader(
        position: 0, offset: 0, partner: .init(position: 0, offset: 0), keyLength: 0,
        identityLength: 0, nameLength: 0, textLength: 0))
    var bytes = [UInt8](repeating: 0xAA, count: headers.count * FrameHeader.largestSize)
    var written = 0
    bytes.withUnsafeMutableBytes { raw in
      var previous = (position: 0, offset: 0)
      for header in headers {
        let size = header.write(to: raw.baseAddress! + written, after: previous)
        #expect(size > 0 && size <= FrameHeader.largestSize)
        written += size
        previous = (header.position, header.offset)
      }
    }
    var read: [FrameHeader] = []
    bytes.withUnsafeBytes { raw in
      let raw = UnsafeRawBufferPointer(rebasing: raw[..<written])
      var at = 0
      var previous = (position: 0, offset: 0)
      while at < raw.count {
        let header = FrameHeader(raw, at: &at, after: previous)
        previous = (header.position, header.offset)
        read.append(header)
      }
      #expect(at == written)
    }
    #expect(read == headers)
  }

  @Test func aPairsHeaderIsShort() {
    // Ten million records in 74 buckets: a frame every 74 positions and
    // some 17 KB of input, its partner a few records and KB away.
    let header = FrameHeader(
      position: 5_000_074, offset: 1_175_017_390,
      partner: .init(position: 5_000_010, offset: 1_175_002_340), keyLength: 12,
      identityLength: 11, nameLength: 0, textLength: 235)
    var bytes = [UInt8](repeating: 0, count: FrameHeader.largestSize)
    let size = bytes.withUnsafeMutableBytes {
      header.write(to: $0.baseAddress!, after: (5_000_000, 1_175_000_000))
    }
    #expect(size <= 16, "\(size) bytes")
  }
}
