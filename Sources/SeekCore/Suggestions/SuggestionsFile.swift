import SeekApp

/// Reads suggestions files: Algolia suggestion records (a JSON array of objects with `query`,
/// `popularity`, `nb_words`, `instant_search.exact_nb_hits`, facets…) or `{query, popularity}`
/// JSON Lines.
public enum SuggestionsFile {
  public static func load(path: String) throws(CatalogError) -> [Suggestion] {
    let bytes = try CatalogLoader.readFile(path)
    return try parse(bytes, path: path)
  }

  public static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> [Suggestion] {
    // Safe: the buffer is used only inside the closure, while `bytes` is alive; suggestions copy what they keep.
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<[Suggestion], CatalogError> in
      var values: [(JSONValue, Int)] = []
      let format = CatalogFormat.sniff(buffer)
      do throws(CatalogError) {
        if format == .json {
          var parser = JSONParser(buffer, start: CatalogParser.bomLength(buffer))
          let value: JSONValue
          do throws(JSONSyntaxError) { value = try parser.parseValue() } catch {
            throw .malformedJSON(path: path, line: error.line, column: error.column, message: error.message)
          }
          guard case .array(let items) = value else {
            throw .notARecord(path: path, line: 1, found: CatalogParser.kind(value))
          }
          values = items.map { ($0, 1) }
        } else {
          var line = 0
          try CatalogParser.forEachLine(buffer) { (bytes) throws(CatalogError) in
            line += 1
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            var parser = JSONParser(bytes)
            do throws(JSONSyntaxError) { values.append((try parser.parseValue(), line)) } catch {
              throw .malformedJSON(path: path, line: line, column: error.column, message: error.message)
            }
          }
        }
        var out: [Suggestion] = []
        for (value, line) in values {
          guard case .object = value else {
            throw .notARecord(path: path, line: line, found: CatalogParser.kind(value))
          }
          guard case .string(let query)? = value["query"] else {
            throw .malformedTable(path: path, line: line, message: "a suggestion needs a \"query\" string")
          }
          var popularity = 0
          if case .number(let n)? = value["popularity"] { popularity = Int(saturating: Double(n) ?? 0) }
          var nbHits: Int? = nil
          if case .number(let n)? = value["instant_search"]?["exact_nb_hits"] ?? value["nbHits"] {
            nbHits = Double(n).map { Swift.max(0, Int(saturating: $0)) }
          }
          var category: String? = nil
          if case .array(let top)? = value["instant_search"]?["facets"]?["exact_matches"]?["categories"],
            case .string(let name)? = top.first?["value"]
          {
            category = name
          }
          out.append(Suggestion(query: query, popularity: popularity, nbHits: nbHits, category: category))
        }
        return .success(out)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
