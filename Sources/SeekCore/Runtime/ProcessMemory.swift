import CSystem

/// How the process's allocator hands memory back.
///
/// Seek's large structures are arrays of megabytes (postings, columns, a document store) built,
/// copied and dropped as a catalog is indexed and re-indexed. glibc serves a block from a mapping
/// of its own only above a threshold that it raises to the size of each mapped block freed (up to
/// 32 MB), so after the first few the arrays of an index build come from the heap, and the heap keeps
/// what is freed between live blocks: 3 million streamed lines left about 100 MB more resident
/// (511 MB against 406) and peaked 80 MB higher. A fixed threshold of 1 MB keeps every large array
/// in its own mapping, returned to the system when freed; smaller blocks (everything on the
/// keystroke path) still come from the heap. The cost is a fresh mapping per large array, whose
/// pages the kernel zeroes as they are first touched.
public enum ProcessMemory {
  public static let mappedFromBytes: Int32 = 1 << 20

  /// Sets the allocator's policy; call once at start-up, before large allocations.
  public static func returnLargeBlocksToTheSystem() {
    _ = mallopt(M_MMAP_THRESHOLD, mappedFromBytes)
  }
}
