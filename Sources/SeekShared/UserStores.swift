import Foundation
import SeekCore

/// Where a list is shared, as only its owner may say it: `--store` on the command line, then
/// `SEEK_STORE` in the environment (one address for every list), then the user's own config
/// folder, `$XDG_CONFIG_HOME/seek/stores.json` (`~/.config/seek/stores.json`), which names an
/// address per list:
///
///     {"products": "postgres://ann@db.example/lists", "groceries": "postgres://…"}
///
/// Never a file that travels with the data: a settings file beside a catalog comes with a clone
/// or a download, and once sent a person's whole list, picks and password to whatever server it
/// named. The config file must not be writable by others (as ssh asks of its config), since it
/// decides where the list and the password go.
public enum UserStores {
  public struct Refusal: Error, CustomStringConvertible {
    public var description: String
  }

  /// The config file: `$XDG_CONFIG_HOME/seek/stores.json`, else `~/.config/seek/stores.json`.
  public static func configPath(_ environment: [String: String]) -> String {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
    return base + "/seek/stores.json"
  }

  /// The address `SEEK_STORE` or the config file gives for `list`; nil when neither names one.
  public static func address(forList list: String, environment: [String: String]) throws(Refusal) -> PostgresAddress? {
    if let text = environment["SEEK_STORE"], !text.isEmpty {
      return try parse(text, from: "SEEK_STORE")
    }
    let path = configPath(environment)
    guard let text = try readConfig(path) else { return nil }
    let members: [(String, JSONValue)]
    do {
      guard case .object(let object) = try JSONParser.parse(text) else {
        throw Refusal(description: "\(path): must be an object of list names and addresses")
      }
      members = object
    } catch let refusal as Refusal {
      throw refusal
    } catch {
      throw Refusal(description: "\(path): \(error)")
    }
    guard let value = members.last(where: { $0.0 == list })?.1 else { return nil }
    guard case .string(let address) = value else {
      throw Refusal(description: "\(path): the address of '\(list)' must be a string")
    }
    return try parse(address, from: path)
  }

  private static func parse(_ text: String, from origin: String) throws(Refusal) -> PostgresAddress {
    guard PostgresAddress.isAddress(text) else {
      throw Refusal(description: "\(origin): not a PostgreSQL address (postgres://…)")
    }
    do { return try PostgresAddress(text) } catch { throw Refusal(description: "\(origin): \(error)") }
  }

  /// The file's text; nil when there is none. Refused when others may write it.
  private static func readConfig(_ path: String) throws(Refusal) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    guard info.st_mode & 0o022 == 0 else {
      throw Refusal(
        description: "\(path) is writable by others, so it cannot choose where your list goes: chmod go-w it")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Refusal(description: "\(path): cannot be read")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
