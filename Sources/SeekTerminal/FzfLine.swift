/// A line as fzf draws it in its list: tabs expanded to `--tabstop`, a line break shown as `␊`
/// (`--no-multi-line`), and a line too wide for its row cut as fzf's horizontal scroll cuts it.
///
/// The cut (fzf's `hscroll`): a line whose matches end within the row, less the ellipsis, keeps
/// its start and loses its end (`Stri··`); otherwise the row is scrolled so that the last match
/// ends `--hscroll-off` columns before the right edge (at most half the row), the rest beyond
/// that giving way (`··ing a long line··`). `--keep-right` keeps the end, `--no-hscroll` the
/// start. Unlike Seek's own `Elision`, nothing is dropped from the middle: fzf's users read
/// columns, and a line must not shift under the cursor as the query grows.
enum FzfLine {
  /// `title` with tabs and line breaks made visible, and its UTF-8 `ranges` moved with it.
  static func expanded(_ title: String, ranges: [Range<Int>], tabstop: Int) -> (String, [Range<Int>]) {
    let (text, moved, _) = expanded(title, ranges: ranges, tabstop: tabstop, points: [])
    return (text, moved)
  }

  /// The same, and UTF-8 `points` of `title` (character starts) moved with it.
  static func expanded(
    _ title: String, ranges: [Range<Int>], tabstop: Int, points: [Int]
  ) -> (String, [Range<Int>], [Int]) {
    guard title.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A }) else { return (title, ranges, points) }
    var out = ""
    var column = 0
    // Old UTF-8 offset → new, for each character's start (and the end).
    var moved: [Int: Int] = [:]
    var offset = 0
    for character in title {
      moved[offset] = out.utf8.count
      switch character {
      case "\t":
        let spaces = tabstop - column % max(1, tabstop)
        out += String(repeating: " ", count: spaces)
        column += spaces
      case "\n":
        out += "␊"
        column += 1
      default:
        out.append(character)
        column += DisplayWidth.of(character)
      }
      offset += character.utf8.count
    }
    moved[offset] = out.utf8.count
    let shifted = ranges.compactMap { range -> Range<Int>? in
      guard let lower = moved[range.lowerBound], let upper = moved[range.upperBound], lower < upper else { return nil }
      return lower..<upper
    }
    return (out, shifted, points.map { moved[$0] ?? out.utf8.count })
  }

  /// `title` fitted into `room` cells, as fzf cuts it, and its matched `ranges` in the result.
  static func fit(
    _ title: String, ranges: [Range<Int>], room: Int, ellipsis: String, hscrollOff: Int, keeping: Elision.Keep
  ) -> (String, [Range<Int>]) {
    guard room > 0 else { return ("", []) }
    if DisplayWidth.of(title) <= room { return (title, ranges) }
    let characters = Array(title)
    let widths = characters.map(DisplayWidth.of)
    let mark = fitted(ellipsis, room / 2)
    let markWidth = DisplayWidth.of(mark)
    var offsets = [0]
    for c in characters { offsets.append(offsets[offsets.count - 1] + c.utf8.count) }
    // The character after the last match, pushed right by the scroll-off.
    let lastMatchEnd = ranges.map(\.upperBound).max().map { end in offsets.firstIndex { $0 >= end } ?? characters.count
    }
    var first = 0
    var last = characters.count
    var markLeft = false
    var markRight = false
    func width(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
    func keepStart() {
      last = 0
      while last < characters.count && width(0..<(last + 1)) <= room - markWidth { last += 1 }
      markRight = true
    }
    func keepEnd(from end: Int) {
      first = end
      while first > 0 && width((first - 1)..<end) <= room - markWidth - (markRight ? markWidth : 0) { first -= 1 }
      markLeft = true
    }
    switch keeping {
    case .start: keepStart()
    case .end: keepEnd(from: characters.count)
    case .matchesAndEnds:
      let end = scrolled(characters, from: lastMatchEnd ?? 0, by: min(room / 2 - markWidth, hscrollOff))
      if width(0..<end) <= room - markWidth {
        keepStart()
      } else {
        if width(end..<characters.count) > markWidth {
          last = end
          markRight = true
        }
        keepEnd(from: last)
      }
    }
    var out = markLeft ? mark : ""
    let shift = out.utf8.count - offsets[first]
    out += String(characters[first..<last])
    if markRight { out += mark }
    let kept = offsets[first]..<offsets[last]
    let moved = ranges.compactMap { range -> Range<Int>? in
      let lower = max(range.lowerBound, kept.lowerBound)
      let upper = min(range.upperBound, kept.upperBound)
      return lower < upper ? (lower + shift)..<(upper + shift) : nil
    }
    return (out, moved)
  }

  /// `title` fitted into `room` cells with fzf's frozen parts (`FrozenFields`): the left part up
  /// to UTF-8 offset `splits.left`, the right one from `splits.right`, the middle between them
  /// fitted in the room they leave, by the rules of `fit`. The matched `ranges` in the result.
  static func fitFrozen(
    _ title: String, ranges: [Range<Int>], splits: (left: Int?, right: Int?), room: Int, ellipsis: String,
    hscrollOff: Int, keeping: Elision.Keep
  ) -> (String, [Range<Int>]) {
    guard room > 0 else { return ("", []) }
    var offsets = [0]
    for c in title { offsets.append(offsets[offsets.count - 1] + c.utf8.count) }
    let cells = zip(title, offsets).map { c, offset in Cell(c, ranges.contains { $0.contains(offset) }) }
    func index(_ offset: Int) -> Int { offsets.firstIndex { $0 >= offset } ?? cells.count }
    let left = min(cells.count, splits.left.map(index) ?? 0)
    let right = max(left, min(cells.count, splits.right.map(index) ?? cells.count))
    // The frozen parts first, each keeping room for the middle's ellipsis; then the middle.
    var parts = [Array(cells[..<left]), Array(cells[right...]), Array(cells[left..<right])]
    var room = room
    for k in parts.indices where !parts[k].isEmpty {
      guard room > 0 else {
        parts[k] = []
        continue
      }
      let mark = fitted(ellipsis, room).map { Cell($0, false) }
      let reserved = k < 2 ? Cell.width(mark) : 0
      if Cell.width(parts[k]) > room - reserved {
        parts[k] = cut(
          parts[k], frozen: k == 0 ? .left : k == 1 ? .right : nil, room: room, mark: mark,
          hscrollOff: hscrollOff, keeping: keeping)
      }
      room -= Cell.width(parts[k])
    }
    var out = ""
    var outRanges: [Range<Int>] = []
    for cell in parts[0] + parts[2] + parts[1] {
      let start = out.utf8.count
      out.append(cell.character)
      guard cell.matched else { continue }
      if let last = outRanges.last, last.upperBound == start {
        outRanges[outRanges.count - 1] = last.lowerBound..<out.utf8.count
      } else {
        outRanges.append(start..<out.utf8.count)
      }
    }
    return (out, outRanges)
  }

  private enum Frozen { case left, right }

  /// One character of a line and whether it is matched.
  private struct Cell {
    var character: Character
    var matched: Bool
    init(_ character: Character, _ matched: Bool) { (self.character, self.matched) = (character, matched) }
    static func width(_ cells: some Collection<Cell>) -> Int { cells.reduce(0) { $0 + DisplayWidth.of($1.character) } }
  }

  /// A part too wide for `room`: the left part loses its end, the right part its start; the
  /// middle as `fit` cuts a line (its matches kept in view).
  private static func cut(
    _ part: [Cell], frozen: Frozen?, room: Int, mark: [Cell], hscrollOff: Int, keeping: Elision.Keep
  ) -> [Cell] {
    let markWidth = Cell.width(mark)
    func head(_ cells: ArraySlice<Cell>) -> [Cell] {
      var used = 0
      return Array(
        cells.prefix {
          used += DisplayWidth.of($0.character)
          return used <= room - markWidth
        })
    }
    func tail(_ cells: ArraySlice<Cell>) -> [Cell] {
      var used = 0
      return Array(
        cells.reversed().prefix {
          used += DisplayWidth.of($0.character)
          return used <= room - markWidth
        }
        .reversed())
    }
    let matchEnd = part.lastIndex(where: \.matched).map { $0 + 1 } ?? 0
    let scrolledTo = scrolled(part.map(\.character), from: matchEnd, by: min(room / 2 - markWidth, hscrollOff))
    if keeping == .start || frozen == .left { return head(part[...]) + mark }
    if frozen == .right || keeping == .end && !part.contains(where: \.matched) { return mark + tail(part[...]) }
    if Cell.width(part[..<scrolledTo]) <= room - markWidth { return head(part[...]) + mark }
    let shown = Cell.width(part[scrolledTo...]) > markWidth ? part[..<scrolledTo] + mark : part[...]
    return mark + tail(shown[...])
  }

  /// The character `off` code points after `start` (fzf counts the scroll-off in code points: a
  /// letter with a combining mark counts two), within the line.
  private static func scrolled(_ characters: [Character], from start: Int, by off: Int) -> Int {
    var end = max(0, start)
    var counted = 0
    while end < characters.count && counted + characters[end].unicodeScalars.count <= off {
      counted += characters[end].unicodeScalars.count
      end += 1
    }
    return end
  }

  /// `text`'s start within `width` cells (fzf halves a long ellipsis on a narrow row).
  static func fitted(_ text: String, _ width: Int) -> String {
    var out = ""
    var used = 0
    for c in text {
      let w = DisplayWidth.of(c)
      if used + w > width { break }
      out.append(c)
      used += w
    }
    return out
  }
}
