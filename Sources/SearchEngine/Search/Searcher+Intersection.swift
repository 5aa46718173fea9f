/// Intersecting the words' sources into candidates, each with a row of the scratch arrays.

extension Searcher {
  enum Mode { case initialize, require, optional }

  /// Intersects the first `required` words (the rest are optional) and ranks the candidates.
  /// `typos` says which sources the words were given (with typo variants and substrings, or not).
  func run(
    _ query: ParsedQuery, _ wordSources: [[Source]], typos: Bool, required: Int, limit: Int
  ) -> ([UInt64], Int) {
    lastEvaluationStamped = true
    let reusedWord = intersect(query, wordSources, typos: typos, required: required)
    return rank(query, typos: typos, required: required, limit: limit, reusedWord: reusedWord)
  }

  /// The candidates, each with its row's matched words and slots: the last run's matches with
  /// only the changed words looked up again when this query narrows the last one, or a fresh
  /// intersection. Returns the one word whose change may leave a row's key as it was (-1: none).
  private func intersect(_ query: ParsedQuery, _ wordSources: [[Source]], typos: Bool, required: Int) -> Int {
    let wordCount = query.words.count
    let requiredMask: UInt16 = (1 << UInt16(required)) - 1
    guard let changed = lastRun.changedWords(to: query, typos: typos, required: required, generation: generation)
    else {
      intersectFresh(wordSources, wordCount: wordCount, required: required)
      return -1
    }
    // Every word's matches are among the last run's (the last word grew, a word became whole once
    // a space followed it, or words were added), and at least as many are required: the records
    // that matched before are the candidates, the unchanged words' slots stand, and only the
    // changed words are looked up again (fzf's cache, at the level of records).
    swap(&candidates, &lastRun.matched)
    // A row's key is the same as last time when its slots are: with as many words and one word
    // looked up again, compare that word's slot (typing a word's next letter seldom moves its
    // best match, so most candidates skip the ranking rules).
    let reusedWord =
      context.sortFacet == nil && changed.nonzeroBitCount == 1 && lastRun.keysReusable(wordCount: wordCount)
      ? changed.trailingZeroBitCount : -1
    // Safe: the candidates are rows (< index.count); slots hold maxWords entries per row.
    let matched = matchedWords.buffer
    let slots = self.slots.buffer
    let previous = previousSlots.buffer
    var words = changed
    while words != 0 {
      let w = words.trailingZeroBitCount
      words &= words - 1
      for row in candidates {
        let i = Int(row) * ParsedQuery.maxWords + w
        if w == reusedWord { previous[Int(row)] = slots[i] }
        slots[i] = .max
      }
    }
    if changed != 0 {
      for row in candidates { matched[Int(row)] &= ~changed }
    }
    // Required words first: an optional word is looked up only for records that have them all.
    for word in 0..<required where changed >> UInt16(word) & 1 == 1 {
      accumulate(
        word: word, wordCount: wordCount, sources: wordSources[word], mode: .require, need: requiredMask & ~changed)
    }
    for word in required..<wordCount where changed >> UInt16(word) & 1 == 1 {
      accumulate(word: word, wordCount: wordCount, sources: wordSources[word], mode: .optional, need: requiredMask)
    }
    return reusedWord
  }

  /// A fresh intersection: the required words, rarest first (the first hands out the rows), then
  /// the optional ones for the records that have them all.
  private func intersectFresh(_ wordSources: [[Source]], wordCount: Int, required: Int) {
    advanceGeneration()
    candidates.removeAll(keepingCapacity: true)
    let cost = wordSources.map { $0.reduce(0) { $0 + $1.postings } }
    let requiredOrder = (0..<required).sorted { cost[$0] < cost[$1] }
    var processed: UInt16 = 0
    for (step, word) in requiredOrder.enumerated() {
      accumulate(
        word: word, wordCount: wordCount, sources: wordSources[word], mode: step == 0 ? .initialize : .require,
        need: processed)
      // The first word handed out the rows: every one is a candidate.
      if step == 0 { candidates.append(contentsOf: 0..<UInt32(rowCount)) }
      processed |= 1 << UInt16(word)
    }
    for word in required..<wordCount {
      accumulate(
        word: word, wordCount: wordCount, sources: wordSources[word], mode: .optional,
        need: (1 << UInt16(required)) - 1)
    }
  }

