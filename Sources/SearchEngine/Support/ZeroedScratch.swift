import Foundation

/// A large scratch array that starts all zero without being written: `calloc` of this size gets
/// fresh pages from the kernel, already zero, and a page costs memory only once it is touched.
/// A searcher's per-record stamps are read and written sparsely — a search touches the records it
/// matches — so start-up does not clear megabytes that most searches never look at.
final class ZeroedScratch<Element: BitwiseCopyable>: @unchecked Sendable {
  // @unchecked: used by one thread at a time (a searcher's, or the check's), as its owner is.
  private let base: UnsafeMutablePointer<Element>
  let count: Int

  init(count: Int) {
    self.count = count
    // Safe: calloc returns zeroed memory for `count` elements (at least one, so never NULL for
    // a zero count); a zero bit pattern is a valid BitwiseCopyable integer.
    guard let memory = calloc(max(count, 1), MemoryLayout<Element>.stride) else {
      fatalError("out of memory for \(count) scratch elements")
    }
    base = memory.assumingMemoryBound(to: Element.self)
  }

  deinit { free(base) }

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

  /// The memory itself, for a loop that reads and writes several scratch arrays at once (a
  /// searcher's ranking loop) without a closure for each. Valid while the scratch is alive: its
  /// owner (the searcher) uses it within its own methods only.
  var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

  @inline(__always) func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
    // Safe: the buffer is the allocation, alive as long as self.
    withExtendedLifetime(self) { body(UnsafeMutableBufferPointer(start: base, count: count)) }
  }

  @inline(__always) func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    // Safe: the buffer is the allocation, alive as long as self.
    withExtendedLifetime(self) { body(UnsafeBufferPointer(start: base, count: count)) }
  }
}
