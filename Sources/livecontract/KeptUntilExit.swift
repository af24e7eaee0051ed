/// What a command built and no longer needs, kept until the process exits instead of freed:
/// the operating system takes the memory back at once, where releasing a loaded schema's
/// objects one by one cost about 0.1M instructions at the end of every `check`. Only the
/// command line does this; the library frees everything as usual.
enum KeptUntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) {
        kept.append(value)
    }
}