  /// What one ranking pass over the candidates needs, set once per run.
  struct RankingPass {
    let wordCount: Int
    let required: Int
    let requiredMask: UInt16
    let optionalMask: UInt16
    /// The word whose unchanged slot means an unchanged key (-1: none).
    let reusedWord: Int
    /// Records matching fewer words are counted, not ranked.
    let fewestWords: Int
    /// Records matching no optional word are ranked by the kept keys, not here.
    let keptRanksUnmatched: Bool
    /// Keep each record's key as if no optional word matched (`RequiredWordsTop`).
    let keeps: Bool
    let sorted: Bool
  }

  /// Ranks the candidates that match the required words into the top `limit` keys (and counts
  /// them); keeps, for the next keystrokes, the matches and — relaxed — the required words' keys.
  private func rank(
    _ query: ParsedQuery, typos: Bool, required: Int, limit: Int, reusedWord: Int
  ) -> ([UInt64], Int) {
    let wordCount = query.words.count
    let requiredMask: UInt16 = (1 << UInt16(required)) - 1
    let optionalMask: UInt16 = (1 << UInt16(wordCount) - 1) & ~requiredMask
    let sorted = context.sortFacet != nil
    // The rows whose records match the required words, kept for the next keystroke to narrow.
    var matches: [UInt32] = []
    swap(&matches, &lastRun.matched)
    // Written through a buffer, one entry per candidate at most, and cut to length after the loop:
    // an append per candidate checked the array's uniqueness and capacity every time.
    if matches.count < candidates.count {
      matches.append(contentsOf: repeatElement(0, count: candidates.count - matches.count))
    }
    var matchesWritten = 0
    defer {
      matches.removeLast(matches.count - matchesWritten)
      swap(&matches, &lastRun.matched)
      lastRun.record(query: query, typos: typos, required: required, generation: generation, keyed: !sorted)
    }
    topK.reset(capacity: limit, after: context.floor, excluding: context.excludedRecords)
    clearCounts()
    // The heap is moved out for the loop (a class's properties are checked for exclusive access
    // on every use).
    var topK = TopK(capacity: 0)
    swap(&topK, &self.topK)
    defer { swap(&topK, &self.topK) }
    // A relaxed run with nothing to count or filter: the records that match no optional word rank
    // as they did on the last keystroke with the same required words (see `RequiredWordsTop`).
    let relaxedAndPlain = required < wordCount && mayStopEarly && !sorted && context.floor == nil
    let matched = matchedWords.buffer
    let kept =
      relaxedAndPlain
      ? requiredWordsTop.flatMap { top in
        // Kept keys are of records (< index.count) that match the required words, so candidates
        // of this run, with rows (`fits`: the same required words, with or without typos alike).
        top.fits(query, typos: typos, required: required)
          && top.suffices(limit: limit) { wordsMatched(byRecord: $0, UnsafeBufferPointer(matched)) & optionalMask != 0 }
          ? top : nil
      } : nil
    // Without typos every match costs nothing and the words rule decides first: when a page of
    // records match `fewestWords` words or more, records matching fewer are counted, not ranked.
    // (Relaxed queries: thousands of records match the first words, a few match the rest.)
    let fewestWords =
      typos || sorted || context.floor != nil || required == wordCount || kept != nil
      ? 0 : fewestWordsReachingPage(requiredMask: requiredMask, wordCount: wordCount, limit: limit)
    // Keep the keys for the next keystrokes when every record matching the required words is ranked.
    let keeps = relaxedAndPlain && kept == nil && fewestWords <= required
    var keeping = TopK(capacity: keeps ? RequiredWordsTop.capacity(limit) : 0)
    let pass = RankingPass(
      wordCount: wordCount, required: required, requiredMask: requiredMask, optionalMask: optionalMask,
      reusedWord: reusedWord, fewestWords: fewestWords, keptRanksUnmatched: kept != nil, keeps: keeps, sorted: sorted)
    let nbHits = matches.withUnsafeMutableBufferPointer { matches in
      let (written, nbHits) = rankCandidates(pass, into: &topK, keeping: &keeping, matches: matches)
      matchesWritten = written
      return nbHits
    }
    if let kept {
      // The rest of the page: the best kept keys of records that match no optional word (a kept
      // key's record matched the required words then and now (`fits`): a candidate).
      var added = 0
      for key in kept.keys
      where wordsMatched(byRecord: RankingRule.record(key), UnsafeBufferPointer(matched)) & optionalMask == 0 {
        topK.insert(key)
        added += 1
        if added == limit { break }
      }
    }
    // A run that found nothing is followed by a relaxed one: its keys would only replace better ones.
    if keeps && nbHits > 0 {
      requiredWordsTop = RequiredWordsTop(
        words: Array(query.words[..<required]), typos: typos,
        keys: keeping.sorted(), complete: nbHits <= keeping.capacity)
    }
    return (topK.sorted(), nbHits)
  }

