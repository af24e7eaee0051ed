import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU seconds used so far by this process and by its finished children (compilers and
/// runners). The differential test prints them per phase beside wall time: on a shared
/// machine wall time says little, while CPU time divided by the cores is what a dedicated
/// CI machine pays.
struct CPUClock {
    var own: Double
    var children: Double

    static func now() -> CPUClock {
        CPUClock(own: seconds(RUSAGE_SELF.rawValue), children: seconds(RUSAGE_CHILDREN.rawValue))
    }

    /// CPU seconds of the calling thread alone (RUSAGE_THREAD, 1 on Linux), for work that
    /// runs beside other work in this process.
    static func thread() -> Double { seconds(1) }

    static func seconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// `cpu 12.3 s (test 1.2 s, tools 11.1 s)` since `start`.
    func since(_ start: CPUClock) -> String {
        let own = self.own - start.own, children = self.children - start.children
        return String(format: "cpu %.1f s (test %.1f s, tools %.1f s)", own + children, own, children)
    }
}
