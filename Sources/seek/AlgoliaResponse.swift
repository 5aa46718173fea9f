import Foundation
import SearchEngine
import SeekApp
import SeekCLI
import SeekCore

/// `--filter --json`: Algolia's search response, field for field, so that a program reading
/// Algolia's reads Seek's. The record comes as stored (`Catalog.json`); what Seek adds lives in
/// `_`-prefixed members beside Algolia's own (`_highlightResult`, `_snippetResult`,
/// `_rankingInfo`): `_checked`, `_created`. `page` counts from 0, as Algolia's and `--page`.
struct AlgoliaResponse {
  var response: CatalogSearcher.Response
  var catalog: Catalog
  var checked: Set<String>
  var picks: [String: PickReason]
  var processingMilliseconds: Int
  /// Algolia's `params`: the request, URL-encoded.
  var params: String

  var json: JSONValue {
    let parsed = ParsedQuery(response.query, settings: catalog.settings.index)
    var members: [(String, JSONValue)] = [
      ("hits", .array(response.hits.map { hit($0, parsed) })), ("nbHits", .number("\(response.nbHits)")),
      ("page", .number("\(response.page)")), ("nbPages", .number("\(response.nbPages)")),
      ("hitsPerPage", .number("\(response.hitsPerPage)")), ("exhaustiveNbHits", .bool(response.exhaustiveNbHits)),
      ("exhaustiveTypo", .bool(response.exhaustiveNbHits)),
      (
        "exhaustive",
        .object([
          ("nbHits", .bool(response.exhaustiveNbHits)), ("typo", .bool(response.exhaustiveNbHits)),
          ("facetsCount", .bool(response.exhaustiveFacetsCount)),
        ])
      ),
      ("query", .string(response.query)), ("params", .string(params)), ("index", .string(catalog.name)),
      ("processingTimeMS", .number("\(processingMilliseconds)")),
      // One process answers: the server's time is the processing time.
      ("serverTimeMS", .number("\(processingMilliseconds)")),
      // No facet ordering or redirect is set in Seek's settings: present, empty, as Algolia's.
      ("renderingContent", .object([])),
    ]
    if !response.droppedWords.isEmpty {
      members.append(("queryAfterRemoval", .string(queryAfterRemoval)))
    } else if let edited = response.queryAfterRules {
      members.append(("queryAfterRemoval", .string(edited)))
    }
    members.append(("droppedWords", .array(response.droppedWords.map { .string($0) })))
    if !response.facets.isEmpty { members += facets }
    // The catalog's rules that applied (Algolia's `appliedRules`, with `getRankingInfo`) and
    // their banners (`userData`): present only when a rule applied, as Algolia's.
    // The price read from the query's words (`laptop under 800`), as a filter: Seek's own.
    if let price = response.priceFilter { members.append(("priceFilter", .string(price.text))) }
    if !response.appliedRules.isEmpty {
      members.append(("appliedRules", .array(response.appliedRules.map { .object([("objectID", .string($0))]) })))
      if !response.userData.isEmpty { members.append(("userData", .array(response.userData))) }
    }
    return .object(members)
  }

  /// Algolia's markup of the words dropped to find something: `iphone <em>purple</em>`.
  var queryAfterRemoval: String {
    var dropped = response.droppedWords
    return response.query.split(separator: " ", omittingEmptySubsequences: true).map { word in
      if let i = dropped.firstIndex(where: { $0.caseInsensitiveCompare(word) == .orderedSame }) {
        dropped.remove(at: i)
        return "<em>\(word)</em>"
      }
      return String(word)
    }.joined(separator: " ")
  }

