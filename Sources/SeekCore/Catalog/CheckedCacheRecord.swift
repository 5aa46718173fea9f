import Foundation

/// A note that one cache file passed every check — its checksum and `IndexImage`'s content
/// checks — kept beside it (`….index.checked`), so that later starts trust the same file without
/// reading it again. The checks read every byte: at ten million records, 3.6 GB and half a second
/// to a second of every warm start, where mapping the file and answering takes a tenth of that.
///
/// The note names the file as a catalog's fingerprint names a catalog: device, inode, size,
/// modification and change times to the nanosecond, and the checksum stored at the cache's end.
/// A write to the cache changes its change time, which no one can set back; so a note is written
/// only for a file unchanged for `IndexCache.racyWithin` seconds before its check began (a write
/// in the same coarse clock tick as the last one could leave the times as they were), and only
/// once the checked bytes are on disk (`fdatasync`): a crash cannot leave a note whose file lost
/// the bytes that were checked. The note is trusted as the cache is — a regular file, not a link,
/// owned by this user, writable by no one else — and is compared whole.
///
/// What a note trades away: a disk that changes bytes under the file system after the check (bit
/// rot) is not seen where a full check would see it. The index's reads rely on the content checks
/// for their bounds, so that is the one risk taken, the one every database file takes.
enum CheckedCacheRecord {
  static func path(forCache cache: String) -> String { cache + ".checked" }

  /// What a note holds: the file's identity and its stored checksum.
  static func identity(of info: stat, checksum: UInt64) -> String {
    "seek-cache-checked 1 dev=\(info.st_dev) ino=\(info.st_ino) size=\(info.st_size) mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) ctime=\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) checksum=\(String(checksum, radix: 16))\n"
  }

  /// Whether the note beside `cache` names exactly `identity`.
  static func holds(forCache cache: String, identity: String) -> Bool {
    let fd = open(path(forCache: cache), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
      info.st_mode & 0o022 == 0, info.st_size == identity.utf8.count
    else { return false }
    var bytes = [UInt8](repeating: 0, count: identity.utf8.count)
    // Safe: reads at most bytes.count bytes into the array's own storage.
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    return n == bytes.count && bytes.elementsEqual(identity.utf8)
  }

  /// Whether a file last changed at `changedAt` may get a note from a check that began at `now`.
  static func mayRecord(changedAt: Double, checkBegan now: Double) -> Bool {
    changedAt <= now - IndexCache.racyWithin
  }

  /// Once the checked bytes are on disk and the file is still the one checked, writes the note (a
  /// fresh `mkstemp` file, mode 0600, renamed into place). Takes `fd`, a descriptor of the cache
  /// the caller no longer needs, and closes it. `fdatasync` waits for a cache written in the last
  /// half minute to reach the disk (seconds, at ten million records), so callers that answer
  /// someone record on a thread of their own (`recordInBackground`).
  static func record(forCache cache: String, fd: Int32, identity: String, checksum: UInt64) {
    defer { close(fd) }
    var info = stat()
    guard fdatasync(fd) == 0, fstat(fd, &info) == 0, Self.identity(of: info, checksum: checksum) == identity
    else { return }
    write(identity, to: path(forCache: cache))
  }

  /// `record` on a thread of its own. The note is an optimization: a process that ends first
  /// leaves none (a stale temporary at most, removed by the next note's writer), and the next
  /// start checks the cache again.
  static func recordInBackground(forCache cache: String, fd: Int32, identity: String, checksum: UInt64) {
    Thread.detachNewThread { record(forCache: cache, fd: fd, identity: identity, checksum: checksum) }
  }

  private static func write(_ text: String, to path: String) {
    IndexCache.removeStaleTemporaries(of: path)
    var template = Array((path + ".tmp-\(getpid())-XXXXXX").utf8CString)
    // Safe: mkstemp writes only inside the NUL-terminated template it is given.
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    fchmod(fd, 0o600)
    let bytes = Array(text.utf8)
    // Safe: writes the array's own bytes while it is alive.
    let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    let synced = fsync(fd) == 0
    close(fd)
    if written != bytes.count || !synced || rename(temporary, path) != 0 { unlink(temporary) }
  }
}
