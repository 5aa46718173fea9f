import SearchEngine

/// An item made from the smart list's create row.
public struct CreatedItem: Sendable, Equatable {
  public var objectID: String
  public var title: String
  /// Seconds since 1970.
  public var created: Double

  public init(objectID: String, title: String, created: Double) {
    self.objectID = objectID
    self.title = title
    self.created = created
  }

  /// Created items are named by their folded title: creating "Crème" twice is one item.
  public static func objectID(forTitle title: String) -> String {
    // The hash of a one-cell record holding the folded title (`RecordTable.contentID`): ids that
    // stores already hold stay valid.
    var hash = ContentHash()
    TextFolding.foldedKey(title).withUnsafeBufferPointer { hash.add($0) }
    var id = Array("created-".utf8)
    ContentHash.appendHex(hash.value, to: &id)
    return String(decoding: id, as: UTF8.self)
  }
}

/// A submitted query, for learning suggestions.
public struct LoggedQuery: Sendable, Equatable {
  public var query: String
  public var time: Double
  public var nbHits: Int
  public var fromSuggestion: Bool

  public init(query: String, time: Double, nbHits: Int, fromSuggestion: Bool) {
    self.query = query
    self.time = time
    self.nbHits = nbHits
    self.fromSuggestion = fromSuggestion
  }
}
