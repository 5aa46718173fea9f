import SearchEngine

/// A sort offered by name (`sortBy` in the settings): what F3 cycles through and the chip says.
public struct SortChoice: Sendable, Equatable {
  public var label: String
  public var sort: SortOrder

  public init(label: String, sort: SortOrder) {
    self.label = label
    self.sort = sort
  }
}
