import Foundation

/// Runs `body(0..<count)` on `count` threads of its own and waits for all of them. The
/// differential test makes its inputs and `validate`'s verdicts this way rather than with
/// `DispatchQueue.concurrentPerform`, which on two cores takes every worker of the global
/// queue: the compiler and runner pipelines (and TestSupport.run's stderr readers) queued
/// behind it and started only once it was done.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    group.wait()
}