  /// The loop over the candidates: each that matches the required words is written to `matches`,
  /// counted (facets, disjunctive facets, through the filter) and, unless a shortcut of `pass`
  /// leaves it out, keyed — reusing last run's key when its slots stand — and offered to the
  /// heap. Returns the matches written and the hits counted.
  private func rankCandidates(
    _ pass: RankingPass, into topK: inout TopK, keeping: inout TopK, matches: UnsafeMutableBufferPointer<UInt32>
  ) -> (Int, Int) {
    // What the loop reads of `self` is read once here (a class's properties are checked for
    // exclusive access on every use).
    let filter = self.context.filter
    let countsFacets = counter.isActive
    let countsDisjunctive = !disjunctive.isEmpty
    let rules = self.rules
    let columns = index.searchableColumns.count
    // Safe: candidates are rows (< index.count) of records (< index.count); slots hold maxWords
    // entries per row, word counts one per searchable attribute; the scratch holds maxWords slots.
    let matched = matchedWords.buffer
    let slots = self.slots.buffer
    let rowRecords = self.rowRecords.buffer
    let rowKeys = self.rowKeys.buffer
    let previousSlots = self.previousSlots.buffer
    return withCounters { counter, disjunctive in
      index.attributeWordCounts.withUnsafeBufferPointer { wordCounts in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: ParsedQuery.maxWords) { withoutOptional in
          // The loop's counters are locals (registers): captured ones were incremented in memory.
          var matchCount = 0
          var nbHits = 0
          // The largest key the heap keeps once full: most candidates compare with it and go no
          // further.
          var worst = UInt64.max
          for row32 in candidates where matched[Int(row32)] & pass.requiredMask == pass.requiredMask {
            let row = Int(row32)
            let record = Int(rowRecords[row])
            matches[matchCount] = row32
            matchCount &+= 1
            if countsDisjunctive { Self.countDisjunctive(record, into: &disjunctive) }
            // A matched row that is not ranked keeps no key (`.max`) for the next run.
            if let filter, !filter.contains(record) {
              rowKeys[row] = .max
              continue
            }
            nbHits += 1
            if countsFacets { counter.add(record) }
            let optional = matched[row] & pass.optionalMask
            if (pass.keptRanksUnmatched && optional == 0) || matched[row].nonzeroBitCount < pass.fewestWords {
              rowKeys[row] = .max
              continue
            }
            let best = UnsafeBufferPointer(rebasing: slots[(row * ParsedQuery.maxWords)...])
            let recordWordCounts = UnsafeBufferPointer(
              rebasing: wordCounts[(record * columns)..<(record * columns + columns)])
            var key =
              pass.reusedWord >= 0 && best[pass.reusedWord] == previousSlots[row] ? rowKeys[row] : .max
            if key == .max {
              let m = Self.summary(
                slots: best, wordCount: pass.wordCount, attributeWordCounts: recordWordCounts, rules: rules,
                variantRun: index.variantRun(record))
              key =
                pass.sorted
                ? sortKey(record: record, typos: m.typos, words: m.words)
                : withOptionalFilter(RankingRule.key(m, record: record), record)
              rowKeys[row] = key
            }
            if key < worst {
              topK.insert(key)
              if topK.isFull { worst = topK.maximum }
            }
            guard pass.keeps else { continue }
            if optional == 0 {
              keeping.insert(key)
            } else {
              // How the record would rank had no optional word matched.
              for w in 0..<pass.wordCount { withoutOptional[w] = w < pass.required ? best[w] : .max }
              let alone = Self.summary(
                slots: UnsafeBufferPointer(withoutOptional), wordCount: pass.wordCount,
                attributeWordCounts: recordWordCounts, rules: rules, variantRun: index.variantRun(record))
              keeping.insert(withOptionalFilter(RankingRule.key(alone, record: record), record))
            }
          }
          return (matchCount, nbHits)
        }
      }
    }
  }

  /// The most words `w` such that at least `limit` candidates (of the required words, through
  /// the filter) match `w` words or more; 0 when there are fewer than `limit` candidates. In a
  /// typo-free run the words rule comes first (typo, then words: `RankingRule.order`), so no
  /// record matching fewer words can reach the top `limit`.
  func fewestWordsReachingPage(requiredMask: UInt16, wordCount: Int, limit: Int) -> Int {
    let filter = self.context.filter
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: ParsedQuery.maxWords + 1) { byWords in
      byWords.initialize(repeating: 0)
      // Safe: candidates are rows (< index.count), and a record matches at most maxWords words.
      matchedWords.withUnsafeBufferPointer { matched in
        rowRecords.withUnsafeBufferPointer { rowRecords in
          for row in candidates where matched[Int(row)] & requiredMask == requiredMask {
            if let filter, !filter.contains(Int(rowRecords[Int(row)])) { continue }
            byWords[matched[Int(row)].nonzeroBitCount] += 1
          }
        }
      }
      var atLeast = 0
      for words in stride(from: wordCount, through: 1, by: -1) {
        atLeast += byWords[words]
        if atLeast >= limit { return words }
      }
      return 0
    }
  }

  func accumulate(word: Int, wordCount: Int, sources: [Source], mode: Mode, need: UInt16) {
    let bit: UInt16 = 1 << UInt16(word)
    let candidates = self.candidates
    // A row per new candidate (`.initialize`): counted in a local, written back once.
    var rowCount = self.rowCount
    defer { self.rowCount = rowCount }
    let maxWords = ParsedQuery.maxWords
    // Safe: stamps are one per record and posting records are < index.count (validated for cached
    // indexes); rows are handed out one per record, so they stay below index.count, and the row
    // arrays hold an entry per record (maxWords per record for slots).
    stamp.withUnsafeMutableBufferPointer { stamp in
      matchedWords.withUnsafeMutableBufferPointer { matched in
        rowRecords.withUnsafeMutableBufferPointer { rowRecords in
          slots.withUnsafeMutableBufferPointer { slots in
            /// Records the match of word `word` at `place` in record `r`, in its row. (The row count
            /// is a parameter, not a capture: a closure's captured variables are checked for
            /// exclusive access at run time, on every visit.)
            @inline(__always) func visit(
              _ r: Int, _ place: UInt16, _ packedCost: UInt32, _ checksTypos: Bool, _ rowCount: inout Int
            ) {
              if checksTypos && !rules.admits(cost: packedCost >> 17, place: UInt32(place)) { return }
              let entry = stamp[r]
              let row: Int
              if entry == 0 {
                guard mode == .initialize else { return }
                row = rowCount
                rowRecords[row] = UInt32(r)
                rowCount += 1
                stamp[r] = UInt32(rowCount)
                matched[row] = 0
                let base = row * maxWords
                for w in 0..<wordCount { slots[base + w] = .max }
              } else {
                row = Int(entry) - 1
                if matched[row] & need != need { return }
              }
              matched[row] |= bit
              let i = row * maxWords + word
              let new = packedCost | UInt32(place) << 1
              let old = slots[i]
              // The word's best match is its fewest-typo one, then the best placed: its place
              // (attribute, position) is what the attribute and proximity rules see, and whether
              // *it* is exact is what the exact rule sees. Packed so that `min` picks it.
              if new < old { slots[i] = new }
            }
            for source in sources {
              let packedCost = UInt32(source.cost) << 17 | (source.exact ? 0 : 1)
              // A typo source in an index where some attributes take none: each posting's attribute is checked.
              let checksTypos = rules.typoFreeMask != 0 && source.cost > 0 && source.cost < 3
              // Few candidates against a long sorted list: look each candidate up (binary search)
              // instead of scanning the list.
              // The postings it reads: its terms' lists, one after the other, or its prefix group's one.
              let records: Column<UInt32>
              let places: Column<UInt16>
              let postings: Range<Int>
              switch source.lists {
              case .terms(let range):
                (records, places) = (index.postingRecords, index.postingPlaces)
                postings =
                  index.postingRange(range.lowerBound).lowerBound..<index.postingRange(range.upperBound - 1).upperBound
              case .prefixGroup(let level, let group):
                let list = index.groupList(level: level, group: group)
                (records, places, postings) = (list.records, list.places, list.range)
              }
              let segments: Int
              if case .terms(let range) = source.lists { segments = range.count } else { segments = 1 }
              // Few candidates against long sorted lists: look each candidate up (binary search,
              // per term) instead of scanning them.
              if mode != .initialize && candidates.count * segments * 24 < source.postings {
                // Safe: binary search within each list's range, inside the postings arrays.
                records.withUnsafeBufferPointer { records in
                  for segment in 0..<segments {
                    let list: Range<Int>
                    if case .terms(let range) = source.lists {
                      list = index.postingRange(range.lowerBound + segment)
                    } else {
                      list = postings
                    }
                    for row in candidates where matched[Int(row)] & need == need {
                      let r32 = rowRecords[Int(row)]
                      var lo = list.lowerBound
                      var hi = list.upperBound
                      while lo < hi {
                        let mid = (lo + hi) >> 1
                        if records[mid] < r32 { lo = mid + 1 } else { hi = mid }
                      }
                      while lo < list.upperBound && records[lo] == r32 {
                        visit(Int(r32), places[lo], packedCost, checksTypos, &rowCount)
                        lo += 1
                      }
                    }
                  }
                }
                continue
              }
              // Safe: the lists come from postingStart / groupStart, within the postings arrays (validated for cached indexes).
              records.withUnsafeBufferPointer { records in
                places.withUnsafeBufferPointer { places in
                  for p in postings { visit(Int(records[p]), places[p], packedCost, checksTypos, &rowCount) }
                }
              }
            }
          }
        }
      }
    }
  }
}

