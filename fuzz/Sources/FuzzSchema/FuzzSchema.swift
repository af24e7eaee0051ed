#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// The self-check every input goes through, made once per process. Its scratch folder is
/// named after the process, so parallel fuzzing jobs (`-jobs=N`) never share one.
enum FuzzSchema {
    nonisolated(unsafe) static var selfCheck: SelfCheck?

    static func check(_ bytes: [UInt8]) {
        if selfCheck == nil {
            let base = getenv("LIVECONTRACT_FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
            do {
                selfCheck = try SelfCheck(scratch: "\(base)/livecontract-fuzz-\(getpid())", budgetSeconds: 10)
            } catch {
                fatalError("built-in templates do not parse: \(error.message)")
            }
        }
        do {
            _ = try selfCheck!.run(bytes)
        } catch {
            // libFuzzer records the abort as a crash and saves the input that caused it.
            fatalError("self-check violated: \(error)")
        }
    }
}

/// libFuzzer's per-input callback. `swift build --sanitize=fuzzer` builds this target as a
/// library and links libFuzzer's own `main`, which calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzSchema.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
