import SeekCore

/// fzf's `--freeze-left N` and `--freeze-right N`: the first N and the last N fields of a line
/// stay on screen while the fields between scroll (`FzfLine`'s horizontal scroll), so a table's
/// key columns are read on every row however long the rest. fzf's rules, which its users see:
///
/// - The left part ends where the Nth field's text does (its delimiter and blanks left to the
///   middle): `1 2 3` of `1 2 3 4 …`.
/// - The right part starts with the delimiter before its first field, its leading blanks left to
///   the middle (`, 9999 , 10000 ,` with `-d ' , '`); a literal delimiter that ends the line makes
///   one more, empty, field, as fzf's `SplitAfter` does.
/// - Fields asked for beyond the line's own are the whole line: `--freeze-right 100000` freezes
///   it all (its start gives way), and beside `--freeze-left` the right part starts where the left
///   one ends.
/// - Each frozen part keeps room for the middle's ellipsis; a frozen part too wide loses its end
///   (the left) or its start (the right). The middle is fitted in what is left, by the
///   horizontal scroll's rules. Nothing is frozen while the scroll is off (`toggle-hscroll`).
public struct FrozenFields: Sendable, Equatable {
  public var left = 0
  public var right = 0
  /// How the line's fields are cut (`-d`): fzf's AWK fields without one.
  public var shape = LineShape()

  public init(left: Int = 0, right: Int = 0, shape: LineShape = LineShape()) {
    (self.left, self.right, self.shape) = (left, right, shape)
  }

  public var isEmpty: Bool { left == 0 && right == 0 }

  /// Where the frozen left part ends and the frozen right part starts in `text` (UTF-8
  /// offsets; nil: no such part).
  func splits(of text: String) -> (left: Int?, right: Int?) {
    let bytes = Array(text.utf8)
    let fields = spans(of: text, count: bytes.count)
    guard !fields.isEmpty else { return (nil, nil) }
    var leftEnd: Int? = nil
    if left > 0 {
      let field = fields[min(left, fields.count) - 1]
      leftEnd = field.upperBound - bytes[field].reversed().prefix(while: Self.isBlank).count
    }
    guard right > 0 else { return (leftEnd, nil) }
    let before = max(left - 1, fields.count - right - 1)
    // The fields asked for cover the line (beside the left part: from its end).
    guard before >= left || before < 0 else { return (leftEnd, leftEnd) }
    guard before >= 0 else { return (leftEnd, leftEnd ?? 0) }
    let field = fields[before]
    let delimiter = shape.lastDelimiter(of: String(decoding: bytes[field], as: UTF8.self)) ?? ""
    let start = field.upperBound - delimiter.utf8.drop(while: Self.isBlank).count
    return (leftEnd, max(start, leftEnd ?? 0))
  }

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// Each field's UTF-8 span, its delimiter or trailing blanks included.
  private func spans(of text: String, count: Int) -> [Range<Int>] {
    let utf8 = text.utf8
    var out = shape.fields(of: text).map { field in
      utf8.distance(
        from: utf8.startIndex, to: field.startIndex)..<utf8.distance(
          from: utf8.startIndex, to: field.endIndex)
    }
    if shape.endsWithLiteralDelimiter(text) { out.append(count..<count) }
    return out
  }
}
