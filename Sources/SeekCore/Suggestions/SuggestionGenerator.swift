import SearchEngine
import SeekApp

/// Suggestions made from the catalog itself, as Algolia's suggestions builder makes them from the
/// records when there is no search history yet:
///
/// - **Title phrases**: the 1- to 4-word phrases that begin a title ("macbook", "macbook air",
///   "react native", "google cloud storage"), and those that begin it after its brand ("Apple -
///   MacBook Air 13"" gives "macbook air" as well as "apple macbook"). Words are runs of letters
///   and digits, lowercased; punctuation separates them ("react-native" is "react native").
/// - **Facets**: frequent brand and category values (the most specific level of a hierarchy), and
///   brand + category pairs.
///
/// Each is scored by the popularity (first custom-ranking attribute) of the records it came from,
/// or their count without one; kept only when at least `minHits` records gave it (they all match
/// it, so it has at least that many hits) and it has `minLetters` letters; dropped when the same
/// records gave a shorter suggestion (Algolia's deduplication: "apple macbook" says nothing
/// "macbook" does not). A phrase that begins or ends on a stop word or a single letter is a
/// fragment and is not offered; a phrase and its plural are one suggestion, the more popular.
/// The best `limit` are kept, each with the category of its most popular record (a submitted
/// suggestion refines to it).
///
/// Cost: one pass over the titles hashing every phrase into one array, a sort to count them (no
/// dictionary of millions of strings), then a second pass that gathers only the phrases frequent
/// enough. About 1 s on 1.1M package names; a few ms on 10,000 products.
public enum SuggestionGenerator {
  public static let brandAttributes = ["brand", "manufacturer", "vendor"]
  public static let categoryAttributes = ["category", "categories", "type"]
  public static let maxWords = 4
  public static let defaultLimit = 3_000

  public static func generate(
    from catalog: Catalog, minHits: Int = 5, minLetters: Int = 4, limit: Int = defaultLimit
  ) -> [Suggestion] {
    guard catalog.index.documents.count > 0 else { return [] }
    let source = Source(catalog)
    let minHits = max(1, minHits)
    let stats = phraseStats(source, frequentPhrases(source, minHits: minHits))
    let phrases = titlePhrases(stats, source, minHits: minHits, minLetters: minLetters)
    let facets = facetSuggestions(
      source.documents, brand: source.brand, category: source.category, popularity: source.popularity,
      minHits: minHits, minLetters: minLetters)
    return best(phrases + facets, limit: limit)
  }

  /// Where suggestions come from: the titles (after the brand), the brand and category columns,
  /// and the popularity of each record.
  struct Source {
    let documents: DocumentStore
    let titleColumn: Int
    let brand: Int?
    let category: Int?
    let popularityColumn: Int?

    init(_ catalog: Catalog) {
      documents = catalog.index.documents
      titleColumn = catalog.index.titleColumn
      brand = brandAttributes.lazy.compactMap(documents.attributeIndex).first
      category = categoryAttributes.lazy.compactMap(documents.attributeIndex).first
      popularityColumn = catalog.settings.index.customRanking.first.flatMap { [documents] in
        documents.attributeIndex($0.attribute)
      }
    }

    /// The first custom-ranking value (at least 0) plus one; 1 without one.
    func popularity(_ record: Int) -> Double {
      guard let popularityColumn else { return 1 }
      let v = documents.withValue(record, popularityColumn) { Double(String(decoding: $0, as: UTF8.self)) } ?? 0
      return v.isFinite ? max(v, 0) + 1 : 1
    }

    func category(of record: Int) -> String? {
      guard let category else { return nil }
      let value = documents.value(record, category)
      return value.isEmpty ? nil : value
    }

    func split(_ record: Int, into words: inout WordSplitter) {
      words.split(documents, record: record, titleColumn: titleColumn, brandColumn: brand)
    }
  }

  /// Pass 1: the hash of every candidate phrase, counted by sorting; those given at least
  /// `minHits` times.
  private static func frequentPhrases(_ source: Source, minHits: Int) -> Set<UInt64> {
    var hashes: [UInt64] = []
    hashes.reserveCapacity(source.documents.count * 6)
    var words = WordSplitter()
    for record in 0..<source.documents.count {
      source.split(record, into: &words)
      words.forEachPhrase { hash, _, _ in hashes.append(hash) }
    }
    hashes.sort()
    var frequent = Set<UInt64>()
    var run = 0
    for i in hashes.indices {
      run = i > 0 && hashes[i] == hashes[i - 1] ? run + 1 : 1
      if run == minHits { frequent.insert(hashes[i]) }
    }
    return frequent
  }

