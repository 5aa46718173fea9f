import Foundation
import SeekFuzzTargets

// Built two ways (see `make fuzz`):
// - with `-sanitize=fuzzer -D FUZZING`: libFuzzer's entry point (libFuzzer has the `main`), for the
//   target named by SEEK_FUZZ_TARGET (json, jsonl, csv, tsv, lines, settings, suggestions, query,
//   keys, codec);
// - plainly: `seek-fuzz TARGET FILE...` replays inputs (a crash libFuzzer saved) through a target,
//   and `seek-fuzz --seed-codec FILE` writes the codec target's seed.
#if FUZZING
  nonisolated(unsafe) let target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["SEEK_FUZZ_TARGET"] ?? "")

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let target else { fatalError("set SEEK_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))") }
    // Safe: libFuzzer passes `size` readable bytes at `data` for the duration of the call; they are copied.
    target.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }
#else
  @main
  enum SeekFuzz {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      if arguments.count == 2 && arguments[0] == "--seed-codec" {
        FileManager.default.createFile(atPath: arguments[1], contents: Data(FuzzTarget.sampleCacheFile()))
        return
      }
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(
          Data("usage: seek-fuzz TARGET FILE... (targets: \(FuzzTarget.allCases.map(\.rawValue)))\n".utf8))
        exit(2)
      }
      for file in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        target.run([UInt8](data))
      }
    }
  }
#endif
