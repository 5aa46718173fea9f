// The fuzzy tier
// ==============
//
// Below every word match, the records whose searched text (a line, or the fields `--nth` names)
// matches the query's terms as fzf matches them (FuzzyScorer.swift): `scb` →
// `src/components/Button.tsx`, `99` → `9019`. Their
// keys sit in a band of their own (`RankingRule.fuzzyKey`), ordered by fzf's score, then by fzf's
// per-match tie-break when one is asked for (`--tiebreak begin|end|chunk`, `FuzzyTie.swift`: it
// needs the match's place, so matches are aligned in full only then), then by the record id,
// whose order for lines is fzf's other tie-breaks (length, then input order). A record that
// is a word match is never listed again in the tier.
//
// A query with fzf's operators (`^src`, `.tsx$`, `'exact`, `!not`, `a | b`) is answered by the
// tier alone: the person asked for fzf's rules, and word matching would contradict them (`!foo`).
//
// When it runs. The tier reads every record's title, so it runs only when its hits can be seen
// or counted: when the word tiers leave the page short (a query of initials, a typo the words do
// not forgive), on indexes of up to `tieringThreshold` records (where everything is evaluated),
// and for exhaustive callers (`--filter`). Otherwise the page is the word tiers' and nbHits is
// flagged approximate, as when the typo tier is skipped. Reading is cheap where it matters: a
// title is first tested for the terms as a subsequence of its raw bytes, which rules most out
// without decoding. And typing on narrows (fzf's cache): when the new query keeps every match
// of the last one's (`ExtendedQuery.isNarrowed`), only the last tier's matches are read again.

import Foundation

extension Searcher {
  /// Above this many records, the tier's records are read in runs on every core (a run each):
  /// one core reads about 20 million short titles a second when most fail the byte test, and
  /// scores about 5 million a second when they pass.
  static let parallelFuzzyFrom = 100_000

  /// The tier's top `limit` keys after the request's floor, and its count. `requiredMask` (the
  /// required words of the run that answered) leaves out the records that run matched.
  func fuzzyTier(_ query: ExtendedQuery, limit: Int, excludingWordHitsOf requiredMask: UInt16?) -> ([UInt64], Int) {
    let previous = fuzzyLast.flatMap { $0.query.isNarrowed(by: query) ? $0.rows : nil }
    let total = previous?.count ?? index.count
    let runs =
      total >= Self.parallelFuzzyFrom ? max(1, min(8, ProcessInfo.processInfo.activeProcessorCount)) : 1
    if fuzzyMatchers.count != runs || fuzzyMatchers.first?.query != query {
      fuzzyMatchers = (0..<runs).map { _ in ExtendedMatcher(query) }
    }
    let reader = FuzzyTierReader(
      documents: index.documents, column: index.fuzzyColumn,
      tiebreak: index.settings.tiebreak.first(where: \.isPerMatch),
      filter: context.filter, floor: context.floor, excluded: context.excludedRecords, limit: limit,
      wordHits: requiredMask ?? 0, stamps: stamp, matchedWords: matchedWords)
    var parts: [FuzzyTierReader.Part] = []
    if runs == 1 {
      parts = [reader.read(previous, 0..<total, matcher: &fuzzyMatchers[0])]
    } else {
      let slots = ResultSlots<FuzzyTierReader.Part>(count: runs)
      let matchers = ResultSlots<ExtendedMatcher>(count: runs)
      let given = fuzzyMatchers
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        var matcher = given[run]
        slots.set(run, reader.read(previous, (total * run / runs)..<(total * (run + 1) / runs), matcher: &matcher))
        matchers.set(run, matcher)
      }
      parts = slots.values
      fuzzyMatchers = matchers.values
    }
    var top = TopK(capacity: 0)  // no reservation: `limit` may be every record (`-f` on lines)
    top.reset(capacity: limit, after: context.floor, excluding: context.excludedRecords)
    var matches: [UInt32] = []
    matches.reserveCapacity(parts.reduce(0) { $0 + $1.matches.count })
    for part in parts {
      for key in part.keys { top.insert(key) }
      matches += part.matches
    }
    fuzzyLast = (query, matches)
    return (top.sorted(), parts.reduce(0) { $0 + $1.count })
  }

  /// Whether the last run (the one that answered) matched `record` on its required words: its
  /// stamp gives it a row, and the row's words include them. Rows of records that failed a word
  /// keep that word's bit clear, in the run that stamped them and in every run narrowing it.
  @inline(__always) func isWordHit(_ record: Int, requiredMask: UInt16) -> Bool {
    let row = row(of: record)
    return row >= 0 && matchedWords[row] & requiredMask == requiredMask
  }

  /// Whether the fuzzy tier runs after word tiers that returned `found` of `limit` keys.
  func fuzzyTierRuns(found: Int, limit: Int) -> Bool {
    context.sortFacet == nil && (found < limit || context.exhaustiveRequested || index.count <= tieringThreshold)
  }
}

