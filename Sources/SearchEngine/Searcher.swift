/// Runs queries against one `SearchIndex`.
///
/// How a query is answered:
/// 1. Each query word is turned into *sources*: the dictionary terms it matches — the exact word,
///    the prefix range (or the precomputed prefix postings for one or two letters), typo variants
///    from a bounded trie walk, and words containing it — each with its typo cost.
/// 2. Words are intersected (AND) with dense per-record scratch arrays, cheapest word first: the
///    first word creates the candidates, the others only update them. Words relaxed by
///    `removeWordsIfNoResults` are optional: they update candidates but do not filter them.
/// 3. Each candidate's match summary is packed into one 64-bit key, rules in `RankingRule.order`,
///    record id last; a bounded heap keeps the top `offset + limit`.
/// 4. Only the page's hits are highlighted.
///
/// A `Searcher` owns preallocated scratch memory and is not thread-safe: use one per thread.
public final class Searcher {
  public let index: SearchIndex

  private var stamp: [UInt32]
  private var matchedWords: [UInt16]
  /// Best match of word `w` in record `r` at `r * maxWords + w`: cost (2 bits, 3 = substring) << 17,
  /// not-exact flag << 16, best place (attribute << 12 | position).
  private var slots: [UInt32]
  private var candidates: [UInt32] = []
  private var generation: UInt32 = 0
  private var topK = TopK(capacity: 20)
  /// Sources of recently searched words: typing one more word reuses the earlier words' lookups,
  /// and Backspace reuses everything.
  private var sourceCache: [SourceKey: [Source]] = [:]
  private var sourceCacheOrder: [SourceKey] = []
  private static let sourceCacheSize = 64

  public init(index: SearchIndex) {
    self.index = index
    stamp = [UInt32](repeating: 0, count: index.count)
    matchedWords = [UInt16](repeating: 0, count: index.count)
    slots = [UInt32](repeating: .max, count: index.count * ParsedQuery.maxWords)
    candidates.reserveCapacity(min(index.count, 1 << 16))
  }

  // MARK: - Public

