import Foundation
import SearchEngine
import SeekCore

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
    Output.error("seek: the interactive mode is not built yet; use --filter")
    return 2
  }
}
