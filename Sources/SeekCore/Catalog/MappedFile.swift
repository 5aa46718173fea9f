import CSystem
import Foundation

/// A whole file mapped read-only, unmapped with the last column that borrows from it, and kept
/// as it was when mapped whatever happens to the file.
///
/// Seek writes caches to a fresh file and renames it into place, so Seek itself never changes a
/// mapped file. Others may: `cp`, `rsync --inplace` or `truncate` on a cache would turn reads of
/// the mapping into SIGBUS (past a new end) or into bytes that were never checked. So the file
/// is read through a lease (`F_SETLEASE`, Linux): anyone who opens it for writing or truncates it
/// is held by the kernel until the lease is released, and Seek is told with SIGIO. Seek then
/// copies the mapping into private memory, puts the copy at the same address in one step
/// (`mremap`), so that every pointer into it stays valid, and releases the lease: the writer goes
/// on, the index in use keeps the checked bytes. Without a lease (a file system that has none,
/// someone writing it already) the copy is made at once: slower to open, never unsafe.
public final class MappedFile: @unchecked Sendable {
  // @unchecked: the mapping is read-only; its bytes never change, only where they live (the
  // copy replaces them at the same address, with the same contents, atomically).
  let bytes: UnsafeRawBufferPointer
  /// The descriptor holding the lease; -1 once the mapping is private.
  private var leaseFD: Int32 = -1
  private let lock = NSLock()

  init?(fd: Int32, size: Int) {
    guard size > 0 else { return nil }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let address, address != MAP_FAILED else { return nil }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
    // Random access: no read-ahead of pages a search will not look at.
    madvise(address, size, MADV_RANDOM)
    let lease = open("/proc/self/fd/\(fd)", O_RDONLY | O_CLOEXEC)
    if lease >= 0, LeaseBreaks.watch(self), seek_take_read_lease(lease) == 0 {
      leaseFD = lease
    } else {
      if lease >= 0 { close(lease) }
      guard makePrivate() else { return nil }
    }
  }

  /// Whether the mapping is a private copy (no longer the file's pages).
  public var isPrivate: Bool {
    lock.lock()
    defer { lock.unlock() }
    return leaseFD < 0
  }

  /// Copies the file's bytes into private memory at the same address and releases the lease.
  /// Called when the lease breaks: the writer is held until then, so the bytes are the checked
  /// ones.
  @discardableResult
  func makePrivate() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard let base = bytes.baseAddress else { return false }
    let copy = mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let copy, copy != MAP_FAILED else { return false }
    // Safe: both regions are `bytes.count` long, mapped, and distinct.
    memcpy(copy, base, bytes.count)
    mprotect(copy, bytes.count, PROT_READ)
    // Safe: the copy replaces the file's pages at the address every view already points to.
    guard seek_mremap_onto(copy, bytes.count, UnsafeMutableRawPointer(mutating: base)) != MAP_FAILED else {
      munmap(copy, bytes.count)
      return false
    }
    if leaseFD >= 0 {
      close(leaseFD)  // releases the lease: the writer goes on
      leaseFD = -1
    }
    return true
  }

  deinit {
    LeaseBreaks.forget(self)
    if leaseFD >= 0 { close(leaseFD) }
    munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
  }
}

/// SIGIO (a lease breaking) → a pipe → one thread that makes every leased mapping private. The
/// handler only writes a byte (async-signal-safe); the copying happens on the thread.
enum LeaseBreaks {
  nonisolated(unsafe) private static var writeFD: Int32 = -1
  private static let lock = NSLock()
  nonisolated(unsafe) private static var watched: [ObjectIdentifier: Weak] = [:]
  nonisolated(unsafe) private static var started = false

  struct Weak { weak var file: MappedFile? }

  /// Registers `file`; false when the signal cannot be watched (no lease is taken then).
  static func watch(_ file: MappedFile) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if !started {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { return false }
      _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
      writeFD = fds[1]
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        var byte: UInt8 = 1
        _ = write(LeaseBreaks.writeFD, &byte, 1)
      }
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(SIGIO, &action, nil)
      let reader = fds[0]
      let thread = Thread { LeaseBreaks.serve(reader) }
      thread.stackSize = 1 << 20
      thread.start()
      started = true
    }
    watched[ObjectIdentifier(file)] = Weak(file: file)
    return true
  }

  static func forget(_ file: MappedFile) {
    lock.lock()
    watched[ObjectIdentifier(file)] = nil
    lock.unlock()
  }

  private static func serve(_ reader: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = read(reader, &buffer, buffer.count)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return }
      lock.lock()
      let files = watched.values.compactMap(\.file)
      watched.removeAll()
      lock.unlock()
      for file in files { file.makePrivate() }
    }
  }
}
