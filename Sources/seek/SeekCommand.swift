import Foundation
import SearchEngine
import SeekCore
import SeekTerminal

enum SeekCommand {
  static let defaultCatalog = "Data/products.json"

  static func run(_ arguments: [String]) -> Int32 {
    let defaults = ProcessInfo.processInfo.environment["SEEK_DEFAULT_OPTS"].map(Options.shellWords) ?? []
    let options: Options
    do {
      options = try Options.parse(arguments, into: try Options.parse(defaults))
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
    if options.help {
      Output.write(Help.text + "\n")
      return 0
    }
    if options.version {
      Output.write(Help.version + "\n")
      return 0
    }
    let catalog: Catalog
    do {
      catalog = try CatalogLoader.load(path: options.catalogPath ?? defaultCatalog, overrides: options.catalog)
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
    if let query = options.filter {
      return FilterCommand.run(catalog: catalog, options: options, query: query)
    }
    if options.checked || options.uncheckAll {
      return StoreCommands.run(catalog: catalog, options: options)
    }
    return interactive(catalog: catalog, options: options)
  }

  static func interactive(catalog: Catalog, options: Options) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    do {
      let suggestions = try options.suggestionsPath.map(SuggestionsFile.load) ?? SuggestionGenerator.generate(from: catalog)
      let store = try openStore(catalog: catalog, options: options)
      let service = try SearchService(
        catalog: catalog, suggestions: suggestions, store: store, hitsPerPage: options.hitsPerPage,
        learning: SuggestionLearning(minHits: options.suggestionsMinHits),
        clock: { Date().timeIntervalSince1970 })
      let app = TerminalApp(
        service: service,
        configuration: .init(
          colors: Output.colorAllowed, initialQuery: options.query, tracePath: environment["SEEK_TRACE"],
          selectOne: options.selectOne, exitZero: options.exitZero))
      switch try app.run() {
      case .quit(let status):
        return status
      case .accepted(let ids, let query):
        printAccepted(ids, query: query, catalog: catalog, service: service, options: options)
        return 0
      }
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
  }

  static func openStore(catalog: Catalog, options: Options) throws -> ItemStore {
    if options.noStore { return MemoryItemStore(clock: { Date().timeIntervalSince1970 }) }
    let path =
      options.storePath
      ?? SQLiteItemStore.defaultPath(
        catalogName: catalog.name, catalogPath: catalog.path, environment: ProcessInfo.processInfo.environment)
    return try SQLiteItemStore(path: path)
  }

  /// Prints accepted items: titles (or --field), or full records as JSON Lines with --json.
  static func printAccepted(_ ids: [String], query: String, catalog: Catalog, service: SearchService, options: Options) {
    var out = options.printQuery ? query + "\n" : ""
    for id in ids {
      if let record = catalog.index.record(objectID: id) {
        if options.json {
          out += catalog.json(record: record).serialized + "\n"
        } else if let field = options.field, let column = catalog.index.documents.attributeIndex(field) {
          out += catalog.index.documents.value(record, column) + "\n"
        } else {
          out += catalog.title(record: record) + "\n"
        }
      } else if let title = service.title(objectID: id) {
        out += options.json ? JSONValue.object([("objectID", .string(id)), ("title", .string(title))]).serialized + "\n" : title + "\n"
      }
    }
    Output.write(out)
  }
}