/// What the last `run` matched, so that the next keystroke can narrow it instead of intersecting
/// every word again: typing a query letter by letter only ever removes records.
struct LastRun {
  /// The rows of the records that matched the required words, in candidate order.
  var matched: [UInt32] = []
  private var words: [QueryWord] = []
  private var typos = false
  private var required = 0
  /// The searcher's generation the slots and stamps were written in; any later search changes it.
  private var generation: UInt32 = 0
  /// Whether `rowKeys` hold the ranking keys of the matched rows (`.max` for those it did not rank).
  private var keyed = false

  mutating func record(query: ParsedQuery, typos: Bool, required: Int, generation: UInt32, keyed: Bool) {
    words = query.words
    self.typos = typos
    self.required = required
    self.generation = generation
    self.keyed = keyed
  }

  /// Whether a run of `wordCount` words that narrows this one may take a row's key from `rowKeys`
  /// when its slots are unchanged: the keys are ranking keys (not a sort's) of as many words.
  func keysReusable(wordCount: Int) -> Bool {
    keyed && words.count == wordCount
  }

  /// The words of `query` to look up again (a bit per word) when its matches are among the last
  /// run's and the other words' slots still hold: the scratch arrays are the last run's, with the
  /// same tier, and at least as many words are required (see `changedWords(from:to:typos:)`).
  func changedWords(to query: ParsedQuery, typos: Bool, required: Int, generation: UInt32) -> UInt16? {
    guard generation == self.generation, typos == self.typos, required >= self.required,
      var changed = Self.changedWords(from: words[...], to: query.words[...], typos: typos)
    else { return nil }
    // A word required now but optional then was looked up without typos (see `runSources`).
    if typos {
      for word in self.required..<min(required, words.count) { changed |= 1 << UInt16(word) }
    }
    return changed
  }

