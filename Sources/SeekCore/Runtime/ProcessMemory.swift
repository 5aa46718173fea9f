import CSystem
import Foundation

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

  /// Hands the allocator's free pages back to the system (`malloc_trim`). Blocks under the
  /// mapping threshold come from the heap, and the heap keeps what is freed between live blocks
  /// unless later blocks of the same arena reuse it. The lines a pipe's scan was handed are such
  /// blocks (a batch of about 200 KB each, 470 MB at ten million paths), freed when the scan takes
  /// the final build's snapshot instead: whether the final build's blocks then reused their room
  /// varied by run, and the whole run peaked at 1.9 to 2.4 GB with the same binary; returned, at
  /// 1.9 to 2.0 GB. It holds each arena's lock while it walks it (30–45 ms for those lines), so
  /// it is called off the search lane, once.
  public static func returnFreePages() {
    _ = malloc_trim(0)
  }

  /// The process's resident memory now (from /proc/self/statm), or nil where it cannot be read.
  public static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// How much endless input may take before Seek stops reading it: `SEEK_MEMORY_LIMIT_MB`, or half
  /// of the machine's memory. Reading stops there (what was read stays searchable, and the status
  /// line says so); the index built from it then takes its own share, within the other half.
  public static func inputLimitBytes(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
    if let text = environment["SEEK_MEMORY_LIMIT_MB"], let megabytes = Int(text), megabytes > 0 {
      return megabytes.multipliedReportingOverflow(by: 1 << 20).overflow ? Int.max : megabytes << 20
    }
    return Int(min(ProcessInfo.processInfo.physicalMemory / 2, UInt64(Int.max)))
  }
}
