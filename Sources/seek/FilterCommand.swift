import Foundation
import SearchEngine
import SeekApp
import SeekCLI
import SeekCore

/// `seek --filter QUERY`: one page of ranked hits, as text or JSON. Exit 0 with hits, 1 without.
///
/// The same `CatalogSearcher` as the app (the catalog and the items created in it), but one shot:
/// counts are exact and pages 1...nbPages hold every hit once.
enum FilterCommand {
  /// `streamed`: the catalog holds only the best lines of a stream (`LineStreamFilter`), whose
  /// exact count and dropped words are these.
  static func run(
    catalog: Catalog, options: Options, query: String, streamed: (nbHits: Int, droppedWords: [String])? = nil
  ) -> Int32 {
    let store: ItemStore?
    do {
      store = try SeekCommand.openExistingStore(catalog: catalog, options: options)
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
    let created = (try? store?.createdItems()) ?? []
    let checked = Set(((try? store?.checkedItems()) ?? []).map(\.objectID))
    // What the app learned from picks ranks here too (the same searcher, the same answers).
    let picks = options.noLearn ? [] : (try? store?.picks()) ?? []
    let learned = PickLog(picks).learned(for: query, now: Date().timeIntervalSince1970)
    let searcher = CatalogSearcher(catalog: catalog, created: created)
    if let refusal = refusal(of: options, catalog: catalog) {
      Output.error("seek: \(refusal)")
      return 2
    }
    var response: CatalogSearcher.Response
    let started = Date().timeIntervalSince1970
    do {
      // Highlights are read by JSON and by a terminal's bold only: a pipe gets plain lines, and
      // highlighting each of a few hundred thousand of them was most of a large answer's time.
      let highlighting = options.json || boldsMatches
      var request = CatalogSearcher.Request(
        query: query, page: options.page, hitsPerPage: options.hitsPerPage, exhaustive: true,
        highlightScope: highlighting ? .all : nil,
        filters: options.filters, facets: options.facets, maxValuesPerFacet: 100, sort: options.sort,
        matching: options.matching)
      request.inputOrder = options.noSort
      request.countsNumericFacetValues = options.json
      request.learned = learned.mapValues(\.level)
      // What the app reads from picks and a suggestions file reads here too (SearchService).
      request.learnedWords = options.noLearn ? nil : LearnedSynonyms(picks: picks, index: catalog.index).lexicon
      let file = (try? options.suggestionsPath.map(SuggestionsFile.load)) ?? nil
      request.optionalCategory = QueryCategories(suggestions: file ?? []).category(
        for: query, picked: request.learned, in: catalog)
      response = try searcher.search(request)
    } catch {
      Output.error(
        "seek: \(Options.ParseError.invalidFilter(text: options.filtersText ?? "", error: error).description)")
      return 2
    }
    if let streamed {
      response.nbHits = streamed.nbHits
      response.droppedWords = streamed.droppedWords
    }
    if options.json {
      let response = AlgoliaResponse(
        response: response, catalog: catalog, checked: checked, picks: learned.mapValues(\.reason),
        processingMilliseconds: Int((Date().timeIntervalSince1970 - started) * 1000), params: params(options, query))
      Output.write(response.json.serialized + "\n")
    } else {
      printText(response, options)
    }
    return response.hits.isEmpty ? 1 : 0
  }

  /// The page as text: one hit a line on standard output (its title, or `--field`), then the
  /// count and the facets on standard error.
  /// Matched words are bold in the text printed to a terminal that takes colours.
  private static var boldsMatches: Bool { Output.stdoutIsTerminal && Output.colorAllowed }

  private static func printText(_ response: CatalogSearcher.Response, _ options: Options) {
    let bold = boldsMatches
    var text = printedQuery(options)
    for found in response.hits {
      // To a program, lines (and NUL-ended items) go as they were read, byte for byte (a tab, a
      // control byte; a file name may hold a newline); to a terminal never raw.
      if !Output.stdoutIsTerminal && (options.print0 || options.printsLinesAsRead) {
        text += asRead(rawValue(of: found, field: options.field), options, ordinal: ordinal(of: found))
      } else if options.acceptNth != nil && options.printsLinesAsRead {
        // Fields of the line, not its highlighted title.
        text += SafeText.sanitized(
          asRead(rawValue(of: found, field: options.field), options, ordinal: ordinal(of: found)))
      } else {
        text += line(for: found, field: options.field, bold: bold)
      }
      text += options.outputTerminator
    }
    Output.write(text)
    guard options.saysCountOnStandardError else { return }
    Output.error(
      summary(
        nbHits: response.nbHits, exhaustive: response.exhaustiveNbHits, nbPages: response.nbPages,
        droppedWords: response.droppedWords, options))
    // Facet counts after the hits, on standard error: standard output stays the list of hits.
    for facet in response.facets {
      if let stats = facet.stats {
        Output.error(
          "\(facet.attribute): \(FilterExpression.numberText(stats.min)) to \(FilterExpression.numberText(stats.max))"
        )
      } else {
        Output.error(
          "\(facet.attribute): "
            + facet.values.map { "\($0.value) (\($0.count))" }.joined(separator: ", "))
      }
    }
  }

  /// The count, the page and the words dropped, as standard error says them after the hits.
  private static func summary(
    nbHits: Int, exhaustive: Bool, nbPages: Int, droppedWords: [String], _ options: Options
  ) -> String {
    var summary = "nbHits: \(exhaustive ? "" : "~")\(nbHits)"
    // The page asked for (from 0, as Algolia's `page`), not the engine's clamped one.
    if nbPages > 0 {
      summary += ", page: \(options.page), nbPages: \(nbPages)"
      if options.page >= nbPages { summary += " (the page is past the last)" }
    }
    if !droppedWords.isEmpty {
      summary += "; no results for every word, dropped: \(droppedWords.joined(separator: " "))"
    }
    return summary
  }

  /// Whether a pipe's every match, printed as plain text, is printed in the order the stream
  /// filter ranked it (`printRanked`) rather than ranked again by an index of the matches: the
  /// same order (`LineStreamMatcher.Order.rank`), without indexing a few million matching lines
  /// again (fzf's `--filter` on the whole input). Highlights (JSON, a terminal's bold) and a page
  /// come from the engine.
  static func printsRankedMatches(_ options: Options) -> Bool {
    !options.json && !boldsMatches && !options.pagingGiven && !options.noSort
      && options.hitsPerPage == SearchRequest.maxHitsPerPage
      && !ExtendedQuery(options.filter ?? "", options: options.matching).isInverseOnly
  }

  /// Every match of a stream, in rank order (`lines` taken in `order`), then the count: what
  /// `printText` prints of the engine's answer for the same lines.
  static func printRanked(
    _ lines: [LineStreamFilter.Kept], in order: [Int], nbHits: Int, droppedWords: [String], options: Options
  ) -> Int32 {
    let raw = (options.print0 || options.printsLinesAsRead) && !Output.stdoutIsTerminal
    // Written in blocks: one string of every match would double the output's memory.
    var text = printedQuery(options)
    for i in order {
      let printed = asRead(lines[i].text, options, ordinal: lines[i].position)
      text += raw ? printed : SafeText.sanitized(printed)
      text += options.outputTerminator
      if text.utf8.count >= 1 << 16 {
        Output.write(text)
        text = ""
      }
    }
    Output.write(text)
    guard options.saysCountOnStandardError else { return lines.isEmpty ? 1 : 0 }
    Output.error(
      summary(nbHits: nbHits, exhaustive: true, nbPages: lines.isEmpty ? 0 : 1, droppedWords: droppedWords, options))
    return lines.isEmpty ? 1 : 0
  }

  /// The request as Algolia's `params` says it.
  static func params(_ options: Options, _ query: String) -> String {
    var pairs = [("query", query), ("page", "\(options.page)"), ("hitsPerPage", "\(options.hitsPerPage)")]
    if let filters = options.filtersText { pairs.append(("filters", filters)) }
    if !options.facets.isEmpty { pairs.append(("facets", options.facets.joined(separator: ","))) }
    if let sort = options.sort { pairs.append(("sort", sort.description)) }
    return AlgoliaResponse.params(pairs)
  }

  /// `--print-query`: the query first, matches or none (as fzf's `--filter` prints it).
  static func printedQuery(_ options: Options) -> String {
    guard options.printQuery, let query = options.filter else { return "" }
    return (Output.stdoutIsTerminal ? SafeText.sanitized(query) : query) + options.outputTerminator
  }

  /// A line as a program reads it from fzf: as read, and with `--ansi` without its colour
  /// sequences (`git branch --color=always | fzf --ansi | xargs git checkout`).
  /// `ordinal`: the line's place in the input, for `--accept-nth`'s `{n}`.
  static func asRead(_ text: String, _ options: Options, ordinal: Int? = nil) -> String {
    let line = options.lineShape.ansi ? AnsiText.stripped(text) : text
    return options.acceptNth?.apply(to: line, shape: options.lineShape, ordinal: ordinal) ?? line
  }

  /// A hit's place in the input, when its segment is the catalog as read (created items have none).
  static func ordinal(of found: CatalogSearcher.SegmentHit) -> Int? {
    found.kind == .main ? found.index.inputPosition(of: found.hit.record) : nil
  }

  static func rawValue(of found: CatalogSearcher.SegmentHit, field: String?) -> String {
    let documents = found.index.documents
    return documents.value(found.hit.record, field.flatMap { documents.attributeIndex($0) } ?? found.index.titleColumn)
  }

  static func line(for found: CatalogSearcher.SegmentHit, field: String?, bold: Bool) -> String {
    let documents = found.index.documents
    let column = field.flatMap { documents.attributeIndex($0) } ?? found.index.titleColumn
    let value = documents.value(found.hit.record, column)
    guard bold, let ranges = found.hit.highlights.first(where: { $0.value == value })?.ranges, !ranges.isEmpty
    else { return SafeText.sanitized(value) }
    let bytes = Array(value.utf8)
    var out = ""
    var at = 0
    for r in ranges where r.lowerBound >= at && r.upperBound <= bytes.count {
      out += SafeText.sanitized(String(decoding: bytes[at..<r.lowerBound], as: UTF8.self))
      out += "\u{1B}[1m" + SafeText.sanitized(String(decoding: bytes[r], as: UTF8.self)) + "\u{1B}[0m"
      at = r.upperBound
    }
    return out + SafeText.sanitized(String(decoding: bytes[at...], as: UTF8.self))
  }

  /// Why the catalog cannot answer the request's `--sort`, `--facets` or `--filters` (nil when it
  /// can): the app and `--filter` refuse the same requests with the same words.
  static func refusal(of options: Options, catalog: Catalog) -> String? {
    let facets = catalog.index.facets
    if let sort = options.sort, facets.numericFacet(sort.attribute) == nil, facets.textFacet(sort.attribute) == nil {
      return
        "--sort: '\(sort.attribute)' is not a facet (facets: \(facets.attributes.joined(separator: ", ")))"
    }
    if let unknown = options.facets.first(where: { $0 != "*" && !facets.attributes.contains($0) }) {
      return "--facets: '\(unknown)' is not a facet (facets: \(facets.attributes.joined(separator: ", ")))"
    }
    if let filters = options.filters {
      do {
        _ = try facets.evaluate(filters, recordCount: catalog.index.count)
      } catch {
        return Options.ParseError.invalidFilter(text: options.filtersText ?? "", error: error).description
      }
    }
    return nil
  }
}
