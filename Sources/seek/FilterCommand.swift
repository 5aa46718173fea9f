import SearchEngine
import SeekCore

/// `seek --filter QUERY`: one page of ranked hits, as text or JSON. Exit 0 with hits, 1 without.
enum FilterCommand {
  static func run(catalog: Catalog, options: Options, query: String) -> Int32 {
    let searcher = Searcher(index: catalog.index)
    let response = searcher.search(
      SearchRequest(query: query, page: options.page, hitsPerPage: options.hitsPerPage))
    if options.json {
      Output.write(json(response, catalog: catalog).serialized + "\n")
    } else {
      let bold = Output.stdoutIsTerminal && Output.colorAllowed
      var text = ""
      for hit in response.hits {
        text += line(for: hit, catalog: catalog, field: options.field, bold: bold) + "\n"
      }
      Output.write(text)
      var summary = "nbHits: \(response.nbHits)"
      if response.nbPages > 0 { summary += " (page \(response.page + 1) of \(response.nbPages))" }
      if !response.droppedWords.isEmpty {
        summary += "; no results for every word, dropped: \(response.droppedWords.joined(separator: " "))"
      }
      Output.error(summary)
    }
    return response.nbHits > 0 ? 0 : 1
  }

  /// The hit's title (or `field`), made safe; matched ranges in bold when `bold`.
  static func line(for hit: Hit, catalog: Catalog, field: String?, bold: Bool) -> String {
    let documents = catalog.index.documents
    let column = field.flatMap { documents.attributeIndex($0) } ?? catalog.index.titleColumn
    let value = documents.value(hit.record, column)
    guard bold, let ranges = hit.highlights.first(where: { $0.value == value })?.ranges, !ranges.isEmpty
    else { return SafeText.sanitized(value) }
    let bytes = Array(value.utf8)
    var out = ""
    var at = 0
    for r in ranges {
      out += SafeText.sanitized(String(decoding: bytes[at..<r.lowerBound], as: UTF8.self))
      out += "\u{1B}[1m" + SafeText.sanitized(String(decoding: bytes[r], as: UTF8.self)) + "\u{1B}[0m"
      at = r.upperBound
    }
    return out + SafeText.sanitized(String(decoding: bytes[at...], as: UTF8.self))
  }

  static func json(_ response: SearchResponse, catalog: Catalog) -> JSONValue {
    let hits: [JSONValue] = response.hits.map { hit in
      guard case .object(var members) = catalog.json(record: hit.record) else { return .null }
      let highlights: [(String, JSONValue)] = hit.highlights.map { h in
        (
          h.attribute,
          .object([
            ("value", .string(marked(h.value, h.ranges))),
            ("ranges", .array(h.ranges.map { .array([.number("\($0.lowerBound)"), .number("\($0.upperBound)")]) })),
          ])
        )
      }
      members.append(("_highlightResult", .object(highlights)))
      if let s = hit.snippet {
        members.append(
          ("_snippetResult", .object([(s.attribute, .object([("value", .string(marked(s.text, s.ranges)))]))])))
      }
      let r = hit.ranking
      members.append(
        (
          "_rankingInfo",
          .object([
            ("typos", .number("\(r.typos)")), ("words", .number("\(r.words)")),
            ("proximity", .number("\(r.proximity)")), ("attribute", .number("\(r.attribute)")),
            ("position", .number("\(r.position)")), ("exact", .number("\(r.exact)")),
          ])
        ))
      return .object(members)
    }
    return .object([
      ("query", .string(response.query)), ("nbHits", .number("\(response.nbHits)")),
      ("page", .number("\(response.page + 1)")), ("nbPages", .number("\(response.nbPages)")),
      ("hitsPerPage", .number("\(response.hitsPerPage)")),
      ("exhaustiveNbHits", .bool(response.exhaustiveNbHits)),
      ("droppedWords", .array(response.droppedWords.map { .string($0) })),
      ("hits", .array(hits)),
    ])
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
}
