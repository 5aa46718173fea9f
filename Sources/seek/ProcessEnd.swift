import Foundation
import SeekCLI
import SeekCore

/// How Seek ends once its work is done.
enum ProcessEnd {
  /// Flushes standard I/O and ends the process without running exit handlers. A thread may still
  /// be inside libpq (a catalog's change watcher, a connection being made): `exit` would tear
  /// down OpenSSL under it, which crashed (SIGSEGV, exit 139) in about one exit in three when no
  /// terminal could be opened. Nothing Seek owes is left to an exit handler: stores are written
  /// and closed, and output goes out with write(2) before this point.
  static func exit(_ code: Int32) -> Never {
    PlaceholderFiles.removeAll()
    fflush(nil)
    _exit(code)
  }
}
