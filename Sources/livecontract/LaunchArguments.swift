import CLaunch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// main's arguments, read where they cannot go missing.
///
/// On Linux the Swift runtime takes CommandLine from /proc/self/cmdline; in a root file system
/// without /proc (a plain chroot, a build sandbox) it would have no arguments, and a tool that
/// indexes them traps. The CLaunch target records the argv glibc passes to the binary's
/// initializers, so that is read first; CommandLine is the fallback (macOS, where it comes
/// from the C library, and any C library that does not pass argv to initializers).
struct LaunchArguments {
    /// argv[0] included, as C strings (nil-free).
    var vector: [UnsafeMutablePointer<CChar>]

    static func current() -> LaunchArguments {
        let count = Int(launch_argument_count())
        if count > 0, let argv = launch_arguments() {
            return LaunchArguments(vector: (0..<count).compactMap { argv[$0] })
        }
        let fallback = Int(CommandLine.argc)
        return LaunchArguments(vector: (0..<max(fallback, 0)).compactMap { CommandLine.unsafeArgv[$0] })
    }

    /// The arguments after the program's name, as Swift strings (bad UTF-8 shown as U+FFFD).
    var arguments: [String] { vector.dropFirst().map { String(cString: $0) } }

    /// The index (in argv numbering) of the first argument that is not UTF-8. Turned into a
    /// String, its bad bytes would become U+FFFD, a path that names no file, and the user would
    /// be told that a file they can see does not exist.
    var firstNonUTF8Index: Int? {
        vector.indices.dropFirst().first { String(validatingCString: vector[$0]) == nil }
    }
}
