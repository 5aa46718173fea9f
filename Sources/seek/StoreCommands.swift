import Foundation
import SeekApp
import SeekCLI
import SeekCore
import SeekShared

/// `seek --checked` (the list a person made), `seek --uncheck-all` and `seek --delete-created`.
enum StoreCommands {
  static func run(catalog: Catalog, options: Options) -> Int32 {
    do {
      let store = try SeekCommand.openStore(catalog: catalog, options: options, follows: false)
      // A shared store: what others changed first, and this command's write sent before it
      // returns. A command that only reads (`--checked`) sends nothing, not even what an earlier
      // run left queued: the app or the next write sends that.
      let shared = store as? SharedItemStore
      let writes = options.forgetPicks || options.addPick != nil || options.uncheckAll || options.deleteCreated != nil
      let reached = shared.map { sendAndReceive($0, sending: writes) } ?? false
      defer { if writes, reached, let shared, shared.pendingChanges > 0 { _ = sendAndReceive(shared) } }
      if options.forgetPicks {
        let count = try store.forgetPicks()
        Output.write("forgot \(count) pick\(count == 1 ? "" : "s")\n")
        return 0
      }
      if let title = options.addPick {
        // The item of that title in the catalog (or a created one), picked for -q's query.
        let created = try store.createdItems()
        guard
          let objectID = catalog.index.records(titled: title).first.map({ catalog.index.documents.objectID($0) })
            ?? created.first(where: { $0.objectID == CreatedItem.objectID(forTitle: title) })?.objectID
        else {
          Output.error("seek: no item is named '\(SafeText.sanitized(title))'")
          return 1
        }
        try store.recordPick(objectID: objectID, query: options.query, time: Date().timeIntervalSince1970)
        Output.write("picked \(SafeText.sanitized(title))\n")
        return 0
      }
      if options.uncheckAll {
        let count = try store.uncheckAll()
        Output.write("unchecked \(count) item\(count == 1 ? "" : "s")\n")
        return 0
      }
      if let title = options.deleteCreated {
        let id = CreatedItem.objectID(forTitle: title)
        guard try store.deleteCreatedItem(objectID: id) else {
          Output.error("seek: no created item is named '\(SafeText.sanitized(title))'")
          return 1
        }
        Output.write("deleted \(SafeText.sanitized(title))\n")
        return 0
      }
      let created = try store.createdItems()
      var out = ""
      for item in try store.checkedItems() {
        let record = catalog.index.record(objectID: item.objectID)
        let isCreated = created.contains { $0.objectID == item.objectID }
        let missing = record == nil && !isCreated
        if options.json {
          let json =
            record.map { catalog.json(record: $0) }
            ?? (isCreated
              ? catalog.createdJSON(objectID: item.objectID, title: item.title)
              : catalog.missingJSON(objectID: item.objectID, title: item.title))
          out += json.serialized + "\n"
        } else {
          let title = record.map { catalog.title(record: $0) } ?? item.title
          out += SafeText.sanitized(title) + (missing ? "\t(no longer in the catalog)" : "") + "\n"
        }
      }
      Output.write(out)
      return 0
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
  }

  /// One sync round; false (and a warning) when the server could not be reached.
  private static func sendAndReceive(_ store: SharedItemStore, sending: Bool = true) -> Bool {
    guard let warning = store.syncNow(sending: sending) else { return true }
    Output.error("seek: warning: \(warning)")
    return false
  }
}
