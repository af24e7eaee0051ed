#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if !os(Linux)
import Dispatch
#endif

/// Runs independent pieces of work on all cores, for large schemas. `check` runs on every
/// commit and a small schema's whole run is a few milliseconds, so there the cost of starting
/// threads is more than they save and callers say so with `worthThreads`. On Linux this
/// starts plain threads rather than Dispatch's pool, whose start-up cost more than the
/// parallel rendering saved; elsewhere Dispatch is cheap and is used as is.
enum Parallel {
    /// How many threads to use at most; one core (or an unknown count) means no extra threads.
    static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `work(0) ... work(count - 1)`, results in index order; concurrently when `worthThreads`
    /// (the caller's estimate that the work takes milliseconds, not microseconds). Each index
    /// runs exactly once; which thread runs it does not change the result.
    static func map<T: Sendable>(_ count: Int, worthThreads: Bool = true, _ work: @Sendable (Int) -> T) -> [T] {
        if count <= 1 || !worthThreads || cores == 1 { return (0..<count).map(work) }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        // Each index is written by exactly one iteration, and read only after all finished.
        nonisolated(unsafe) let shared = slots
        #if os(Linux)
        let next = Counter()
        withoutActuallyEscaping(work) { work in
            let drain: @Sendable () -> Void = {
                while let index = next.take(below: count) {
                    shared[index] = work(index)
                }
            }
            let helpers = (1..<min(cores, count)).compactMap { _ in Thread.start(drain) }
            drain()
            helpers.forEach { $0.join() }
        }
        #else
        DispatchQueue.concurrentPerform(iterations: count) { index in
            shared[index] = work(index)
        }
        #endif
        return slots.map { $0! }
    }
}

/// A shared index handed out once each, under a lock.
private final class Counter: @unchecked Sendable {
    private var next = 0
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    func take(below limit: Int) -> Int? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}

/// A started thread that must be joined.
private struct Thread: @unchecked Sendable {
    let handle: pthread_t

    /// Starts `body` on a new thread; nil when the system refuses one (the caller then does
    /// the work itself).
    static func start(_ body: @escaping @Sendable () -> Void) -> Thread? {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        let status = pthread_create(&handle, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, box)
        guard status == 0, let handle else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return Thread(handle: handle)
        #else
        var handle = pthread_t()
        let status = pthread_create(&handle, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return Thread(handle: handle)
        #endif
    }

    func join() {
        pthread_join(handle, nil)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