  /// `facets` (values and their counts, numbers included), `facets_stats` (min, max, avg, sum
  /// of numbers).
  var facets: [(String, JSONValue)] {
    var counts: [(String, JSONValue)] = []
    var stats: [(String, JSONValue)] = []
    for facet in response.facets {
      if let s = facet.stats {
        let number = { (v: Double) in JSONValue.number(FilterExpression.numberText(v)) }
        stats.append(
          (
            facet.attribute,
            .object([("min", number(s.min)), ("max", number(s.max)), ("avg", number(s.avg)), ("sum", number(s.sum))])
          ))
      }
      if !facet.values.isEmpty {
        counts.append((facet.attribute, .object(facet.values.map { ($0.value, .number("\($0.count)")) })))
      }
    }
    return [
      ("facets", .object(counts)), ("facets_stats", .object(stats)),
      ("exhaustiveFacetsCount", .bool(response.exhaustiveFacetsCount)),
    ]
  }

  func hit(_ found: CatalogSearcher.SegmentHit, _ parsed: ParsedQuery) -> JSONValue {
    let hit = found.hit
    let item =
      found.kind == .created
      ? catalog.createdJSON(
        objectID: hit.objectID, title: found.index.documents.value(hit.record, found.index.titleColumn))
      : catalog.json(index: found.index, record: hit.record)
    guard case .object(var members) = item else { return item }
    members.append(("_highlightResult", highlightResult(found, parsed, stored: members)))
    if let s = hit.snippet {
      members.append(
        (
          "_snippetResult",
          .object([
            (
              s.attribute,
              .object([("value", .string(Self.marked(s.text, s.ranges))), ("matchLevel", .string("partial"))])
            )
          ])
        ))
    }
    members.append(("_rankingInfo", rankingInfo(found)))
    members.append(("_checked", .bool(checked.contains(hit.objectID))))
    return .object(members)
  }

  /// Every searchable attribute, as Algolia lists them: the value marked, how much of the query
  /// matched there (`none`, `partial`, `full`), which words, and whether all of it is matched.
  /// An array or an object is highlighted element by element and member by member, nested as
  /// the record nests them (Algolia's); a string with the engine's own ranges.
  func highlightResult(_ found: CatalogSearcher.SegmentHit, _ parsed: ParsedQuery, stored: [(String, JSONValue)])
    -> JSONValue
  {
    let index = found.index
    let documents = index.documents
    var out: [(String, JSONValue)] = []
    for column in index.searchableColumns {
      let name = documents.attributes[column]
      let typos = !index.settings.typoFreeAttributes.contains(name)
      switch stored.first(where: { $0.0 == name })?.1 {
      case let nested? where nested.isContainer:
        out.append((name, highlighted(nested, parsed, substring: index.substringMatching, typos: typos)))
      default:
        let value = documents.value(found.hit.record, column)
        let ranges = found.hit.highlights.first { $0.attribute == name }?.ranges ?? []
        let words =
          ranges.isEmpty ? [] : matchedWords(in: value, parsed, substring: index.substringMatching, typos: typos)
        out.append((name, highlight(value, ranges, words, parsed)))
      }
    }
    return .object(out)
  }

  /// One element of an array or member of an object, highlighted on its own (nested alike).
  func highlighted(_ value: JSONValue, _ parsed: ParsedQuery, substring: Bool, typos: Bool) -> JSONValue {
    switch value {
    case .array(let items): return .array(items.map { highlighted($0, parsed, substring: substring, typos: typos) })
    case .object(let members):
      return .object(members.map { ($0.0, highlighted($0.1, parsed, substring: substring, typos: typos)) })
    case .string(let text), .number(let text):
      let ranges =
        parsed.isEmpty
        ? []
        : Highlighter.matches(
          in: text, query: parsed, substring: substring, typos: typos,
          phrases: catalog.settings.index.alternatives.phrases
        ).0
      let words = ranges.isEmpty ? [] : matchedWords(in: text, parsed, substring: substring, typos: typos)
      return highlight(text, ranges, words, parsed)
    case .bool(let flag): return highlight(flag ? "true" : "false", [], [], parsed)
    case .null: return highlight("", [], [], parsed)
    }
  }