/// What one run of the fuzzy tier reads: a range of the store's rows (or of the last tier's
/// matches when typing narrows), in the order the values are stored, with everything it needs
/// as values, so that runs on several threads share nothing they write.
struct FuzzyTierReader: @unchecked Sendable {
  struct Part: Sendable {
    var keys: [UInt64]
    var count: Int
    /// The rows of the records matching the terms (before the filter and the word hits), in row
    /// order: the store's order, which the next narrowing query reads again (`DocumentStore`).
    var matches: [UInt32]
  }

  let documents: DocumentStore
  let column: Int
  /// fzf's per-match tie-break, if any (`FuzzyTie`).
  let tiebreak: Tiebreak?
  let filter: RecordFilter?
  let floor: UInt64?
  /// Records left to Searcher+Learned (see `TopK.excluded`).
  let excluded: [Int]
  let limit: Int
  /// The answering run's required words (0: no word hits to leave out), with its stamps and
  /// rows' words (read only here, while the search that owns them waits).
  let wordHits: UInt16
  let stamps: ZeroedScratch<UInt32>
  let matchedWords: ZeroedScratch<UInt16>

  func read(_ previous: [UInt32]?, _ range: Range<Int>, matcher: inout ExtendedMatcher) -> Part {
    var top = TopK(capacity: 0)  // no reservation: `limit` may be every record (`-f` on lines)
    top.reset(capacity: limit, after: floor, excluding: excluded)
    var matches: [UInt32] = []
    var count = 0
    let attributes = documents.attributes.count
    let mask = wordHits
    // Safe: value ranges come from the store's monotone offsets, within its bytes; a stamp is 0
    // or a row + 1 of the answering run; the buffers are used only inside the closures.
    documents.bytes.withUnsafeBufferPointer { all in
      documents.offsets.withUnsafeBufferPointer { offsets in
        stamps.withUnsafeBufferPointer { stamps in
          matchedWords.withUnsafeBufferPointer { words in
            func consider(_ row: Int) {
              let record = documents.record(atRow: row)
              let slot = row * attributes + column
              let start = Int(offsets[slot])
              var end = Int(offsets[slot + 1])
              if end - start > DocumentStore.maxIndexedValueBytes {
                end = start + DocumentStore.maxIndexedValueBytes
                while end > start && all[end] & 0xC0 == 0x80 { end -= 1 }
              }
              guard
                let (score, tie) = matcher.scoreAndTie(UnsafeBufferPointer(rebasing: all[start..<end]), by: tiebreak)
              else { return }
              matches.append(UInt32(row))
              if let filter, !filter.contains(record) { return }
              if mask != 0, stamps[record] != 0, words[Int(stamps[record]) - 1] & mask == mask { return }
              count += 1
              top.insert(RankingRule.fuzzyKey(score: score, tie: tie, record: record))
            }
            if let previous {
              for i in range { consider(Int(previous[i])) }
            } else {
              for row in range { consider(row) }
            }
          }
        }
      }
    }
    return Part(keys: top.sorted(), count: count, matches: matches)
  }
}