  /// What pass 2 gathers about a frequent phrase.
  struct PhraseStats {
    var text: String
    var words: Int
    var count = 0
    var score = 0.0
    /// Order-independent hash of the records that gave it: equal sets, equal hashes.
    var recordSet: UInt64 = 0
    var bestRecord = 0
    var bestPopularity = -1.0

    var recordsKey: SetKey { SetKey(count: count, hash: recordSet) }
    var size: (words: Int, length: Int) { (words, text.utf8.count) }
  }

  /// Pass 2: statistics of the frequent phrases only, each counted once per record.
  private static func phraseStats(_ source: Source, _ frequent: Set<UInt64>) -> [UInt64: PhraseStats] {
    var stats: [UInt64: PhraseStats] = [:]
    guard !frequent.isEmpty else { return stats }
    var lastRecordOf: [UInt64: Int] = [:]
    var words = WordSplitter()
    for record in 0..<source.documents.count {
      source.split(record, into: &words)
      let weight = source.popularity(record)
      words.forEachPhrase { hash, text, wordCount in
        guard frequent.contains(hash), lastRecordOf[hash] != record else { return }
        lastRecordOf[hash] = record
        var entry = stats[hash] ?? PhraseStats(text: text(), words: wordCount)
        entry.count += 1
        entry.score += weight
        entry.recordSet &+= mix(UInt64(record))
        if weight > entry.bestPopularity {
          entry.bestPopularity = weight
          entry.bestRecord = record
        }
        stats[hash] = entry
      }
    }
    return stats
  }

  /// The phrases offered: frequent, long enough, not a fragment, and the shortest among the
  /// phrases the same records gave (deduplication).
  private static func titlePhrases(
    _ stats: [UInt64: PhraseStats], _ source: Source, minHits: Int, minLetters: Int
  ) -> [Suggestion] {
    var shortest: [SetKey: (words: Int, length: Int)] = [:]
    for entry in stats.values where entry.count >= minHits {
      if let best = shortest[entry.recordsKey], best <= entry.size { continue }
      shortest[entry.recordsKey] = entry.size
    }
    var phrases: [Suggestion] = []
    for entry in stats.values
    where entry.count >= minHits && letters(entry.text) >= minLetters && !isFragment(entry.text) {
      guard let best = shortest[entry.recordsKey], best == entry.size else { continue }
      phrases.append(
        Suggestion(
          query: entry.text, popularity: Int(saturating: entry.score.rounded()), nbHits: entry.count,
          category: source.category(of: entry.bestRecord)))
    }
    return phrases
  }

  /// The best `limit`, best first (ties by text, so that the result does not depend on hashing
  /// order); of the same text, or the same but for the last word's number ("case", "cases"), the
  /// more popular.
  private static func best(_ all: [Suggestion], limit: Int) -> [Suggestion] {
    let sorted = all.sorted { ($0.popularity, $1.query) > ($1.popularity, $0.query) }
    var seen = Set<[UInt8]>()
    var out: [Suggestion] = []
    for suggestion in sorted where out.count < limit {
      let forms = numberForms(TextFolding.foldedKey(suggestion.query))
      guard !forms.contains(where: seen.contains) else { continue }
      seen.formUnion(forms)
      out.append(suggestion)
    }
    return out
  }

  /// A phrase that begins or ends on a stop word or a single letter ("s ui react", from a name
  /// cut at its punctuation).
  static func isFragment(_ text: String) -> Bool {
    let words = text.split(separator: " ")
    guard let first = words.first, let last = words.last else { return true }
    // A phrase does not begin or end on a stop word: it would be a fragment of a sentence
    // ("cooktop are", "for iphone").
    return [first, last].contains { $0.count == 1 || StopWords.contains(Array($0.utf8)) }
  }

  /// A folded phrase and the same with its last word's other number (WordAlternatives' rules).
  static func numberForms(_ folded: [UInt8]) -> [[UInt8]] {
    let start = (folded.lastIndex(of: 0x20).map { $0 + 1 }) ?? 0
    let head = Array(folded[..<start])
    return [folded] + WordAlternatives.pluralForms(Array(folded[start...])).map { head + $0 }
  }

  struct SetKey: Hashable {
    var count: Int
    var hash: UInt64
  }

