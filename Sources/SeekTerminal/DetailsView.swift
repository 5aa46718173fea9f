import Foundation
import SearchEngine
import SeekApp
import SeekCore

/// The details pane's text, as lines of styled pieces, wrapped to a width: the record (each
/// attribute, matched words highlighted, then why it ranks where it does), or a preview command's
/// output. Pure: the renderer draws the lines from `DetailsState.scroll` on.
enum DetailsView {
  struct Piece: Equatable {
    var text: String
    var style: CellStyle
    /// Matched words in `text` (UTF-8 offsets).
    var ranges: [Range<Int>] = []
  }
  typealias Line = [Piece]

  /// The rows drawn, and where each of the text's lines starts among them (nil: a row each). A
  /// preview scrolls by its lines, as fzf's does: `+N`, `~N` and the `N/M` in the corner count
  /// lines, however many rows a wrapped one takes.
  struct Rows: Equatable {
    var lines: [Line]
    var starts: [Int]? = nil

    /// The text's lines.
    var lineCount: Int { starts?.count ?? lines.count }
    /// The first row of line `line`.
    func firstRow(ofLine line: Int) -> Int { starts.map { line < $0.count ? $0[line] : lines.count } ?? line }
    /// The line row `row` belongs to.
    func line(ofRow row: Int) -> Int {
      guard let starts else { return row }
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= row { low = middle } else { high = middle - 1 }
      }
      return low
    }

