/// One storage type for every array the engine searches: either an array it built (owned), or a
/// slice of a mapped index cache file (borrowed, paged in by the kernel on first touch). The
/// searcher reads both the same way, so a cache opens by mapping the file, not by copying it into
/// fresh arrays: a warm start costs the pages a query touches, not the whole index.
///
/// Reads are bounds-checked like an `Array`'s (a bad id traps rather than reads past the end);
/// the hot loops that must not pay for it take `withUnsafeBufferPointer`, as they did on arrays.
public struct Column<Element: BitwiseCopyable>: @unchecked Sendable, RandomAccessCollection {
  // @unchecked: the buffer is immutable memory kept alive by `owner`, itself Sendable.
  /// Keeps the memory alive: the array this column owns, or the mapped file it borrows from.
  private var box: ArrayBox<Element>?
  private var owner: (any AnyObject & Sendable)?
  private var buffer: UnsafeBufferPointer<Element>

  public init() {
    box = nil
    owner = nil
    buffer = UnsafeBufferPointer(start: nil, count: 0)
  }

  /// Whether no other value holds this column's memory (tests: who keeps an index alive).
  mutating func isUniquelyHeld() -> Bool { isKnownUniquelyReferenced(&box) }

  /// An owned column holding `array`.
  public init(_ array: [Element]) {
    let box = ArrayBox(array)
    self.box = box
    owner = nil
    buffer = box.buffer
  }

  /// A column over memory `owner` keeps alive and never changes (a read-only mapping).
  /// The caller guarantees `buffer` is aligned for `Element` and lies within `owner`'s memory.
  public init(borrowing buffer: UnsafeBufferPointer<Element>, owner: any AnyObject & Sendable) {
    box = nil
    self.owner = owner
    self.buffer = buffer
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { buffer.count }
  public var count: Int { buffer.count }

  @inline(__always) public subscript(position: Int) -> Element {
    precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "Column index out of range")
    // Safe: the position was checked against the count; the owner keeps the memory alive.
    return buffer[position]
  }

  /// Calls `body` with the elements, without copying.
  @inline(__always) public func withUnsafeBufferPointer<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    // Safe: the owner (a stored property of self) keeps the memory alive for the call.
    try withExtendedLifetime((box, owner)) { try body(buffer) }
  }

  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withUnsafeBufferPointer { try body(UnsafeRawBufferPointer($0)) }
  }

  /// Appends, as an array would: in place when this column owns its array alone, else on a copy.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    mutateArray { $0.append(contentsOf: elements) }
  }

  public mutating func append(_ element: Element) {
    mutateArray { $0.append(element) }
  }

  public mutating func reserveCapacity(_ n: Int) {
    mutateArray { $0.reserveCapacity(n) }
  }

  private mutating func mutateArray(_ change: (inout [Element]) -> Void) {
    if box == nil || !isKnownUniquelyReferenced(&box!) {
      box = ArrayBox(Array(buffer))
      owner = nil
    }
    // Only this column references the box: nothing else reads the array while it changes.
    change(&box!.array)
    box!.refresh()
    buffer = box!.buffer
  }

  /// Bytes held (owned or mapped).
  public var byteCount: Int { buffer.count * MemoryLayout<Element>.stride }
}

extension Column: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

/// Owns the array behind an owned `Column`. The pointer into the array is taken again after every
/// change (only a uniquely referenced box changes); between changes the array is not mutated, so its
/// storage neither moves nor is freed while the box lives. Swift arrays on Linux are always native,
/// contiguous storage.
private final class ArrayBox<Element: BitwiseCopyable>: @unchecked Sendable {
  var array: [Element]
  private(set) var buffer: UnsafeBufferPointer<Element>

  init(_ array: [Element]) {
    self.array = array
    buffer = UnsafeBufferPointer(start: nil, count: 0)
    refresh()
  }

  func refresh() {
    // Safe: see the type's comment; the pointer is used only while the box is alive and unchanged.
    buffer = array.withUnsafeBufferPointer { $0 }
  }
}