  /// Whether every match of `words` is a match of `earlier`, word by word, and if so which words
  /// match differently (a bit per word); nil when some word may match more. A word matches the
  /// same when it is the same (its letters, prefix or whole, and with `typos` its budget: a word
  /// the index knows has none, unless the words as typed found nothing — KnownWords.swift). It matches a subset when it was the last word, being typed (a prefix), and now
  /// starts with it under the same typo budget — longer, or whole once a space followed it: its
  /// prefix, typo and substring matches are then among the shorter prefix's (substrings are looked
  /// up from three letters on, so the shorter word must already have had them). Without `typos`
  /// the budget and substrings play no part, so a word reaching 4 or 8 letters (one typo more)
  /// still narrows: the typo-free tier of "accessor" narrows that of "accesso". Added words only
  /// remove matches.
  static func changedWords(
    from earlier: ArraySlice<QueryWord>, to words: ArraySlice<QueryWord>, typos: Bool
  ) -> UInt16? {
    guard !earlier.isEmpty, words.count >= earlier.count else { return nil }
    var changed: UInt16 = 0
    for (i, (before, now)) in zip(earlier, words).enumerated() {
      // The same word with other alternatives (a phrase with synonyms completed after it) is not
      // the same word.
      if before.folded == now.folded && before.isPrefix == now.isPrefix && before.alternatives == now.alternatives
        && (!typos || before.typoBudget == now.typoBudget)
      {
        continue
      }
      // An alternative of the longer word is among the shorter prefix's matches only if it
      // starts with it ("cable" → "cables", not "cables" → "cable").
      guard before.isPrefix, now.folded.starts(with: before.folded),
        now.alternatives.allSatisfy({ $0.starts(with: before.folded) }),
        !typos || (now.typoBudget == before.typoBudget && (before.scalars.count >= 3) == (now.scalars.count >= 3))
      else { return nil }
      changed |= 1 << UInt16(i)
    }
    for i in earlier.count..<words.count { changed |= 1 << UInt16(i) }
    return changed
  }

  /// Whether the matches of `words` are among those of `earlier` (see `changedWords`).
  static func narrows(from earlier: ArraySlice<QueryWord>, to words: ArraySlice<QueryWord>, typos: Bool) -> Bool {
    changedWords(from: earlier, to: words, typos: typos) != nil
  }
}
