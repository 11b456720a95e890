import Foundation

enum PhaseClock {
  nonisolated(unsafe) static var last = DispatchTime.now().uptimeNanoseconds
  nonisolated(unsafe) static let start = last
  static func mark(_ name: String) {
    guard ProcessInfo.processInfo.environment["COLDIFF_PHASES"] != nil else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    FileHandle.standardError.write(
      "\(name): +\((Int64(bitPattern: now &- last)) / 1_000_000) ms (at \((Int64(bitPattern: now &- start)) / 1_000_000))\n".data(using: .utf8)!)
    last = now
  }
}
