import Foundation

/// Seek draws UTF-8, as fzf does, whatever the locale says: without a UTF-8 locale (`LANG`
/// unset, `C`, `POSIX`), ncursesw would draw every non-ASCII character as nothing or as escapes,
/// and typed ones would never arrive. The user's locale is kept for everything else; only the
/// character type is C.UTF-8 (present on every glibc system).
public enum TerminalLocale {
  /// Sets the locale from the environment, then the character type to C.UTF-8 when it is not
  /// UTF-8 already. False when no UTF-8 character type could be set.
  @discardableResult
  public static func useUTF8() -> Bool {
    setlocale(LC_ALL, "")
    if isUTF8() { return true }
    return setlocale(LC_CTYPE, "C.UTF-8") != nil && isUTF8()
  }

  static func isUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
