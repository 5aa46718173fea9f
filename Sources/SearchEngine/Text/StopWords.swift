/// English stop words: the words a query in natural language carries that say nothing of what is
/// sought ("the", "for", "with"). Algolia's `removeStopWords` drops them from a query (off by
/// default: people type keywords, and "the who" is a band); generated suggestions never begin or
/// end on one. A short list on purpose: a longer one ("new", "best", "top") starts dropping words
/// that do name products.
public enum StopWords {
  public static let english: Set<[UInt8]> = Set(
    [
      "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "into", "is", "it", "its",
      "of", "on", "or", "that", "the", "this", "to", "was", "were", "will", "with", "you", "your",
    ].map { Array($0.utf8) })

  public static func contains(_ folded: [UInt8]) -> Bool { english.contains(folded) }
}
