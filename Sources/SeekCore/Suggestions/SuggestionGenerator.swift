import SearchEngine

/// Suggestions made from the catalog itself, the way Algolia's suggestions builder makes them from
/// facets: frequent brand and category values, and brand + category pairs, scored by how many
/// records they cover weighted by popularity. A suggestion must return at least `minHits` hits
/// and have at least `minLetters` letters.
public enum SuggestionGenerator {
  public static let brandAttributes = ["brand", "manufacturer", "vendor"]
  public static let categoryAttributes = ["category", "categories", "type"]

  public static func generate(
    from catalog: Catalog, minHits: Int = 5, minLetters: Int = 4, limit: Int = 1000
  ) -> [Suggestion] {
    let documents = catalog.index.documents
    let brand = brandAttributes.lazy.compactMap(documents.attributeIndex).first
    let category = categoryAttributes.lazy.compactMap(documents.attributeIndex).first
    guard brand != nil || category != nil else { return [] }
    let popularity = catalog.settings.index.customRanking.first.flatMap {
      documents.attributeIndex($0.attribute)
    }
    var scores: [String: (score: Double, count: Int, category: String?)] = [:]
    func add(_ text: String, _ weight: Double, _ category: String?) {
      let query = text.lowercased()
      var entry = scores[query] ?? (0, 0, category)
      entry.score += weight
      entry.count += 1
      scores[query] = entry
    }
    for record in 0..<documents.count {
      let weight =
        1 + (popularity.flatMap { Double(documents.value(record, $0)) }.map { $0.isFinite ? max($0, 0) : 0 } ?? 0)
      let brandValue = brand.map { documents.value(record, $0).trimming(" ") } ?? ""
      // The most specific level of a hierarchy such as "Appliances > Cooktops".
      let categoryPath = category.map { documents.value(record, $0) } ?? ""
      let leaf = categoryPath.split(separator: ">").last.map { String($0).trimming(" ") } ?? ""
      if !brandValue.isEmpty { add(brandValue, weight, categoryPath) }
      if !leaf.isEmpty { add(leaf, weight, categoryPath) }
      // "Nintendo" + "Nintendo Switch Games" would repeat itself: pair only distinct words.
      if !brandValue.isEmpty && !leaf.isEmpty && !leaf.lowercased().contains(brandValue.lowercased()) {
        add(brandValue + " " + leaf, weight, categoryPath)
      }
    }
    let searcher = Searcher(index: catalog.index)
    var out: [Suggestion] = []
    for (query, entry) in scores.sorted(by: { $0.value.score > $1.value.score }) {
      guard out.count < limit, entry.count >= minHits else { continue }
      guard query.unicodeScalars.filter({ $0.properties.isAlphabetic }).count >= minLetters else { continue }
      let hits = searcher.search(SearchRequest(query: query, hitsPerPage: 1, removeWordsIfNoResults: false)).nbHits
      guard hits >= minHits else { continue }
      out.append(
        Suggestion(
          query: query, popularity: Int(saturating: entry.score.rounded()), nbHits: hits, category: entry.category))
    }
    return out
  }
}
