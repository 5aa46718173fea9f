/// The empty query (browsing in custom-ranking, then input, order) and sorting by a number.

extension Searcher {
  /// The empty query: every record (that passes the filter), in browse order (custom ranking,
  /// then input order), or by the sort; counted exactly. Keys are record ids when the browse order
  /// is the id order, `position << recordBits | record` otherwise.
  func browse(limit: Int, nbHits: inout Int) -> [UInt64] {
    let order = index.browseOrder
    let documents = index.documents
    let inIdOrder = order.isIDOrder
    @inline(__always) func record(at position: Int) -> Int { order.record(at: position, in: documents) }
    @inline(__always) func key(_ position: Int, _ r: Int) -> UInt64 {
      inIdOrder ? UInt64(r) : UInt64(position) << RankingRule.recordBits | UInt64(r)
    }
    if context.sortFacet == nil && !counter.isActive && disjunctive.isEmpty {
      // Browse order: the first `limit` after the cursor, without looking at the rest.
      var keys: [UInt64] = []
      let start =
        context.floor.map { Int(min(inIdOrder ? $0 : RankingRule.relevance($0), UInt64(Int.max - 1))) + 1 } ?? 0
      if let filter = context.filter {
        nbHits = filter.count
        if inIdOrder {
          filter.forEachRecord(from: start) { r in
            keys.append(UInt64(r))
            return keys.count < limit
          }
        } else {
          var p = start
          while p < index.count && keys.count < limit {
            let r = record(at: p)
            if filter.contains(r) { keys.append(key(p, r)) }
            p += 1
          }
        }
      } else {
        nbHits = index.count
        if start < index.count { keys = (start..<min(index.count, start + limit)).map { key($0, record(at: $0)) } }
      }
      return keys
    }
    topK.reset(capacity: limit, after: context.floor)
    var n = 0
    for i in disjunctive.indices {
      if let own = disjunctive[i].filter {
        own.forEachRecord { r in
          disjunctive[i].counter.add(r)
          return true
        }
      } else {
        disjunctive[i].counter.addAll()
      }
    }
    if let filter = context.filter {
      if counter.isActive {
        filter.forEachRecord { r in
          counter.add(r)
          return true
        }
      }
      n = filter.count
      for p in 0..<index.count {
        let r = record(at: p)
        guard filter.contains(r) else { continue }
        topK.insert(context.sortFacet == nil ? key(p, r) : sortKey(record: r, typos: 0, words: ParsedQuery.maxWords))
        if context.sortFacet == nil && topK.isFull { break }  // browse order: the rest come later
      }
    } else {
      if counter.isActive { counter.addAll() }  // every record: the counts are the postings' sizes
      n = index.count
      for p in 0..<index.count {
        let r = record(at: p)
        topK.insert(context.sortFacet == nil ? key(p, r) : sortKey(record: r, typos: 0, words: ParsedQuery.maxWords))
        if context.sortFacet == nil && topK.isFull { break }  // browse order: the rest come later
      }
    }
    nbHits = n
    return topK.sorted()
  }

  /// The key of a hit when sorting by `sortFacet`: the rank of its number (records without one
  /// last), then its typos and matched words (relevance, coarsely, as the tie-break), then the id.
  /// 29 + 2 + 4 bits, then (past 2 unused) the record id.
  @inline(__always) func sortKey(record: Int, typos: Int, words: Int) -> UInt64 {
    guard let facet = context.sortFacet else { return UInt64(record) }
    var rank = UInt64(facet.ranks[record])
    if context.sortDescending && rank < UInt64(facet.distinct) { rank = UInt64(facet.distinct) - 1 - rank }
    return rank << 35 | UInt64(min(typos, 3)) << 33 | UInt64(ParsedQuery.maxWords - min(words, ParsedQuery.maxWords))
      << RankingRule.recordBits | UInt64(record)
  }
}
