import Foundation
import SearchEngine
import SeekCore

/// The 1.1M-record package catalog: PyPI and npm names with summaries, popularity from the
/// download rank (PyPI, about 2e9 / rank monthly downloads) or the monthly downloads (npm).
struct PackageCatalog {
  var documents = DocumentStore(attributes: ["name", "summary", "popularity", "source"])
  var skippedLines = 0
  /// Names of the 15,000 most downloaded, most popular first.
  var top: [String] = []

  /// The bench's fixed draw of popular names: `count` of `top`, drawn with `random` (seeded by
  /// the caller, which may go on drawing from it: the same names and the same draws after them on
  /// every run).
  func sampledNames(_ count: Int, _ random: inout SeededRandom) -> [String] {
    var pool = top
    var names: [String] = []
    while names.count < count && !pool.isEmpty { names.append(pool.remove(at: random.below(pool.count))) }
    return names
  }

  /// The package named `name` among the hits for its name (its objectID is `source:name`).
  static func objectID(of name: String, in searcher: CatalogSearcher) -> String? {
    try? searcher.search(CatalogSearcher.Request(query: name, hitsPerPage: 20, highlightScope: nil)).hits
      .map(\.hit.objectID).first { $0.split(separator: ":", maxSplits: 1).last.map(String.init) == name }
  }

  /// The `seek` options that index the TSV as `settings` does (for the start-up runs).
  static let startUpArguments = "--title name --searchable 'ordered(name),summary' --ranking 'desc(popularity)'"

  static let settings = IndexSettings(
    searchableAttributes: ["name", "summary"], titleAttribute: "name",
    customRanking: [.descending("popularity")], attributesForFaceting: ["source", "popularity"],
    // Package names are identifiers: a match at the start of the name ranks first (ordered).
    orderedAttributes: ["name"])

  /// Decompresses the two files with `gzip -dc` into `directory` and reads them.
  static func load(dataDirectory: String, directory: String) -> PackageCatalog {
    var catalog = PackageCatalog()
    catalog.documents.reserve(records: 1_120_000, bytes: 120_000_000)
    var popular: [(Double, String)] = []
    for (file, source) in [("pypi-packages.tsv.gz", "pypi"), ("npm-packages.tsv.gz", "npm")] {
      let plain = directory + "/" + file.replacingOccurrences(of: ".gz", with: "")
      shell("gzip -dc '\(dataDirectory)/\(file)' > '\(plain)'")
      guard let data = FileManager.default.contents(atPath: plain) else { continue }
      // Safe: the buffer is used only inside the closure, while `data` is alive.
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var lineStart = 0
        var first = true
        for i in 0..<bytes.count where bytes[i] == 0x0A {
          defer { lineStart = i + 1 }
          if first {
            first = false
            continue
          }
          var fields: [String] = []
          var fieldStart = lineStart
          for j in lineStart...i where j == i || bytes[j] == 0x09 {
            // Safe: fieldStart..<j lies within `bytes` (both come from the loop over its indices).
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<j]), as: UTF8.self))
            fieldStart = j + 1
          }
          let name: String
          let summary: String
          var popularity = 0.0
          if source == "pypi" {
            guard fields.count == 5 else {
              catalog.skippedLines += 1
              continue
            }
            name = fields[0]
            summary = fields[4]
            if let rank = Double(fields[3]), rank > 0 {
              popularity = (2e9 / rank).rounded()
              popular.append((popularity, name))
            }
          } else {
            guard fields.count == 4 else {
              catalog.skippedLines += 1
              continue
            }
            name = fields[0]
            summary = fields[3]
            popularity = Double(fields[2]) ?? 0
            popular.append((popularity, name))
          }
          catalog.documents.append(
            objectID: source + ":" + name, values: [name, summary, String(Int(popularity)), source])
        }
      }
    }
    popular.sort { $0.0 > $1.0 }
    catalog.top = Array(popular.prefix(15_000).map(\.1))
    return catalog
  }

  /// Writes the catalog as one TSV file (for the terminal app and fzf).
  func writeTSV(to path: String, limit: Int? = nil) {
    var out = "name\tsummary\tpopularity\n"
    let n = min(limit ?? documents.count, documents.count)
    for r in 0..<n {
      let summary = documents.value(r, 1).replacingOccurrences(of: "\t", with: " ")
      out += documents.value(r, 0) + "\t" + summary + "\t" + documents.value(r, 2) + "\n"
    }
    _ = FileManager.default.createFile(atPath: path, contents: Data(out.utf8))
  }
}
