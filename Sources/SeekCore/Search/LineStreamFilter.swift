import Foundation
import SearchEngine

/// `seek -f QUERY` on a pipe of lines, as cheap as fzf: each line is matched as it is read
/// (`RecordMatcher`, the index's rules without an index), counted, and kept only while it is among
/// the best `limit` — a bounded heap per relaxation level (all words required, then all but the
/// last, …, as the engine drops words when nothing matches them all). Memory is the heap, not the
/// input. The caller then ranks the kept lines with the engine itself (a small catalog of them),
/// so the page shown, its highlights and its JSON are the engine's.
public struct LineStreamFilter {
  /// A kept line: its text, its place in the input.
  public struct Kept: Sendable {
    public var text: String
    public var index: Int
  }

  public struct Result {
    /// The best `limit` lines, in input order (the engine ranks them again).
    public var lines: [Kept]
    /// Lines that match at the relaxation level chosen (exact).
    public var nbHits: Int
    /// Query words dropped because no line matched them all (Algolia's removeWordsIfNoResults).
    public var droppedWords: [String]
    public var linesRead: Int
    /// Lines longer than what is searched of a value (warned about, as for an indexed catalog).
    public var longLines: Int
    /// The dictionary regime of the whole input: the kept lines are ranked under its rules.
    public var regime: RecordMatcher.Regime
  }

  /// Whether a stream filter answers like the index for these settings: lines, no custom
  /// ranking, and ties by length and input order only (a tie-break by name needs every title).
  public static func supports(_ settings: IndexSettings) -> Bool {
    settings.customRanking.isEmpty && !settings.tiebreak.contains(.name)
      && settings.searchableAttributes.count == 1 && settings.substringMatching != false
  }

  /// Reads `handle` to its end.
  public static func run(
    _ handle: FileHandle, query text: String, settings: IndexSettings, limit: Int,
    matching: MatchOptions = MatchOptions(), delimiter: UInt8 = 0x0A, headerLines: Int = 0
  ) -> Result {
    let query = ParsedQuery(text, settings: settings)
    // The fuzzy tier below the words, or fzf's rules alone (as `Searcher` answers).
    let extended = ExtendedQuery(text, options: matching)
    let fzfRulesAlone = extended.answeredByFzfRulesAlone(wordless: query.isEmpty)
    var fuzzy =
      extended.isEmpty || !(fzfRulesAlone || matching.fuzzyTier)
      ? nil
      : FuzzyCollector<String>(
        query: extended, wordCount: fzfRulesAlone ? 0 : query.words.count, limit: limit,
        tiebreak: settings.tiebreak.first(where: \.isPerMatch))
    var reading = Reading(
      query: query, extended: extended, fzfRulesAlone: fzfRulesAlone, fuzzy: fuzzy,
      matcher: RecordMatcher(
        query: query, searchableCount: 1,
        rules: MatchRules(settings: settings, searchable: [settings.searchableAttributes.first ?? "text"])),
      collector: ScanCollector<String>(wordCount: query.words.count, limit: limit),
      byLength: settings.tiebreak.first { !$0.isPerMatch } == .length, reverse: settings.reverseInputOrder)
    var splitter = LineSplitter(delimiter: delimiter)
    reading.dropsCarriageReturn = splitter.dropsCarriageReturn
    reading.headerLinesLeft = headerLines
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      splitter.feed(chunk) { reading.consume($0) }
    }
    splitter.finish { reading.consume($0) }
    let (matcher, collector, index, longLines) = (reading.matcher, reading.collector, reading.index, reading.longLines)
    fuzzy = reading.fuzzy

