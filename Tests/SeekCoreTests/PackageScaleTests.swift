import Foundation
import SearchEngine
import Testing

@testable import SeekCore

/// The engine stays correct at scale: 100,000 real PyPI packages (a fixed sample including the
/// 15,000 most downloaded), their popularity from the download rank. Not timed.
@Suite struct PackageScaleTests {
  static let path = repositoryRoot + "/../shared/data/pypi-packages.tsv.gz"

  static let index: SearchIndex? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -dc '\(path)'"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var store = DocumentStore(attributes: ["name", "summary", "popularity"])
    var line = 0
    for row in data.split(separator: 0x0A) {
      line += 1
      if line == 1 { continue }
      let fields = row.split(separator: 0x09, omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      let rank = Double(String(decoding: fields[3], as: UTF8.self))
      // Every ranked package, and every 9th of the others: about 100k records.
      guard rank != nil || line % 9 == 0 else { continue }
      let name = String(decoding: fields[0], as: UTF8.self)
      store.append(
        objectID: name,
        values: [name, String(decoding: fields[4], as: UTF8.self), rank.map { String(Int(2e9 / $0)) } ?? "0"])
    }
    return IndexBuilder.build(
      store,
      settings: IndexSettings(searchableAttributes: ["name", "summary"], customRanking: [.descending("popularity")]))
  }()

  func top(_ query: String, _ n: Int = 20) throws -> [String] {
    let index = try #require(Self.index)
    return Searcher(index: index).search(SearchRequest(query: query, hitsPerPage: n)).hits.map(\.objectID)
  }

  @Test func aboutAHundredThousandRecords() throws {
    let index = try #require(Self.index)
    #expect(index.count > 95_000 && index.count < 130_000)
  }

  @Test(arguments: ["requests", "numpy", "django", "flask", "pandas", "boto3", "pytest", "six"])
  func theExactNameIsFirst(name: String) throws {
    #expect(try top(name, 1) == [name])
  }

  @Test(arguments: [("reqeusts", "requests"), ("nmupy", "numpy"), ("djnago", "django"), ("pyetst", "pytest")])
  func aTypoedNameIsFoundFirst(typed: String, name: String) throws {
    #expect(try top(typed, 1) == [name])
  }

  @Test func popularPackagesLeadTheirPrefix() throws {
    #expect(try top("req", 20).contains("requests"))
    #expect(try top("num", 20).contains("numpy"))
    #expect(try top("scikit-le", 5).contains("scikit-learn"))
  }

  @Test func broadQueriesStillRankAndPage() throws {
    let index = try #require(Self.index)
    let searcher = Searcher(index: index)
    let first = searcher.search(SearchRequest(query: "p", page: 0))
    let second = searcher.search(SearchRequest(query: "p", page: 1))
    #expect(first.nbHits > 10_000)
    #expect(Set(first.hits.map(\.objectID)).isDisjoint(with: second.hits.map(\.objectID)))
  }
}
