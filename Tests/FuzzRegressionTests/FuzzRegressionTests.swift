import Foundation
import SeekFuzzTargets
import Testing

/// Every file of the fuzz corpus (the seeds, and each crash the fuzzers found, saved there) run
/// through its target: what once crashed stays fixed.
@Suite struct FuzzRegressionTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/corpus"

  @Test(arguments: FuzzTarget.allCases)
  func corpusReplays(target: FuzzTarget) throws {
    let directory = Self.corpus + "/" + target.rawValue
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    #expect(!files.isEmpty, "no seeds for \(target.rawValue)")
    for file in files.sorted() {
      let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
      target.run([UInt8](data))
    }
  }
}