    // The regime of the dictionary an index of the whole input would have.
    let regime = RecordMatcher.Regime.of(termCount: matcher.termCount)
    if fzfRulesAlone, let fuzzy {
      let answer = fuzzy.answer(in: regime, level: 0)
      return Result(
        lines: answer.kept.map { Kept(text: $0.payload, index: $0.position) }, nbHits: answer.nbHits,
        droppedWords: [], linesRead: index, longLines: longLines, regime: regime)
    }
    let answer = collector.answer(in: regime, relaxing: !matching.fuzzyTier)
    var lines = answer.kept.map { Kept(text: $0.payload, index: $0.position) }
    var nbHits = answer.nbHits
    if let fuzzy {
      let tier = fuzzy.answer(in: regime, level: collector.level(in: regime, relaxing: !matching.fuzzyTier))
      nbHits += tier.nbHits
      // Both tiers' lines, once each, in input order: the engine ranks them again.
      var merged: [Kept] = []
      merged.reserveCapacity(lines.count + tier.kept.count)
      var i = 0
      for kept in tier.kept {
        while i < lines.count && lines[i].index < kept.position {
          merged.append(lines[i])
          i += 1
        }
        if i < lines.count && lines[i].index == kept.position { continue }
        merged.append(Kept(text: kept.payload, index: kept.position))
      }
      merged += lines[i...]
      lines = merged
    }
    return Result(
      lines: lines, nbHits: nbHits,
      droppedWords: answer.nbHits == 0 ? [] : query.words[answer.wordsKept...].map(\.text),
      linesRead: index, longLines: longLines, regime: regime)
  }

  /// The state of one read: a struct whose method takes each line, so that the matcher is used in
  /// place (captured by closures, it was copied for every line, each of its arrays retained).
  private struct Reading {
    let query: ParsedQuery
    let extended: ExtendedQuery
    let fzfRulesAlone: Bool
    var fuzzy: FuzzyCollector<String>?
    var matcher: RecordMatcher
    var collector: ScanCollector<String>
    let byLength: Bool
    let reverse: Bool
    var index = 0
    var longLines = 0
    var dropsCarriageReturn = true
    /// `--header-lines`: lines still to leave out (a header is never searched nor printed).
    var headerLinesLeft = 0

    init(
      query: ParsedQuery, extended: ExtendedQuery, fzfRulesAlone: Bool, fuzzy: FuzzyCollector<String>?,
      matcher: RecordMatcher, collector: ScanCollector<String>, byLength: Bool, reverse: Bool
    ) {
      self.query = query
      self.extended = extended
      self.fzfRulesAlone = fzfRulesAlone
      self.fuzzy = fuzzy
      self.matcher = matcher
      self.collector = collector
      self.byLength = byLength
      self.reverse = reverse
    }

    mutating func consume(_ line: ArraySlice<UInt8>) {
      var end = line.endIndex
      if dropsCarriageReturn && end > line.startIndex && line[end - 1] == 0x0D { end -= 1 }
      guard end > line.startIndex else { return }  // empty lines are not records (as when indexed)
      if headerLinesLeft > 0 {
        headerLinesLeft -= 1
        return
      }
      let position = index
      index += 1
      if end - line.startIndex > DocumentStore.maxIndexedValueBytes { longLines += 1 }
      // The text as the index would keep it (invalid UTF-8 replaced).
      var text = String(decoding: line[line.startIndex..<end], as: UTF8.self)
      let order = UInt64(reverse ? Int(UInt32.max) - position : position)
      // The empty query lists lines in input order; ties of a query go by length first (fzf).
      let tie = byLength && !extended.isEmpty ? UInt64(min(text.utf8.count, Int(UInt32.max))) << 32 | order : order
      // Safe: the buffers are used only inside the closures, while `text` is alive.
      if !fzfRulesAlone {
        if !query.words.isEmpty { text.withUTF8 { matcher.match([$0]) } }
        collector.add(text, position: position, tie: tie, matcher: matcher)
      }
      guard fuzzy != nil else { return }
      let searched = min(text.utf8.count, DocumentStore.maxIndexedValueBytes)
      let payload = text
      let words = fzfRulesAlone || query.words.isEmpty ? nil : FuzzyCollector<String>.wordsMatched(matcher)
      text.withUTF8 { bytes in
        var end = searched
        while end < bytes.count && end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        fuzzy!.add(
          payload, position: position, tie: tie, title: UnsafeBufferPointer(rebasing: bytes[..<end]), words: words)
      }
    }
  }
}
