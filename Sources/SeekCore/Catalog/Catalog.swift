import Foundation
import SearchEngine
import SeekApp

/// A loaded, indexed catalog.
public struct Catalog: Sendable {
  /// A short name for messages and the store's file name (the file name without extension).
  public var name: String
  public var path: String
  public var settings: ResolvedSettings
  /// The settings as given (file and flags), to resolve again when streamed records arrive.
  public var given: CatalogSettings
  public var numericAttributes: Set<String>
  public var index: SearchIndex
  /// What loading left out or cut (attributes past the cap, over-long values), to tell the user.
  public var warnings: [String] = []
  /// Suggestions generated from the records (`SuggestionGenerator`), kept in the index cache, and
  /// the minimum of hits they were made with.
  public var generatedSuggestions: (minHits: Int, list: [Suggestion])? = nil

  /// The generated suggestions for `minHits`: cached ones when they were made with it.
  public mutating func suggestions(minHits: Int) -> [Suggestion] {
    if let cached = generatedSuggestions, cached.minHits == minHits { return cached.list }
    let list = SuggestionGenerator.generate(from: self, minHits: minHits)
    generatedSuggestions = (minHits, list)
    return list
  }

  /// Indexes `table`, which is given up: its values are released once they are in the document
  /// store, before the index is built (peak memory is the store plus the index, not the table too).
  /// `workers`: the threads the build's parallel steps run on.
  public init(
    name: String, path: String, table: consuming RecordTable, settings: ResolvedSettings,
    given: CatalogSettings = CatalogSettings(), workers: Workers = .allCores
  ) {
    self = PreparedCatalog(name: name, path: path, table: table, settings: settings, given: given, workers: workers)
      .indexed()
  }

  /// A catalog around an index built earlier (loaded from the index cache).
  public init(
    name: String, path: String, settings: ResolvedSettings, given: CatalogSettings,
    numericAttributes: Set<String>, index: SearchIndex
  ) {
    self.name = name
    self.path = path
    self.settings = settings
    self.given = given
    self.numericAttributes = numericAttributes
    self.index = index
  }

  /// The record's attributes as a JSON object (numbers where the catalog had numbers).
  public func json(record: Int) -> JSONValue { json(index: index, record: record) }

  // MARK: - Items as JSON, one way for every output

  // `--filter --json`'s hits, the items accept prints with `--json`, and `--checked --json` all
  // write an item so: a record as stored, with its `objectID` (whatever the id attribute is
  // called: Algolia's rule); a created item as its objectID and its title under the catalog's
  // title attribute, `_created`; an item the catalog no longer has as the store kept it,
  // `_missing`. Seek's own members begin with `_` and never replace one of the record's.

  /// A record of `index` (this catalog's, or a segment with the same attributes) as JSON.
  public func json(index: SearchIndex, record: Int) -> JSONValue {
    let documents = index.documents
    var members: [(String, JSONValue)] = []
    if !documents.attributes.contains("objectID") {
      members.append(("objectID", .string(documents.objectID(record))))
    }
    // A JSON record's members that are not plain strings, as it wrote them.
    let typesColumn = documents.attributeIndex(RecordTable.typesAttribute)
    var typed: [(String, JSONValue)]? = nil
    if let typesColumn, case .object(let stored)? = try? JSONParser.parse(documents.value(record, typesColumn)) {
      typed = stored
    }
    for (column, name) in documents.attributes.enumerated() where column != typesColumn {
      let value = documents.value(record, column)
      if typesColumn != nil {
        // Records read from JSON: each member as stored; a member the record lacks is left out.
        if let stored = typed?.first(where: { $0.0 == name })?.1 {
          members.append((name, stored))
        } else if numericAttributes.contains(name), JSONValue.isStrictNumber(value) {
          members.append((name, .number(value)))
        } else if !value.isEmpty {
          members.append((name, .string(value)))
        }
        continue
      }
      // A number as the record wrote it, when JSON can carry it as one; otherwise its text.
      if numericAttributes.contains(name), JSONValue.isStrictNumber(value) {
        members.append((name, .number(value)))
      } else {
        members.append((name, .string(value)))
      }
    }
    return .object(members)
  }

