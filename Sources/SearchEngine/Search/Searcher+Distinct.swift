/// Algolia's `distinct`: one hit (or `perValue`) for each value of an attribute — one product per
/// model, one package per project — the best-ranked of each group standing for it.
///
/// Which hit of a group is best is known only once every match is ranked, so a distinct search
/// ranks them all, as `--no-sort` does (no early stop, no typo-free shortcut), then walks the keys
/// in rank order keeping the first `perValue` of each value. What it trades: a keystroke costs
/// what `--filter` costs; the count is exact (the groups, not the records: Algolia's `nbHits`
/// with distinct). A search-after cursor resumes after the last key shown, but the walk always
/// starts at the top, so a group shown on an earlier page is never shown again. Records without
/// a value are each their own group (Algolia keeps them all). Values are told apart by a 64-bit
/// hash of their bytes: two distinct values of a catalog collide with odds of n²/2⁶⁴.
extension Searcher {
  /// Of `ranked` (every match, in rank order), the request's page of distinct hits and how many
  /// distinct hits there are in all.
  func distinctPage(_ ranked: [UInt64], _ request: SearchRequest, _ distinct: Distinct) -> (page: [UInt64], total: Int)
  {
    let skip = request.after == nil ? request.page * request.hitsPerPage : 0
    var shown: [UInt64: Int] = [:]
    var page: [UInt64] = []
    var total = 0
    let column = distinct.attribute
    let documents = index.documents
    for key in ranked {
      let record = RankingRule.record(key)
      let value: UInt64? = documents.withValue(record, column) { $0.isEmpty ? nil : byteHash($0) }
      if let value {
        let n = shown[value, default: 0]
        if n >= distinct.perValue { continue }
        shown[value] = n + 1
      }
      total += 1
      if let after = request.after, key <= after { continue }
      if total > skip && page.count < request.hitsPerPage { page.append(key) }
    }
    return (page, total)
  }
}
