import SearchEngine
import SeekApp

/// The category a query points to, as Algolia's Query Categorization finds it: its hits in that
/// category rank first among those that match as well (`SearchRequest.optionalFilter`, the
/// `filters` rule: after typo, words and picks, before the rest), so `ps5 controller` — whose
/// words find nothing together — and `iphone 15 case` lead with the aisle people meant, and a hit
/// elsewhere that matches better still comes first.
///
/// Where the category comes from, most trusted first:
/// - **picks**: the items picked for the query (or one it begins; PickLog's rule), when at least
///   `minimumPickedItems` of them share a category and those weigh more than half of the picks;
/// - **a suggestions file**: the category of the suggestion the query is (folded words): the file
///   says each query's top category (Algolia's `instant_search.facets.exact_matches`). Not the
///   suggestions generated from the records: their category is their most popular record's,
///   which says nothing of what people meant (on `Data/` they took category precision from 74.5%
///   to 71.7%), and not a suggestion the query's first words are (`switch` for `switch games`
///   lifted the consoles over the games).
///
/// What it trades: a query no one searched or picked before points nowhere (Algolia learns from
/// every query's clicks; a model of words to categories would guess more and be wrong more). A
/// category the catalog names otherwise (a suggestions file from another shop: "Unlocked Cell
/// Phones") lifts nothing. Lines have no categories.
public struct QueryCategories: Sendable {
  /// Folded words of a suggestion's query → its category, the most popular suggestion's.
  private var byQuery: [[UInt8]: (category: String, popularity: Int)] = [:]

  public static let minimumPickedItems = 2

  public init(suggestions: [Suggestion] = []) {
    for suggestion in suggestions {
      guard let category = suggestion.category, !category.isEmpty else { continue }
      let key = Tokenizer.nameKey(suggestion.query)
      guard !key.isEmpty else { continue }
      if let known = byQuery[key], known.popularity >= suggestion.popularity { continue }
      byQuery[key] = (category, suggestion.popularity)
    }
  }

  public var isEmpty: Bool { byQuery.isEmpty }

  /// The category of the suggestion `query` is, or its words but the last are.
  public func category(for query: String) -> String? {
    let key = Tokenizer.nameKey(query)
    guard !key.isEmpty else { return nil }
    return byQuery[key]?.category
  }

  /// The category `query` points to in `catalog`: its picked items' (`picked`: objectID → level,
  /// PickLog's), else its suggestion's; none when the settings say so or nothing is a category.
  public func category(for query: String, picked: [String: Int], in catalog: Catalog) -> String? {
    guard catalog.given.queryCategorization ?? true, let attribute = Self.attribute(of: catalog.index) else {
      return nil
    }
    return Self.category(ofPicked: picked, in: catalog.index, attribute: attribute) ?? category(for: query)
  }

  /// The attribute an index's categories are in: the first of `SuggestionGenerator`'s that is a
  /// facet.
  public static func attribute(of index: SearchIndex) -> String? {
    SuggestionGenerator.categoryAttributes.first { index.facets.textFacet($0) != nil }
  }

  /// The category most of `picked` (objectID → level, PickLog's) are in, by `attribute` of
  /// `index`; nil when fewer than `minimumPickedItems` items share one or it weighs half or less.
  public static func category(ofPicked picked: [String: Int], in index: SearchIndex, attribute: String) -> String? {
    guard picked.count >= minimumPickedItems, let column = index.documents.attributeIndex(attribute) else { return nil }
    var weights: [String: (items: Int, weight: Int)] = [:]
    var total = 0
    for (objectID, level) in picked {
      guard let record = index.record(objectID: objectID) else { continue }
      let category = index.documents.value(record, column)
      guard !category.isEmpty else { continue }
      weights[category, default: (0, 0)].items += 1
      weights[category, default: (0, 0)].weight += level
      total += level
    }
    guard let best = weights.max(by: { ($0.value.weight, $1.key) < ($1.value.weight, $0.key) }),
      best.value.items >= minimumPickedItems, 2 * best.value.weight > total
    else { return nil }
    return best.key
  }
}