  public func search(_ request: SearchRequest) -> SearchResponse {
    let query = ParsedQuery(request.query, typoTolerance: index.settings.typoTolerance)
    let offset = request.page * request.hitsPerPage
    let limit = offset + request.hitsPerPage
    var response = SearchResponse.empty(request)
    if query.isEmpty {
      response.nbHits = index.count
      let end = min(limit, index.count)
      if offset < end {
        response.hits = (offset..<end).map {
          makeHit(record: $0, summary: MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0), query: query)
        }
      }
      return response
    }
    let wordSources = query.words.map { sources(for: $0) }
    var required = query.words.count
    while true {
      let (keys, nbHits) = run(query, wordSources, required: required, limit: limit)
      if nbHits > 0 || !request.removeWordsIfNoResults || required == 1 {
        response.nbHits = nbHits
        response.droppedWords = query.words[required...].map(\.text)
        if offset < keys.count {
          response.hits = keys[offset..<min(limit, keys.count)].map { key in
            let record = RankingRule.record(key)
            return makeHit(record: record, summary: summary(record, query.words.count, required: required), query: query, key: key)
          }
        }
        response.typoCorrected = response.hits.contains { $0.ranking.typos > 0 }
        if nbHits == 0 { response.droppedWords = [] }
        return response
      }
      required -= 1
    }
  }

  /// The sorted ranking keys of the top `limit` records and the number of matches; for merging the
  /// results of several indexes.
  public func rankedKeys(_ query: String, limit: Int) -> (keys: [UInt64], nbHits: Int) {
    let parsed = ParsedQuery(query, typoTolerance: index.settings.typoTolerance)
    if parsed.isEmpty {
      return ((0..<min(limit, index.count)).map { UInt64($0) }, index.count)
    }
    return run(parsed, parsed.words.map { sources(for: $0) }, required: parsed.words.count, limit: limit)
  }

  // MARK: - Sources

  struct Source {
    /// Term range, or (with `prefixLevel >= 0`) the group id in `shortPrefixes[prefixLevel]`.
    var lo: Int32
    var hi: Int32
    var prefixLevel: Int8
    var cost: UInt8
    var exact: Bool
    var postings: Int
  }

  struct SourceKey: Hashable {
    var word: [UInt8]
    var isPrefix: Bool
    var budget: Int
  }

  func sources(for word: QueryWord) -> [Source] {
    let key = SourceKey(word: word.folded, isPrefix: word.isPrefix, budget: word.typoBudget)
    if let cached = sourceCache[key] { return cached }
    var out: [Source] = []
    let terms = index.terms
    func addRange(_ range: Range<Int>, cost: UInt8, exact: Bool) {
      guard !range.isEmpty else { return }
      let postings = Int(index.postingStart[range.upperBound]) - Int(index.postingStart[range.lowerBound])
      out.append(Source(lo: Int32(range.lowerBound), hi: Int32(range.upperBound), prefixLevel: -1, cost: cost, exact: exact, postings: postings))
    }
    word.folded.withUnsafeBufferPointer { w in
      if let t = terms.find(w) { addRange(t..<(t + 1), cost: 0, exact: true) }
      if word.isPrefix {
        let range = terms.prefixRange(w)
        let level = word.scalars.count - 1
        if !range.isEmpty && level < index.shortPrefixes.count {
          let prefixes = index.shortPrefixes[level]
          let group = Int(prefixes.groupOfTerm[range.lowerBound])
          let postings = Int(prefixes.groupStart[group + 1] - prefixes.groupStart[group])
          out.append(Source(lo: Int32(group), hi: Int32(group + 1), prefixLevel: Int8(level), cost: 0, exact: false, postings: postings))
        } else {
          addRange(range, cost: 0, exact: false)
        }
      }
      if word.typoBudget > 0 {
        terms.fuzzyMatches(word: word.scalars, maxTypos: word.typoBudget, prefix: word.isPrefix) {
          range, typos in
          if typos > 0 { addRange(range, cost: UInt8(typos), exact: false) }
        }
      }
      if index.substringMatching && word.scalars.count >= 3 {
        var run: Range<Int>? = nil
        terms.forEachTermContaining(w) { t in
          if let r = run, r.upperBound == t {
            run = r.lowerBound..<(t + 1)
          } else {
            if let r = run { addRange(r, cost: 3, exact: false) }
            run = t..<(t + 1)
          }
        }
        if let r = run { addRange(r, cost: 3, exact: false) }
      }
    }
    if sourceCacheOrder.count >= Self.sourceCacheSize {
      sourceCache.removeValue(forKey: sourceCacheOrder.removeFirst())
    }
    sourceCache[key] = out
    sourceCacheOrder.append(key)
    return out
  }

  // MARK: - Matching

  private enum Mode { case initialize, require, optional }

  /// Intersects the first `required` words (the rest are optional) and ranks the candidates.
  private func run(
    _ query: ParsedQuery, _ wordSources: [[Source]], required: Int, limit: Int
  ) -> ([UInt64], Int) {
    generation &+= 1
    if generation == 0 {
      for i in stamp.indices { stamp[i] = 0 }
      generation = 1
    }
    candidates.removeAll(keepingCapacity: true)
    let wordCount = query.words.count
    let cost = wordSources.map { $0.reduce(0) { $0 + $1.postings } }
    let requiredOrder = (0..<required).sorted { cost[$0] < cost[$1] }
    var processed: UInt16 = 0
    let requiredMask: UInt16 = (1 << UInt16(required)) - 1
    for (step, word) in requiredOrder.enumerated() {
      accumulate(word: word, wordCount: wordCount, sources: wordSources[word], mode: step == 0 ? .initialize : .require, need: processed)
      processed |= 1 << UInt16(word)
    }
    for word in required..<wordCount {
      accumulate(word: word, wordCount: wordCount, sources: wordSources[word], mode: .optional, need: requiredMask)
    }
    topK.reset(capacity: limit)
    var nbHits = 0
    for r32 in candidates where matchedWords[Int(r32)] & requiredMask == requiredMask {
      let record = Int(r32)
      nbHits += 1
      topK.insert(RankingRule.key(summary(record, wordCount, required: required), record: record))
    }
    return (topK.sorted(), nbHits)
  }

  private func accumulate(word: Int, wordCount: Int, sources: [Source], mode: Mode, need: UInt16) {
    let bit: UInt16 = 1 << UInt16(word)
    let gen = generation
    let maxWords = ParsedQuery.maxWords
    stamp.withUnsafeMutableBufferPointer { stamp in
      matchedWords.withUnsafeMutableBufferPointer { matched in
        slots.withUnsafeMutableBufferPointer { slots in
          @inline(__always) func visit(_ r: Int, _ place: UInt16, _ packedCost: UInt32) {
            if stamp[r] != gen {
              guard mode == .initialize else { return }
              stamp[r] = gen
              matched[r] = 0
              let base = r * maxWords
              for w in 0..<wordCount { slots[base + w] = .max }
              candidates.append(UInt32(r))
            } else if matched[r] & need != need {
              return
            }
            matched[r] |= bit
            let i = r * maxWords + word
            let new = packedCost | UInt32(place)
            let old = slots[i]
            if old == .max {
              slots[i] = new
            } else {
              let c = min(old >> 16, new >> 16)
              let p = min(old & 0xFFFF, new & 0xFFFF)
              // (cost << 1 | notExact) orders fewer typos first, then exact before prefix.
              slots[i] = c << 16 | p
            }
          }
          for source in sources {
            let packedCost = (UInt32(source.cost) << 1 | (source.exact ? 0 : 1)) << 16
            if source.prefixLevel >= 0 {
              let prefixes = index.shortPrefixes[Int(source.prefixLevel)]
              let g = Int(source.lo)
              prefixes.records.withUnsafeBufferPointer { records in
                prefixes.places.withUnsafeBufferPointer { places in
                  for p in Int(prefixes.groupStart[g])..<Int(prefixes.groupStart[g + 1]) {
                    visit(Int(records[p]), places[p], packedCost)
                  }
                }
              }
            } else {
              let start = Int(index.postingStart[Int(source.lo)])
              let end = Int(index.postingStart[Int(source.hi)])
              index.postingRecords.withUnsafeBufferPointer { records in
                index.postingPlaces.withUnsafeBufferPointer { places in
                  for p in start..<end { visit(Int(records[p]), places[p], packedCost) }
                }
              }
            }
          }
        }
      }
    }
  }

  /// How record `record` matched, from the scratch slots of the current search.
  private func summary(_ record: Int, _ wordCount: Int, required: Int) -> MatchSummary {
    var m = MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0)
    var best: UInt32 = 0xFFFF
    var previous: UInt32? = nil
    var wholeAttribute = true
    var wholeAttributeID: UInt32? = nil
    let base = record * ParsedQuery.maxWords
    for w in 0..<wordCount {
      let slot = slots[base + w]
      if slot == .max || stamp[record] != generation {
        wholeAttribute = false
        continue
      }
      let costAndFlag = slot >> 16
      let place = slot & 0xFFFF
      m.words += 1
      m.typos += Int(costAndFlag >> 1)
      if costAndFlag == 0 { m.exact += 1 }
      best = min(best, place)
      if let previous {
        if previous >> 12 == place >> 12 {
          let d = Int(place & 0xFFF) - Int(previous & 0xFFF)
          m.proximity += d >= 1 ? min(d, 8) : min(1 - d, 8)
        } else {
          m.proximity += 8
        }
      }
      previous = place
      let attribute = place >> 12
      if costAndFlag != 0 || Int(place & 0xFFF) != w || (wholeAttributeID.map { $0 != attribute } ?? false) {
        wholeAttribute = false
      }
      wholeAttributeID = attribute
    }
    var equalsAttribute = false
    if wholeAttribute, let a = wholeAttributeID, m.words == wordCount {
      let columns = index.searchableColumns.count
      equalsAttribute = Int(index.attributeWordCounts[record * columns + Int(a)]) == wordCount
    }
    if equalsAttribute {
      m.exact = wordCount + 1
    } else if wordCount == 1 {
      // Algolia's `exactOnSingleWordQuery: attribute`: one word is "exact" only when it is the
      // whole attribute, so "mac" does not rank "mac mini" above the far more popular "macbook".
      m.exact = 0
    }
    m.attribute = Int(best >> 12)
    m.position = Int(best & 0xFFF)
    return m
  }

  // MARK: - Hits

  private func makeHit(record: Int, summary: MatchSummary, query: ParsedQuery, key: UInt64? = nil) -> Hit {
    let highlighter = Highlighter(index: index, query: query)
    let (highlights, snippet) = highlighter.highlight(record: record)
    return Hit(
      record: record, objectID: index.documents.objectID(record), ranking: summary,
      highlights: highlights, snippet: snippet, key: key ?? UInt64(record))
  }
}
