import Foundation
import SearchEngine
import Testing

@testable import SeekCore

@Suite struct IndexCacheTests {
  @Test func aCachedIndexAnswersExactlyLikeTheBuiltOne() throws {
    let dir = temporaryDirectory()
    let catalogPath = repositoryRoot + "/Data/products.json"
    let given = try CatalogSettings.parse(
      String(decoding: try CatalogLoader.readFile(repositoryRoot + "/Data/products.settings.json"), as: UTF8.self),
      path: "s")
    let built = try CatalogLoader.load(path: catalogPath)
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: given))
    let cachePath = dir + "/products.index"
    IndexCache.save(built, path: cachePath, fingerprint: fingerprint)
    let attributes = try FileManager.default.attributesOfItem(atPath: cachePath)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let loaded = try #require(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: given))
    #expect(loaded.index.count == built.index.count)
    #expect(loaded.settings == built.settings)
    #expect(loaded.numericAttributes == built.numericAttributes)
    let a = Searcher(index: built.index)
    let b = Searcher(index: loaded.index)
    for query in ["", "iphone", "samsng tv", "macbook air", "cooktop", "ground", "a", "nintendo sw"] {
      let x = a.search(SearchRequest(query: query, page: 1))
      let y = b.search(SearchRequest(query: query, page: 1))
      #expect(x == y, "\(query)")
    }
    #expect(loaded.index.record(objectID: "sku-100001") == built.index.record(objectID: "sku-100001"))
  }

  @Test func aDifferentFingerprintOrDamageMeansRebuild() throws {
    let dir = temporaryDirectory()
    let catalogPath = dir + "/c.json"
    try Data(#"[{"name": "one"}, {"name": "two"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    let catalog = try CatalogLoader.load(path: catalogPath)
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: CatalogSettings()))
    let cachePath = dir + "/c.index"
    IndexCache.save(catalog, path: cachePath, fingerprint: fingerprint)
    #expect(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
        != nil)
    #expect(
      IndexCache.load(
        path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint + "x", given: CatalogSettings()) == nil)
    // The catalog changes: the fingerprint changes with it.
    try Data(#"[{"name": "one"}, {"name": "three"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    #expect(IndexCache.fingerprint(catalogPath: catalogPath, settings: CatalogSettings()) != fingerprint)
    // A truncated file is not loaded.
    let bytes = try #require(FileManager.default.contents(atPath: cachePath))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cachePath))
    #expect(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
        == nil)
  }
}
