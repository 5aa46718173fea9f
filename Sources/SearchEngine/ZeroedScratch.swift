import Foundation

/// A large scratch array that starts all zero without being written: fresh pages from the kernel
/// are already zero, and a page costs memory only once it is touched. A searcher's per-record
/// stamps, slots and matched words, and the cache check's per-byte marks, are read and written
/// sparsely — a search touches the records it matches — so start-up no longer clears megabytes
/// that most searches never look at.
///
/// Arrays of `hugePageBytes` or more are mapped on a huge-page boundary and advised to use
/// transparent huge pages: the first search of 1.1M records touches its candidates' slots all
/// over a 35 MB array, and with 4 KB pages that was 6,000 page faults (12–15 ms of a 100 ms warm
/// start); with 2 MB pages it is a few dozen, and random reads miss the TLB less on every
/// keystroke after. The trade: a touched huge page is resident whole, so a search that touches
/// a few records anywhere makes the whole array resident (at most 32 bytes a record).
final class ZeroedScratch<Element: BitwiseCopyable>: @unchecked Sendable {
  // @unchecked: used by one thread at a time (a searcher's, or the check's), as its owner is.
  private let base: UnsafeMutablePointer<Element>
  let count: Int
  /// The anonymous mapping holding a huge-page array (nil when `calloc` made it).
  private let mapping: (start: UnsafeMutableRawPointer, length: Int)?

  /// Transparent huge pages on x86-64 and arm64 with 4 KB base pages.
  static var hugePageBytes: Int { 2 << 20 }

  init(count: Int) {
    self.count = count
    let bytes = max(count, 1) * MemoryLayout<Element>.stride
    if bytes >= Self.hugePageBytes, let (start, length, aligned) = Self.mapHugePageAligned(bytes: bytes) {
      mapping = (start, length)
      // Safe: `aligned` lies in a fresh anonymous mapping (zero-filled) of at least `bytes` bytes
      // after it; a zero bit pattern is a valid BitwiseCopyable integer.
      base = aligned.bindMemory(to: Element.self, capacity: max(count, 1))
      return
    }
    mapping = nil
    // Safe: calloc returns zeroed memory for `count` elements (at least one, so never NULL for
    // a zero count); a zero bit pattern is a valid BitwiseCopyable integer.
    guard let memory = calloc(max(count, 1), MemoryLayout<Element>.stride) else {
      fatalError("out of memory for \(count) scratch elements")
    }
    base = memory.assumingMemoryBound(to: Element.self)
  }

  /// An anonymous mapping with `bytes` bytes from a huge-page boundary, advised to use huge
  /// pages (advice the kernel may ignore: the memory is still zeroed and usable).
  private static func mapHugePageAligned(
    bytes: Int
  ) -> (start: UnsafeMutableRawPointer, length: Int, aligned: UnsafeMutableRawPointer)? {
    let huge = hugePageBytes
    let usable = (bytes + huge - 1) / huge * huge
    let length = usable + huge
    guard let start = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      start != MAP_FAILED
    else { return nil }
    let address = Int(bitPattern: start)
    // Safe: rounding up to the next boundary moves at most `huge - 1` bytes into the mapping,
    // which holds `usable + huge` bytes.
    let aligned = start + ((address + huge - 1) / huge * huge - address)
    _ = madvise(aligned, usable, Int32(MADV_HUGEPAGE))
    return (start, length, aligned)
  }

  deinit {
    if let mapping {
      munmap(mapping.start, mapping.length)
    } else {
      free(base)
    }
  }

  @inline(__always) subscript(i: Int) -> Element {
    get {
      precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "scratch index out of range")
      // Safe: i < count was checked.
      return base[i]
    }
    set {
      precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "scratch index out of range")
      // Safe: i < count was checked.
      base[i] = newValue
    }
  }

  /// Zeroes every element (touching every page).
  func zeroAll() {
    // Safe: the allocation holds `count` elements.
    memset(base, 0, count * MemoryLayout<Element>.stride)
  }

  @inline(__always) func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
    // Safe: the buffer is the allocation, alive as long as self.
    withExtendedLifetime(self) { body(UnsafeMutableBufferPointer(start: base, count: count)) }
  }

  @inline(__always) func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    // Safe: the buffer is the allocation, alive as long as self.
    withExtendedLifetime(self) { body(UnsafeBufferPointer(start: base, count: count)) }
  }
}
