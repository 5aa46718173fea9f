/// fzf's labels on the borders of its sections (`--list-label`, `--input-label`, `--header-label`,
/// `--footer-label`), as `change-list-label` and its kin leave them.
public struct SectionLabels: Sendable, Equatable {
  public enum Section: String, Sendable, CaseIterable { case list, input, header, footer }

  public var list = ""
  public var input = ""
  public var header = ""
  public var footer = ""

  public init() {}

  public subscript(_ section: Section) -> String {
    get {
      switch section {
      case .list: list
      case .input: input
      case .header: header
      case .footer: footer
      }
    }
    set {
      switch section {
      case .list: list = newValue
      case .input: input = newValue
      case .header: header = newValue
      case .footer: footer = newValue
      }
    }
  }
}
