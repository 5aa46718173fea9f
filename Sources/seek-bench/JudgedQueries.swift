import SearchEngine
import SeekCore

/// A judged set of shopper queries on `Data/`: each with what its top three hits must be. The
/// real queries' category precision says whether a page is in the right aisle; these say whether
/// it shows the product a query names (`iphone 15` is not the 15 Pro, `fridge` is a
/// refrigerator). Each is checked against the catalog: a judgement no three records satisfy is
/// reported, not counted.
enum JudgedQueries {
  struct Judged {
    var query: String
    /// Word runs the name must hold (folded, whole words in a row).
    var has: [String] = []
    /// Words the name must not hold.
    var lacks: [String] = []
    /// A level of the category path the hit must be in.
    var category: String? = nil
    var brand: String? = nil
  }

  static let model = ["pro", "plus", "max", "ultra", "mini", "fe"]

  static let set: [Judged] = [
    // The product a model names, not its siblings.
    Judged(query: "iphone 15", has: ["iphone 15"], lacks: model, category: "Smartphones"),
    Judged(query: "iphone 15 pro", has: ["iphone 15 pro"], lacks: ["max"], category: "Smartphones"),
    Judged(query: "iphone 15 case", has: ["iphone 15"], lacks: model, category: "Cases"),
    Judged(query: "iphone 14 case", has: ["iphone 14"], lacks: model, category: "Cases"),
    Judged(query: "iphone 14", has: ["iphone 14"], lacks: model, category: "Smartphones"),
    Judged(query: "pixel 8 pro", has: ["pixel 8 pro"], category: "Smartphones"),
    Judged(query: "galaxy s24", has: ["galaxy s24"], lacks: model, category: "Smartphones"),
    Judged(query: "galaxy s24 ultra", has: ["galaxy s24 ultra"], category: "Smartphones"),
    Judged(query: "galaxy s24 case", has: ["galaxy s24"], lacks: model, category: "Cases"),
    Judged(query: "otterbox iphone 15", has: ["iphone 15"], lacks: model, brand: "OtterBox"),
    Judged(query: "screen protector iphone 14", has: ["iphone 14"], lacks: model, category: "Screen Protectors"),
    Judged(query: "macbook air", has: ["macbook air"], category: "MacBooks"),
    Judged(query: "macbook pro 14", has: ["macbook pro 14"], category: "MacBooks"),
    Judged(query: "ipad pro", has: ["ipad pro"], category: "iPad"),
    Judged(query: "echo dot", has: ["echo dot"], category: "Smart Speakers"),
    Judged(query: "airpods", has: ["airpods"], category: "Headphones"),
    // Everyday words, including those the catalog does not use.
    Judged(query: "fridge", category: "Refrigerators"),
    Judged(query: "icebox", category: "Refrigerators"),
    Judged(query: "stove", category: "Ranges"),
    Judged(query: "washing machine", category: "Washers & Dryers"),
    Judged(query: "cellular phone", category: "Smartphones"),
    Judged(query: "cellphone", category: "Smartphones"),
    Judged(query: "mobile phone", category: "Smartphones"),
    Judged(query: "television", category: "TVs"),
    Judged(query: "notebook", category: "Laptops"),
    Judged(query: "earbuds", category: "Headphones"),
    Judged(query: "sound bar", category: "Sound Bars"),
    Judged(query: "soundbar", category: "Sound Bars"),
    // An aisle.
    Judged(query: "refrigerator", category: "Refrigerators"),
    Judged(query: "french door refrigerator", has: ["french door"], category: "Refrigerators"),
    Judged(query: "washer", category: "Washers & Dryers"),
    Judged(query: "dishwasher", category: "Dishwashers"),
    Judged(query: "microwave", category: "Microwaves"),
    Judged(query: "air fryer", category: "Air Fryers"),
    Judged(query: "coffee maker", category: "Coffee Makers"),
    Judged(query: "blender", category: "Blenders"),
    Judged(query: "stand mixer", category: "Mixers"),
    Judged(query: "headphones", category: "Headphones"),
    Judged(query: "noise cancelling headphones", category: "Headphones"),
    Judged(query: "bluetooth speaker", category: "Speakers"),
    Judged(query: "doorbell", category: "Video Doorbells"),
    Judged(query: "security camera", category: "Security Cameras"),
    Judged(query: "thermostat", category: "Smart Thermostats"),
    Judged(query: "mirrorless camera", category: "Mirrorless Cameras"),
    Judged(query: "fitness tracker", category: "Fitness Trackers"),
    Judged(query: "monitor", category: "Monitors"),
    Judged(query: "keyboard", category: "Keyboards"),
    Judged(query: "laptop bag", category: "Laptop Bags & Cases"),
    Judged(query: "gaming laptop", category: "Gaming Laptops"),
    Judged(query: "4k tv", category: "TVs"),
    Judged(query: "65 inch tv", has: ["65"], category: "TVs"),
    Judged(query: "tv mount", category: "TV Mounts"),
    Judged(query: "wireless charger", category: "Chargers"),
    Judged(query: "car mount", category: "Car Accessories"),
    Judged(query: "charging cable iphone", has: ["iphone"], category: "Cables"),
    Judged(query: "switch games", category: "Nintendo Switch Games"),
    Judged(query: "nintendo switch", category: "Nintendo Switch"),
    Judged(query: "xbox controller", category: "Controllers"),
    Judged(query: "ps5", category: "PlayStation 5"),
    Judged(query: "ps5 controller", category: "Controllers", brand: "Sony"),
    Judged(query: "samsung tv", category: "TVs", brand: "Samsung"),
    Judged(query: "sony headphones", category: "Headphones", brand: "Sony"),
    Judged(query: "apple watch", category: "Smartwatches", brand: "Apple"),
  ]