  /// Algolia's highlight object of one text.
  func highlight(_ value: String, _ ranges: [Range<Int>], _ words: [String], _ parsed: ParsedQuery) -> JSONValue {
    let level = words.isEmpty ? "none" : words.count == parsed.words.count ? "full" : "partial"
    let highlighted = ranges.reduce(0) { $0 + $1.count }
    let letters = value.utf8.reduce(0) { $0 + ($1 == 0x20 ? 0 : 1) }
    return .object([
      ("value", .string(Self.marked(value, ranges))), ("matchLevel", .string(level)),
      ("fullyHighlighted", .bool(!ranges.isEmpty && highlighted >= letters)),
      ("matchedWords", .array(words.map { .string($0) })),
    ])
  }

  /// The query's words that match in `value` (each matched alone: whole, or as a prefix for the
  /// last one, within its typos, unless the attribute takes none).
  func matchedWords(in value: String, _ query: ParsedQuery, substring: Bool, typos: Bool) -> [String] {
    query.words.compactMap { word in
      // The word as the query read it (with the alternatives its neighbours gave it: a phrase).
      var alone = query
      alone.words = [word]
      return Highlighter.matches(
        in: value, query: alone, substring: substring, typos: typos,
        phrases: catalog.settings.index.alternatives.phrases
      ).0.isEmpty ? nil : word.text
    }
  }

  /// Algolia's `_rankingInfo` (`nbTypos`, `firstMatchedWord` = attribute × 1000 + position,
  /// `proximityDistance`, `nbExactWords`, `words`, `filters`; not `userScore`, an engine's
  /// internal rank that would differ between two indexes of the same records), and Seek's: the
  /// custom ranking's values (what `userScore` stands for), the fuzzy score for lines, what picks
  /// taught.
  func rankingInfo(_ found: CatalogSearcher.SegmentHit) -> JSONValue {
    let hit = found.hit
    let r = hit.ranking
    let documents = found.index.documents
    let custom: [(String, JSONValue)] = found.index.settings.customRanking.map { rule in
      let value = documents.attributeIndex(rule.attribute).flatMap { column in
        documents.withValue(hit.record, column) { Double(String(decoding: $0, as: UTF8.self)) }
      }.flatMap { $0.isFinite ? $0 : nil }
      return (rule.description, value.map { .number(FilterExpression.numberText($0)) } ?? .null)
    }
    var members: [(String, JSONValue)] = [
      ("nbTypos", .number("\(r.typos)")),
      ("firstMatchedWord", .number("\(r.attribute * 1000 + max(r.position, r.latePosition))")),
      ("proximityDistance", .number("\(r.proximity)")),
      ("nbExactWords", .number("\(min(r.exact, r.words))")), ("words", .number("\(r.words)")),
      // Optional filters matched: the category the query points to (QueryCategories).
      ("filters", .number(response.optionalCategory != nil && !r.optionalFilterMissed ? "1" : "0")),
      ("custom", .object(custom)),
    ]
    if let score = r.fuzzyScore { members.append(("fuzzyScore", .number("\(score)"))) }
    if r.learned > 0, let pick = picks[hit.objectID] {
      members.append(
        (
          "learned",
          .object([
            ("level", .number("\(r.learned)")), ("picks", .number("\(pick.times)")), ("query", .string(pick.query)),
            ("lastPickedSecondsAgo", .number("\(Int(pick.age))")), ("reason", .string(pick.description)),
          ])
        ))
    }
    return .object(members)
  }

  /// Algolia-style markup: matched ranges wrapped in <em>…</em> (ranges are UTF-8 offsets).
  static func marked(_ value: String, _ ranges: [Range<Int>]) -> String {
    let bytes = Array(value.utf8)
    var out = ""
    var at = 0
    for r in ranges where r.lowerBound >= at && r.upperBound <= bytes.count {
      out += String(decoding: bytes[at..<r.lowerBound], as: UTF8.self)
      out += "<em>" + String(decoding: bytes[r], as: UTF8.self) + "</em>"
      at = r.upperBound
    }
    return out + String(decoding: bytes[at...], as: UTF8.self)
  }

  /// `query=…&page=…`: the request as Algolia writes `params`.
  static func params(_ pairs: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
      .joined(separator: "&")
  }
}