  /// An item made with the create row.
  public func createdJSON(objectID: String, title: String) -> JSONValue {
    .object([("objectID", .string(objectID)), (titleAttribute, .string(title)), ("_created", .bool(true))])
  }

  /// A checked item the catalog no longer has, as the store kept it.
  public func missingJSON(objectID: String, title: String) -> JSONValue {
    .object([("objectID", .string(objectID)), (titleAttribute, .string(title)), ("_missing", .bool(true))])
  }

  /// The attribute rows show (a created item's title goes there).
  public var titleAttribute: String { index.documents.attributes[index.titleColumn] }

  public func title(record: Int) -> String { index.documents.value(record, index.titleColumn) }
}

/// Reads catalog files.
public enum CatalogLoader {
  /// Loads and indexes the catalog at `path`, with the settings file next to it (if any) overridden
  /// by `overrides`.
  public static func load(
    path: String, overrides: CatalogSettings = CatalogSettings(), beforeIndexing: ((PreparedCatalog) -> Void)? = nil
  ) throws(CatalogError) -> Catalog {
    let bytes = try readFile(path)
    let settingsPath = CatalogSettings.settingsPath(forCatalog: path)
    var settings = CatalogSettings()
    if FileManager.default.fileExists(atPath: settingsPath) {
      let text = String(decoding: try readFile(settingsPath), as: UTF8.self)
      settings = try CatalogSettings.parse(text, path: settingsPath)
    }
    settings = settings.overridden(by: overrides)
    return try load(bytes: bytes, path: path, settings: settings, beforeIndexing: beforeIndexing)
  }

  /// Indexes catalog bytes (from a file or a pipe); `path` names them in messages.
  /// `beforeIndexing` sees the records once they are parsed and ordered, before the index is built.
  public static func load(
    bytes: consuming [UInt8], path: String, settings: CatalogSettings,
    beforeIndexing: ((PreparedCatalog) -> Void)? = nil
  ) throws(CatalogError) -> Catalog {
    // Safe: the buffer is used only inside the closure, while `bytes` is alive; the table copies what it keeps.
    let table = try bytes.withUnsafeBufferPointer { buffer -> Result<RecordTable, CatalogError> in
      let format = settings.format ?? CatalogFormat.fromExtension(of: path) ?? CatalogFormat.sniff(buffer)
      do throws(CatalogError) {
        return .success(try CatalogParser.parse(buffer, format: format, path: path, strict: settings.strict))
      } catch {
        return .failure(error)
      }
    }.get()
    _ = consume bytes  // the file's bytes are in the table now
    let (errors, warnings) = settings.unknownAttributes(in: table)
    if !errors.isEmpty { throw .invalidSettings(path: path, message: errors.joined(separator: "; ")) }
    let resolved = settings.resolved(for: table)
    var prepared = PreparedCatalog(
      name: catalogName(path), path: path, table: consume table, settings: resolved, given: settings)
    prepared.warnings += warnings
    beforeIndexing?(prepared)
    return (consume prepared).indexed()
  }

  public static func catalogName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    if let dot = file.lastIndex(of: "."), dot > file.startIndex { return String(file[..<dot]) }
    return file
  }

  public static func readFile(_ path: String) throws(CatalogError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .notFound(path: path)
    }
    if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw .unreadable(path: path, reason: errno == EACCES ? "permission denied" : String(cString: strerror(errno)))
    }
    defer { close(fd) }
    // Read straight into the array (not through `Data`, which held a second copy of the file):
    // sized by fstat, grown if the file grows while read.
    var info = stat()
    let expected = fstat(fd, &info) == 0 ? max(0, Int(info.st_size)) : 0
    var bytes = [UInt8](repeating: 0, count: max(expected, 1 << 16))
    var filled = 0
    while true {
      if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 1 << 16)) }
      // Safe: reads at most the bytes left in the array's own storage.
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      filled += n
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }
}
