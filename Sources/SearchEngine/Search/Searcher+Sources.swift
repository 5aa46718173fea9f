/// What a query word matches in the dictionary: its sources (term ranges or a precomputed prefix
/// group, each with a cost), looked up once and cached across keystrokes.

extension Searcher {
  /// One way a word matches: a list (or lists) of postings, and at what cost.
  struct Source {
    /// Where its postings are.
    enum Lists: Equatable {
      /// The terms `range` of the dictionary: one sorted postings list per term.
      case terms(Range<Int>)
      /// Group `group` of the precomputed prefix postings of `level + 1` letters: one list in
      /// record order, a record's best place (`SearchIndex.groupList`).
      case prefixGroup(level: Int, group: Int)
    }

    var lists: Lists
    /// Typos (3: a match inside a word).
    var cost: UInt8
    /// The terms match as whole words (with `cost` typos), not only by a prefix.
    var exact: Bool
    /// How many postings it holds, to intersect the cheapest words first.
    var postings: Int

    /// The one dictionary term it stands for, when it is a single term.
    var singleTerm: Int? {
      if case .terms(let range) = lists, range.count == 1 { return range.lowerBound }
      return nil
    }

    var isPrefixGroup: Bool {
      if case .prefixGroup = lists { return true }
      return false
    }
  }

  struct SourceKey: Hashable {
    var word: [UInt8]
    var isPrefix: Bool
    var budget: Int
    /// Mostly the letters' own (plurals, synonyms), but a word in a phrase with synonyms also
    /// has the phrase's (`ParsedQuery`): part of the key.
    var alternatives: [[UInt8]]
    /// Whether terms containing the word count (`Searcher.substringsAllowed`).
    var substrings: Bool
  }

  /// The terms a word matches; with `typos`, also its typo variants and the words containing it.
  func sources(for word: QueryWord, typos: Bool) -> [Source] {
    let key = SourceKey(
      word: word.folded, isPrefix: word.isPrefix, budget: typos ? word.typoBudget : -1,
      alternatives: word.alternatives, substrings: context.substringsAllowed)
    if let cached = sourceCache[key] { return cached }
    var out: [Source] = []
    let terms = index.terms
    func addRange(_ range: Range<Int>, cost: UInt8, exact: Bool) {
      guard !range.isEmpty else { return }
      let postings = Int(index.postingStart[range.upperBound]) - Int(index.postingStart[range.lowerBound])
      out.append(
        Source(
          lists: .terms(range), cost: cost, exact: exact,
          postings: postings))
    }
    // Safe: the buffer is used only inside the closure, while `word.folded` is alive.
    word.folded.withUnsafeBufferPointer { w in
      if let t = terms.find(w) { addRange(t..<(t + 1), cost: 0, exact: true) }
      // Plural forms and synonyms: whole terms, as exact as the word (WordAlternatives.swift).
      for alternative in word.alternatives {
        // Safe: the buffer is used only inside the closure, while `alternative` is alive.
        if let t = alternative.withUnsafeBufferPointer({ terms.find($0) }) {
          addRange(t..<(t + 1), cost: 0, exact: true)
        }
      }
      if word.isPrefix {
        let range = terms.prefixRange(w)
        let level = word.scalars.count - 1
        if !range.isEmpty && level < index.shortPrefixes.count,
          let group = index.shortPrefixes[level].group(startingAt: range.lowerBound)
        {
          let postings = index.groupList(level: level, group: group).range.count
          out.append(
            Source(
              lists: .prefixGroup(level: level, group: group), cost: 0, exact: false,
              postings: postings))
        } else {
          addRange(range, cost: 0, exact: false)
        }
      }
      guard typos else { return }
      if word.typoBudget > 0 {
        // A prefix walk of this word (or of a start of it) with the same budget bounds this
        // one: a word's matches — as a prefix, or whole — are among its prefix's.
        let within = recentWalks.last { last in
          last.budget == word.typoBudget && word.scalars.count >= last.word.count
            && word.scalars.starts(with: last.word)
        }?.ranges
        var walked: [Range<Int>] = []
        terms.fuzzyMatches(
          word: word.scalars, maxTypos: word.typoBudget, prefix: word.isPrefix,
          roots: word.typoBudget >= 2 && firstLettersFixed ? Array(word.scalars.prefix(2)) : nil,
          within: within
        ) {
          range, typos, whole in
          if let last = walked.last, last.upperBound == range.lowerBound {
            walked[walked.count - 1] = last.lowerBound..<range.upperBound
          } else {
            walked.append(range)
          }
          if typos > 0 { addRange(range, cost: UInt8(typos), exact: whole) }
        }
        if word.isPrefix {
          if recentWalks.count >= Self.recentLookups { recentWalks.removeFirst() }
          recentWalks.append((word.scalars, word.typoBudget, walked))
        }
      }
      // Substring matches (cost 3, below every typo) belong to the second tier, with the typos.
      if index.substringMatching && context.substringsAllowed && word.scalars.count >= 3 {
        // The word grew from the last one looked up: its terms are among that one's.
        let known = recentSubstrings.last { word.folded.starts(with: $0.word) }
        let among = known?.terms
        var found: [Int32] = []
        var run: Range<Int>? = nil
        terms.forEachTermContaining(w, among: among, substrings: index.substrings) { t in
          found.append(Int32(t))
          if let r = run, r.upperBound == t {
            run = r.lowerBound..<(t + 1)
          } else {
            if let r = run { addRange(r, cost: 3, exact: false) }
            run = t..<(t + 1)
          }
        }
        if let r = run { addRange(r, cost: 3, exact: false) }
        if known?.word != word.folded {
          if recentSubstrings.count >= Self.recentLookups { recentSubstrings.removeFirst() }
          recentSubstrings.append((word.folded, found))
        }
      }
    }
    if sourceCacheOrder.count >= Self.sourceCacheSize {
      sourceCache.removeValue(forKey: sourceCacheOrder.removeFirst())
    }
    sourceCache[key] = out
    sourceCacheOrder.append(key)
    return out
  }
}