  /// Brand, category leaf and brand + leaf, scored like the phrases.
  static func facetSuggestions(
    _ documents: DocumentStore, brand: Int?, category: Int?, popularity: (Int) -> Double, minHits: Int,
    minLetters: Int
  ) -> [Suggestion] {
    guard brand != nil || category != nil else { return [] }
    var scores: [String: (score: Double, count: Int, category: String?)] = [:]
    func add(_ text: String, _ weight: Double, _ category: String?) {
      let query = text.lowercased()
      var entry = scores[query] ?? (0, 0, category)
      entry.score += weight
      entry.count += 1
      scores[query] = entry
    }
    for record in 0..<documents.count {
      let weight = popularity(record)
      let brandValue = brand.map { documents.value(record, $0).trimming(" ") } ?? ""
      let categoryPath = category.map { documents.value(record, $0) } ?? ""
      let leaf = categoryPath.split(separator: ">").last.map { String($0).trimming(" ") } ?? ""
      if !brandValue.isEmpty { add(brandValue, weight, categoryPath.isEmpty ? nil : categoryPath) }
      if !leaf.isEmpty { add(leaf, weight, categoryPath) }
      // "Nintendo" + "Nintendo Switch Games" would repeat itself: pair only distinct words.
      if !brandValue.isEmpty && !leaf.isEmpty && !leaf.lowercased().contains(brandValue.lowercased()) {
        add(brandValue + " " + leaf, weight, categoryPath)
      }
    }
    return scores.compactMap { query, entry in
      guard entry.count >= minHits, letters(query) >= minLetters else { return nil }
      return Suggestion(
        query: query, popularity: Int(saturating: entry.score.rounded()), nbHits: entry.count, category: entry.category)
    }
  }

  static func letters(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ($1.properties.isAlphabetic ? 1 : 0) }
  }

  /// SplitMix64's finalizer: spreads record ids so that their sum identifies the set.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The words of one title (lowercased runs of letters and digits; bytes of non-ASCII characters
/// count as letters), and where the phrases start: the title's first word, and the first word
/// after the brand when the title begins with it. Reused across records: no allocation per title
/// once warm.
struct WordSplitter {
  /// Lowercased bytes of the title's words, back to back.
  private(set) var bytes: [UInt8] = []
  /// Each word's range in `bytes`.
  private(set) var words: [Range<Int>] = []
  private var brandWords: [UInt8] = []
  private(set) var starts: [Int] = []

  mutating func split(_ documents: DocumentStore, record: Int, titleColumn: Int, brandColumn: Int?) {
    bytes.removeAll(keepingCapacity: true)
    words.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
    documents.withValue(record, titleColumn) { title in
      var start = -1
      for b in title.prefix(512) {
        let isWord = b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
        if isWord {
          if start < 0 { start = bytes.count }
          bytes.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
        } else if start >= 0 {
          words.append(start..<bytes.count)
          start = -1
        }
      }
      if start >= 0 { words.append(start..<bytes.count) }
    }
    guard !words.isEmpty else { return }
    starts.append(0)
    // After the brand: the title's words that follow the brand's words, when it begins with them.
    guard let brandColumn else { return }
    brandWords.removeAll(keepingCapacity: true)
    var brandWordCount = 0
    documents.withValue(record, brandColumn) { brand in
      var inWord = false
      for b in brand.prefix(128) {
        let isWord = b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
        if isWord {
          if !inWord { brandWordCount += 1 }
          brandWords.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
        } else if inWord {
          brandWords.append(0x20)
        }
        inWord = isWord
      }
    }
    guard brandWordCount > 0, brandWordCount < words.count else { return }
    var joined: [UInt8] = []
    for w in 0..<brandWordCount {
      if w > 0 { joined.append(0x20) }
      joined += bytes[words[w]]
    }
    if brandWords.last == 0x20 { brandWords.removeLast() }
    if joined == brandWords { starts.append(brandWordCount) }
  }

  /// Calls `body` with each phrase of 1 to `maxWords` words from each start: its hash, a way to
  /// make its text (only when needed), and its word count.
  func forEachPhrase(_ body: (UInt64, () -> String, Int) -> Void) {
    for start in starts {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for n in 1...SuggestionGenerator.maxWords {
        let w = start + n - 1
        guard w < words.count else { break }
        if n > 1 { hash = (hash ^ 0x20) &* 0x100_0000_01B3 }
        for b in bytes[words[w]] { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        let range = start..<(w + 1)
        body(
          hash,
          {
            range.map { String(decoding: bytes[words[$0]], as: UTF8.self) }.joined(separator: " ")
          }, n)
      }
    }
  }
}
