// Times one reader on one file and prints one JSON line: the reader, the
// file, its size, the median time of the runs, MB/s, and the process's
// peak resident memory. `Benchmarks/parse` runs it once per reader and
// file, each in its own process, so every peak is that reader's alone.
//
//   ParseBenchmark READER FILE [RUNS]
//
// READER: coldiff-scan-json, coldiff-scan-jsonl, coldiff-csv (the
// validating indexers coldiff uses), coldiff-csv-keyed (the CSV or TSV
// scan on one thread, making the `id` column's keys as coldiff does; a
// file named .tsv is read as TSV), coldiff-values (a whole value tree),
// foundation-serialization, foundation-decoder (the same files through
// Foundation, JSON Lines line by line).
import ColdiffFormats
import Foundation

struct Customer: Decodable {
  struct Address: Decodable {
    let city: String?
    let zip: String?
  }
  let id: String?
  let name: String?
  let email: String?
  let age: Int?
  let balance: Double?
  let active: Bool?
  let plan: String?
  let company: String?
  let created: String?
  let rating: Double?
  let address: Address?
}

/// The file's bytes, read into one array (no second copy).
func readBytes(_ path: String) throws -> [UInt8] {
  guard let file = fopen(path, "rb") else { throw CocoaError(.fileReadNoSuchFile) }
  defer { fclose(file) }
  fseek(file, 0, SEEK_END)
  let count = ftell(file)
  fseek(file, 0, SEEK_SET)
  return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
    initialized = fread(buffer.baseAddress, 1, count, file)
  }
}

func lines(_ data: Data) -> [Data] {
  data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }.map { Data($0) }
}

func run(_ reader: String, _ bytes: [UInt8], _ data: Data, isLines: Bool) throws -> Int {
  switch reader {
  case "coldiff-scan-json": return try JSONCollectionScanner.scan(bytes, as: .jsonArray).count
  case "coldiff-scan-jsonl": return try JSONCollectionScanner.scan(bytes, as: .jsonLines).count
  case "coldiff-csv": return try CSVTable(bytes: bytes).rowCount
  case "coldiff-csv-keyed":
    // The scan as coldiff runs it, on one thread, keys made as it reads.
    let table = try CSVTable(
      bytes: sourceBytes, delimiter: path.hasSuffix(".tsv") ? CSVTable.tab : CSVTable.comma,
      chunking: .whole, keyName: Array("id".utf8))
    return table.capturedKeys == nil ? 0 : table.rowCount
  case "coldiff-values":
    if isLines { return try JSONLinesReader.read(bytes).count }
    return try JSONReader.parse(bytes).arrayValue?.count ?? 0
  case "foundation-serialization":
    if isLines { return try lines(data).map { try JSONSerialization.jsonObject(with: $0) }.count }
    return (try JSONSerialization.jsonObject(with: data) as? [Any])?.count ?? 0
  case "foundation-decoder":
    let decoder = JSONDecoder()
    if isLines { return try lines(data).map { try decoder.decode(Customer.self, from: $0) }.count }
    return try decoder.decode([Customer].self, from: data).count
  default:
    FileHandle.standardError.write(Data("unknown reader \(reader)\n".utf8))
    exit(2)
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: ParseBenchmark READER FILE [RUNS]\n".utf8))
  exit(2)
}
let reader = arguments[1]
let path = arguments[2]
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3
func peakResidentBytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss * 1024
}
let baseline = peakResidentBytes()
let isFoundation = reader.hasPrefix("foundation")
let data = isFoundation ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data()
let bytes = isFoundation ? [] : try readBytes(path)
let sourceBytes = SourceBytes(bytes)
let size = isFoundation ? data.count : bytes.count
let isLines = path.hasSuffix(".jsonl")
var times: [Double] = []
var records = 0
for _ in 0..<runs {
  let start = DispatchTime.now().uptimeNanoseconds
  records = try run(reader, bytes, data, isLines: isLines)
  times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
times.sort()
let median = times[times.count / 2]
print(
  "{\"reader\": \"\(reader)\", \"file\": \"\(path)\", \"bytes\": \(size), "
    + "\"records\": \(records), \"seconds\": \(median), "
    + "\"mb_per_s\": \(Double(size) / 1e6 / median), "
    + "\"peak_rss_bytes\": \(peakResidentBytes()), \"baseline_rss_bytes\": \(baseline)}")