    /// The first row shown at the end of the text in `visible` rows (not before `least`): a
    /// line's first row, as fzf's `follow` shows it — the rows left over stay blank, and a line
    /// taller than the pane is shown from its start.
    func endRow(visible: Int, least: Int) -> Int {
      let target = max(least, lines.count - visible)
      guard starts != nil else { return target }
      let line = line(ofRow: target)
      let start = firstRow(ofLine: line)
      guard start != target else { return target }
      let next = firstRow(ofLine: line + 1)
      return next < lines.count ? next : max(least, start)
    }
  }

  static func lines(_ state: SearchState, width: Int) -> [Line] { rows(state, width: width).lines }

  static func rows(_ state: SearchState, width: Int) -> Rows {
    guard width > 0 else { return Rows(lines: []) }
    let details = state.details
    if details.showsCommand {
      guard let output = details.preview else { return Rows(lines: []) }
      return previewLines(
        output, width: width,
        wrap: details.placement.wrap ? Wrap(words: details.placement.wrapsWords, sign: details.wrapSign) : nil)
    }
    guard let record = details.record, let hit = state.currentHit else { return Rows(lines: []) }
    return Rows(lines: recordLines(record, hit: hit, state, width: width))
  }

  /// The record's attributes, then why it ranks where it does.
  private static func recordLines(_ record: RecordDetails, hit: ResultHit, _ state: SearchState, width: Int) -> [Line] {
    var out: [Line] = []
    let nameWidth = min(16, max(4, record.fields.map { DisplayWidth.of($0.name) }.max() ?? 4))
    for field in record.fields {
      let room = max(1, width - nameWidth - 2)
      for (i, chunk) in wrap(field.value, width: room).enumerated() {
        let label = i == 0 ? padded(field.name, nameWidth) : String(repeating: " ", count: nameWidth)
        let ranges = field.ranges.compactMap { r -> Range<Int>? in
          let lo = max(r.lowerBound, chunk.offset) - chunk.offset
          let hi = min(r.upperBound, chunk.offset + chunk.text.utf8.count) - chunk.offset
          return lo < hi ? lo..<hi : nil
        }
        out.append([
          Piece(text: label + "  ", style: [.detail]), Piece(text: chunk.text, style: [], ranges: ranges),
        ])
      }
    }
    if let ranking = hit.ranking {
      out.append([])
      out.append([Piece(text: "Ranking", style: [.bold, .prompt])])
      if ranking.browsing && ranking.criteria.isEmpty {
        out.append([Piece(text: "  no query: listed in input order", style: [.dim])])
      }
      // The sibling rule is shown where it holds a hit back: on every other hit it says nothing.
      let criteria = ranking.criteria.filter {
        ($0 != .rule(.sibling) || ranking.match.sibling) && ($0 != .rule(.filters) || ranking.optionalCategory != nil)
      }
      let criterionWidth = min(20, criteria.map { DisplayWidth.of($0.name) }.max() ?? 8)
      for criterion in criteria {
        out.append([
          Piece(text: "  " + padded(criterion.name, criterionWidth) + "  ", style: [.detail]),
          Piece(text: value(of: criterion, in: ranking), style: []),
        ])
      }
      for learned in ranking.learnedWords {
        for chunk in wrap("Learned from picks: " + learned + ".", width: max(1, width - 2)) {
          out.append([Piece(text: "  " + chunk.text, style: [.dim])])
        }
      }
      for chunk in wrap(reason(state, hit: hit, ranking: ranking), width: max(1, width - 2)) {
        out.append([Piece(text: "  " + chunk.text, style: [.dim])])
      }
      if let lifted = liftedPast(state, hit: hit, ranking: ranking) {
        for chunk in wrap(lifted, width: max(1, width - 2)) {
          out.append([Piece(text: "  " + chunk.text, style: [.dim])])
        }
      }
    }
    return out
  }

  /// Which criterion put the hit below the one above it.
  static func reason(_ state: SearchState, hit: ResultHit, ranking: RankingDetails) -> String {
    let rows = state.list.results
    var above: ResultHit? = nil
    for i in 0..<rows.rowCount {
      guard case .item(let item) = rows.row(at: i) else { continue }
      if item.objectID == hit.objectID { break }
      above = item
    }
    guard let above else { return "First hit." }
    guard let aboveRanking = above.ranking else { return "Below the hit above." }
    guard let criterion = ranking.decidingCriterion(below: aboveRanking) else {
      return ranking.browsing
        ? "Below the hit above by input order." : "Ties with the hit above on every criterion: the tie-break decides."
    }
    return
      "Below the hit above on \(criterion.name): \(value(of: criterion, in: ranking)) vs \(value(of: criterion, in: aboveRanking))."
  }

  /// A learned hit lifted above the one below it: the rule it rose past.
  static func liftedPast(_ state: SearchState, hit: ResultHit, ranking: RankingDetails) -> String? {
    guard ranking.match.learned > 0 else { return nil }
    let rows = state.list.results
    var passed = false
    for i in 0..<rows.rowCount {
      guard case .item(let item) = rows.row(at: i) else { continue }
      if passed {
        guard let below = item.ranking, below.decidingCriterion(below: ranking) == .rule(.learned) else { return nil }
        guard let criterion = ranking.criterionOvercome(above: below) else {
          return "Picks lifted it above the hit below, which the tie-break put first."
        }
        return
          "Picks lifted it above the hit below, which \(criterion.name) puts first: \(value(of: criterion, in: below)) vs \(value(of: criterion, in: ranking))."
      }
      passed = item.objectID == hit.objectID
    }
    return nil
  }

  /// A criterion's value as shown: "0", "2 of 2", "name, word 1", "8,000", "none".
  static func value(of criterion: RankingDetails.Criterion, in ranking: RankingDetails) -> String {
    let m = ranking.match
    switch criterion {
    case .sort: return ranking.sortValue.map(number) ?? "none"
    case .rule(.typo): return "\(m.typos)"
    case .rule(.words): return "\(m.words) of \(ranking.wordCount)"
    case .rule(.learned):
      return ranking.pick?.summary ?? (m.learned > 0 ? "level \(m.learned)" : "none for this query")
    case .rule(.filters):
      let category = ranking.optionalCategory ?? "none"
      return m.optionalFilterMissed
        ? "not in \(category), where the query points" : "in \(category), where the query points"
    case .rule(.sibling): return m.sibling ? "yes: the title goes on past the model typed" : "no"
    case .rule(.proximity): return "\(m.proximity)"
    case .rule(.attribute):
      return ranking.attributeOrdered ? "\(ranking.attribute), word \(m.position + 1)" : ranking.attribute
    case .rule(.exact):
      let exact = exactness(m.exact, wordCount: ranking.wordCount)
      return ranking.attributeOrdered ? exact : "\(exact); \(latePlace(m.latePosition))"
    case .fuzzy: return m.fuzzyScore.map { "fzf score \($0), below every word match" } ?? "word match"
    case .custom(let i, _): return i < ranking.custom.count ? ranking.custom[i].value.map(number) ?? "none" : "none"
    }
  }

  /// Where the match sits in an unordered attribute (`MatchSummary.latePosition`).
  static func latePlace(_ position: Int) -> String {
    position == 0 ? "first word" : "not first"
  }

  /// "whole attribute", "first field" (one word: see `MatchRules`), or "1 of 2".
  static func exactness(_ exact: Int, wordCount: Int) -> String {
    if exact >= MatchRules.wholeAttributeExactness(wordCount: wordCount) { return "whole attribute" }
    if wordCount == 1 && exact == MatchRules.wholeFirstField { return "first field" }
    return "\(min(exact, wordCount)) of \(wordCount)"
  }

  /// 8000 → "8,000"; fractions as they are.
  static func number(_ v: Double) -> String {
    guard v.isFinite, v == v.rounded(), abs(v) < 1e15 else { return "\(v)" }
    return Int(v).groupedDigits
  }

  /// How a preview's long lines are wrapped: at any character or at a blank in reach
  /// (`wrap-word`), each further row starting with `sign` (fzf's `↳ `).
  struct Wrap: Equatable {
    var words = false
    var sign = ""
  }

  /// The preview's lines at `width`, wrapped when `wrap` says how (nil: cut by the pane).
  /// Wrapping is linear in the output, and done once per output and width: every frame draws
  /// from the lines of the last call when nothing changed (a 512 KB preview no longer costs its
  /// wrapping on every cursor key).
  static func previewLines(
    _ output: PreviewOutput, width: Int, wrap: Wrap?, memo: PreviewLinesMemo = .shared
  ) -> Rows {
    let key = PreviewLinesMemo.Key(output: output, width: width, wrap: wrap)
    if let rows = memo.rows(for: key) { return rows }
    let rows = wrappedPreview(output, width: width, wrap: wrap)
    memo.remember(rows, for: key)
    return rows
  }

  static func wrappedPreview(_ output: PreviewOutput, width: Int, wrap: Wrap?) -> Rows {
    var out: [Line] = []
    var starts: [Int]? = nil
    for (index, runs) in output.lines.enumerated() {
      if let wrap, runs.reduce(0, { $0 + DisplayWidth.of($1.text) }) > width {
        // The lines before this one took a row each.
        if starts == nil { starts = Array(0..<index) }
        starts?.append(out.count)
        out += wrapped(runs, width: width, wrap)
      } else {
        starts?.append(out.count)
        out.append(runs.map { Piece(text: $0.text, style: style($0.style)) })
      }
    }
    // The error lines and notes after the output: a row each.
    var notes: [Line] = output.errorLines.map { [Piece(text: $0, style: [.dim])] }
    if let status = output.exitStatus, status != 0 {
      notes.append([Piece(text: "[exit status \(status)]", style: [.dim, .bold])])
    }
    if let note = output.note { notes.append([Piece(text: "[\(note)]", style: [.dim])]) }
    starts? += (out.count..<(out.count + notes.count))
    return Rows(lines: out + notes, starts: starts)
  }

  /// One line too wide for `width`, as rows: the first as wide as the pane, each further one the
  /// sign and what fits after it — at least one character, which the pane cuts when even that
  /// does not fit (fzf's rows, so that a 2-column pane shows `↳ ` rows as fzf's does).
  /// `wrap-word` ends a row at the blank before a word that would be cut, and drops the blanks
  /// that a row break falls on.
  static func wrapped(_ runs: [StyledRun], width: Int, _ wrap: Wrap) -> [Line] {
    var characters: [(character: Character, run: Int)] = []
    for (index, run) in runs.enumerated() { characters += run.text.map { ($0, index) } }
    let signWidth = DisplayWidth.of(wrap.sign)
    var rows: [Line] = []
    var start = 0
    while start < characters.count {
      let room = rows.isEmpty ? width : width - signWidth
      var end = start
      var cells = 0
      while end < characters.count, cells + DisplayWidth.of(characters[end].character) <= room {
        cells += DisplayWidth.of(characters[end].character)
        end += 1
      }
      end = max(end, start + 1)
      var next = end
      if wrap.words && end < characters.count {
        if characters[end].character.isWhitespace {
          while next < characters.count && characters[next].character.isWhitespace { next += 1 }
        } else if let blank = characters[start..<end].lastIndex(where: { $0.character.isWhitespace }), blank > start {
          (end, next) = (blank + 1, blank + 1)
        }
      }
      var row: Line = rows.isEmpty ? [] : [Piece(text: wrap.sign, style: [.dim])]
      var pieceStart = start
      for i in start..<end where i + 1 == end || characters[i + 1].run != characters[i].run {
        row.append(
          Piece(
            text: String(characters[pieceStart...i].map(\.character)), style: style(runs[characters[i].run].style)))
        pieceStart = i + 1
      }
      rows.append(row)
      start = next
    }
    return rows
  }

  /// SGR attributes as cell styles.
  static func style(_ s: TextStyle) -> CellStyle {
    var out: CellStyle = []
    if s.bold { out.insert(.bold) }
    if s.dim { out.insert(.dim) }
    if s.underline { out.insert(.underline) }
    if s.reverse { out.insert(.reverse) }
    if let color = s.color { out.formUnion(CellStyle.color(color)) }
    return out
  }

  static func padded(_ text: String, _ width: Int) -> String {
    let w = DisplayWidth.of(text)
    if w >= width { return String(text.prefix(width)) }
    return text + String(repeating: " ", count: width - w)
  }

  /// `text` in chunks of at most `width` cells, broken after a space when there is one; each
  /// with its UTF-8 offset in `text`. Newlines break too.
  static func wrap(_ text: String, width: Int) -> [(offset: Int, text: String)] {
    var out: [(Int, String)] = []
    let characters = Array(text)
    var start = 0
    var offset = 0
    while start < characters.count {
      var end = start
      var cells = 0
      var lastSpace: Int? = nil
      while end < characters.count && characters[end] != "\n" {
        let w = DisplayWidth.of(characters[end])
        if cells + w > width { break }
        if characters[end] == " " { lastSpace = end }
        cells += w
        end += 1
      }
      if end < characters.count && characters[end] != "\n", let space = lastSpace, space > start { end = space + 1 }
      if end == start { end = start + 1 }  // a character wider than the width
      let chunk = String(characters[start..<end])
      out.append((offset, chunk))
      offset += chunk.utf8.count
      start = end
      if start < characters.count && characters[start] == "\n" {
        offset += 1
        start += 1
      }
    }
    return out.isEmpty ? [(0, "")] : out
  }
}

/// The last preview wrapped, for the next frame. Comparing outputs is cheap when they are the same
/// value (arrays and strings compare their storage first), which is the case between frames.
final class PreviewLinesMemo: @unchecked Sendable {
  struct Key: Equatable {
    var output: PreviewOutput
    var width: Int
    var wrap: DetailsView.Wrap?
  }

  static let shared = PreviewLinesMemo()
  private let lock = NSLock()
  private var last: (key: Key, rows: DetailsView.Rows)? = nil
  /// How many times a preview was wrapped (tested: once per output and width).
  private(set) var wrapCount = 0

  func rows(for key: Key) -> DetailsView.Rows? {
    lock.lock()
    defer { lock.unlock() }
    return last?.key == key ? last?.rows : nil
  }

  func remember(_ rows: DetailsView.Rows, for key: Key) {
    lock.lock()
    last = (key, rows)
    wrapCount += 1
    lock.unlock()
  }
}