  /// The record's name as whole folded words, one space apart (padded with spaces at both ends,
  /// so that a word run is found as " iphone 15 ").
  private static func words(_ text: String) -> String {
    " " + String(decoding: Tokenizer.nameKey(text), as: UTF8.self) + " "
  }

  private static func satisfies(_ j: Judged, name: String, category: String, brand: String) -> Bool {
    let name = words(name)
    if !j.has.allSatisfy({ name.contains(words($0)) }) { return false }
    if j.lacks.contains(where: { name.contains(" \($0) ") }) { return false }
    if let c = j.category, !category.components(separatedBy: " > ").contains(c) { return false }
    if let b = j.brand, b != brand { return false }
    return true
  }

  struct Outcome {
    /// Queries whose three top hits all satisfy their judgement, of those judged.
    var passed: Int
    var judged: Int
    /// Of the top-three hits of every judged query, those that satisfy.
    var goodHits: Int
    var failures: [String]
    var unsatisfiable: [String]
  }

  /// `categories`: the categories queries point to (`QueryCategories`), as the app asks them.
  static func judge(_ catalog: Catalog, categories: QueryCategories? = nil) -> Outcome {
    func fits(_ j: Judged, _ index: SearchIndex, _ record: Int) -> Bool {
      let docs = index.documents
      func value(_ attribute: String) -> String {
        docs.attributeIndex(attribute).map { docs.value(record, $0) } ?? ""
      }
      return satisfies(
        j, name: docs.value(record, index.titleColumn), category: value("category"), brand: value("brand"))
    }
    let searcher = CatalogSearcher(catalog: catalog)
    var outcome = Outcome(passed: 0, judged: 0, goodHits: 0, failures: [], unsatisfiable: [])
    for j in set {
      guard (0..<catalog.index.count).lazy.filter({ fits(j, catalog.index, $0) }).prefix(3).count == 3 else {
        outcome.unsatisfiable.append(j.query)
        continue
      }
      outcome.judged += 1
      var request = CatalogSearcher.Request(query: j.query, hitsPerPage: 3)
      request.optionalCategory = categories?.category(for: j.query)
      let hits = (try? searcher.search(request))?.hits ?? []
      let good = hits.prefix(3).map { fits(j, $0.index, $0.hit.record) }
      outcome.goodHits += good.filter { $0 }.count
      if good.count == 3 && good.allSatisfy({ $0 }) {
        outcome.passed += 1
      } else {
        let shown = zip(hits, good).map { hit, good in
          (good ? "+ " : "- ") + hit.index.documents.value(hit.hit.record, hit.index.titleColumn)
        }
        outcome.failures.append("\(j.query): " + (shown.isEmpty ? "no hits" : shown.joined(separator: " | ")))
      }
    }
    return outcome
  }

  /// One line for the bench, and the failures under it.
  static func report(_ catalog: Catalog, categories: QueryCategories? = nil, label: String = "") {
    let o = judge(catalog, categories: categories)
    log(
      "  judged shopper queries\(label) (top 3 all right): \(o.passed) of \(o.judged); hits right \(o.goodHits) of \(3 * o.judged)"
        + (o.unsatisfiable.isEmpty ? "" : "; unsatisfiable, not counted: \(o.unsatisfiable.joined(separator: ", "))"))
    for failure in o.failures { log("    " + failure) }
  }
}
