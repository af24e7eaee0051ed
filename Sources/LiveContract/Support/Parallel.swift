import Dispatch

/// Runs independent pieces of work on all cores. `check` runs on every commit, and rendering
/// the outputs (Kotlin, TypeScript, fixtures, ...) is its largest cost; the outputs do not
/// depend on each other, so they render side by side.
enum Parallel {
    /// `work(0) ... work(count - 1)`, concurrently, results in index order.
    static func map<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
        if count <= 1 { return (0..<count).map(work) }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        // Each index is written by exactly one iteration, and read only after all finished.
        nonisolated(unsafe) let shared = slots
        DispatchQueue.concurrentPerform(iterations: count) { index in
            shared[index] = work(index)
        }
        return slots.map { $0! }
    }
}
