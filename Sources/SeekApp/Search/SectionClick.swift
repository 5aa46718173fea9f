/// A click on fzf's header or footer, where it landed, as `click-header` and `click-footer` tell
/// the commands they run (`$FZF_CLICK_HEADER_LINE`, …). Scripts sort a table by the column whose
/// header was clicked (`change-nth($FZF_CLICK_HEADER_NTH)`) or turn a footer into buttons, so the
/// numbers are fzf's: from 1, the line as the screen shows the section from its top, the column
/// from the section's text.
public struct SectionClick: Sendable, Equatable {
  public enum Section: Sendable, Equatable { case header, footer }

  public var section: Section
  /// The line clicked, from 1, counted down the section as drawn.
  public var line: Int
  /// The column clicked, from 1, counted from where the section's text starts.
  public var column: Int
  /// The word under the click (nil: a blank, or past the line's end).
  public var word: String?
  /// The field the word is in, from 1, as `--delimiter` cuts the header's lines (nil without a
  /// word); `nthOpenEnded`: the header's last field, which takes the rest of a line (`6..`).
  public var nth: Int?
  public var nthOpenEnded = false

  /// `nth` as fzf's `--nth` expression.
  public var nthExpression: String? { nth.map { nthOpenEnded ? "\($0).." : String($0) } }

  public init(section: Section, line: Int, column: Int, word: String? = nil, nth: Int? = nil) {
    (self.section, self.line, self.column, self.word, self.nth) = (section, line, column, word, nth)
  }
}
