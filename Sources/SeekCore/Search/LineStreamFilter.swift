import Foundation
import SearchEngine

/// `seek -f QUERY` on a pipe of lines, as cheap as fzf: each line is matched as it is read
/// (`RecordMatcher`, the index's rules without an index), counted, and kept only while it is among
/// the best `limit` — a bounded heap per relaxation level (all words required, then all but the
/// last, …, as the engine drops words when nothing matches them all). Memory is the heap, not the
/// input. The caller then ranks the kept lines with the engine itself (a small catalog of them),
/// so the page shown, its highlights and its JSON are the engine's.
public struct LineStreamFilter {
  /// A kept line: its text, its place in the input, and what orders it.
  public struct Kept {
    public var text: String
    public var index: Int
    var relevance: UInt64
    var tie: UInt64
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
      && settings.searchableAttributes.count == 1
  }

  /// Reads `handle` to its end.
  public static func run(
    _ handle: FileHandle, query text: String, settings: IndexSettings, limit: Int
  ) -> Result {
    let query = ParsedQuery(text, typoTolerance: settings.typoTolerance)
    let levels = max(1, query.words.count)
    var matcher = RecordMatcher(
      query: query, searchableCount: 1,
      orderedAttributes: [settings.orderedAttributes.contains(settings.searchableAttributes.first ?? "text")])
    // Per dictionary regime (see `RecordMatcher.Regime`) and relaxation level: the answer of the
    // regime the whole input turns out to be in is kept.
    let regimes = RecordMatcher.Regime.allCases.count
    var heaps = [[BoundedHeap]](
      repeating: [BoundedHeap](repeating: BoundedHeap(capacity: max(1, limit)), count: levels + 1), count: regimes)
    var counts = [[Int]](repeating: [Int](repeating: 0, count: levels + 1), count: regimes)
    let byLength = settings.tiebreak.first == .length
    let reverse = settings.reverseInputOrder
    var index = 0
    var longLines = 0
    var pending: [UInt8] = []

    func consume(_ line: ArraySlice<UInt8>) {
      var end = line.endIndex
      if end > line.startIndex && line[end - 1] == 0x0D { end -= 1 }
      guard end > line.startIndex else { return }  // empty lines are not records (as when indexed)
      let position = index
      index += 1
      if end - line.startIndex > DocumentStore.maxIndexedValueBytes { longLines += 1 }
      // The text as the index would keep it (invalid UTF-8 replaced).
      var text = String(decoding: line[line.startIndex..<end], as: UTF8.self)
      if !query.words.isEmpty {
        // Safe: the buffer is used only inside the closure, while `text` is alive.
        text.withUTF8 { matcher.match([$0]) }
      }
      let order = UInt64(reverse ? Int(UInt32.max) - position : position)
      // The empty query lists lines in input order; ties of a query go by length first (fzf).
      let tie = byLength && !query.words.isEmpty ? UInt64(min(text.utf8.count, Int(UInt32.max))) << 32 | order : order
      for regime in 0..<regimes {
        let match = query.words.isEmpty ? (matched: UInt16(0), relevance: UInt64(0)) : matcher.results[regime]
        // Level k: the first k words all matched (the engine's `required`).
        var level = 0
        while level < query.words.count && match.matched & (1 << UInt16(level)) != 0 { level += 1 }
        if query.words.isEmpty { level = 1 }
        guard level > 0 else { continue }
        for k in 1...level {
          counts[regime][k] += 1
          heaps[regime][k].insert(Kept(text: text, index: position, relevance: match.relevance, tie: tie))
        }
      }
    }

    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      pending.append(contentsOf: chunk)
      var start = pending.startIndex
      while let newline = pending[start...].firstIndex(of: 0x0A) {
        consume(pending[start..<newline])
        start = newline + 1
      }
      pending.removeSubrange(..<start)
    }
    if !pending.isEmpty { consume(pending[...]) }

    // The regime of the dictionary an index of the whole input would have.
    let regime = RecordMatcher.Regime.of(termCount: matcher.termCount).rawValue
    // The most words all matched by some line; at least one (then none may match).
    var chosen = min(levels, max(1, query.words.count))
    while chosen > 1 && counts[regime][chosen] == 0 { chosen -= 1 }
    let dropped = counts[regime][chosen] == 0 ? [] : query.words[min(chosen, query.words.count)...].map(\.text)
    return Result(
      lines: heaps[regime][chosen].items.sorted { $0.index < $1.index }, nbHits: counts[regime][chosen],
      droppedWords: dropped, linesRead: index, longLines: longLines, regime: RecordMatcher.Regime(rawValue: regime)!)
  }

  /// The best `capacity` entries by (relevance, tie): a max-heap whose top is the worst kept.
  struct BoundedHeap {
    let capacity: Int
    private(set) var items: [Kept] = []

    init(capacity: Int) { self.capacity = capacity }

    @inline(__always) static func worse(_ a: Kept, _ b: Kept) -> Bool {
      (a.relevance, a.tie) > (b.relevance, b.tie)
    }

    mutating func insert(_ item: Kept) {
      if items.count < capacity {
        items.append(item)
        var i = items.count - 1
        while i > 0 {
          let parent = (i - 1) / 2
          guard Self.worse(items[i], items[parent]) else { break }
          items.swapAt(i, parent)
          i = parent
        }
        return
      }
      guard Self.worse(items[0], item) else { return }
      items[0] = item
      var i = 0
      while true {
        let l = 2 * i + 1
        let r = l + 1
        var m = i
        if l < items.count && Self.worse(items[l], items[m]) { m = l }
        if r < items.count && Self.worse(items[r], items[m]) { m = r }
        if m == i { break }
        items.swapAt(i, m)
        i = m
      }
    }
  }
}
