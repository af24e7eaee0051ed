#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file of a write in progress when the process is interrupted.
///
/// While one exists, SIGINT, SIGTERM, SIGHUP and SIGXFSZ (a file-size limit) get a handler
/// that unlinks it, puts back the disposition it replaced and raises the signal again, so the
/// process then ends (or the host app's own handler runs) exactly as it would have. Signal
/// handlers can only reach globals, and may only call async-signal-safe functions, so the
/// path and the saved dispositions live in fixed C buffers, allocated before any handler is
/// installed; this is the one piece of global state in livecontract, and it is idle outside
/// `FileSystem.writeAtomically`.
struct InterruptCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGXFSZ]

    /// Installs the handlers for `temporary` (which may not exist yet).
    init(temporary: String) {
        let state = InterruptState.shared
        let bytes = Array(temporary.utf8.prefix(InterruptState.pathCapacity - 1))
        for (index, byte) in bytes.enumerated() { state.path[index] = CChar(bitPattern: byte) }
        state.path[bytes.count] = 0
        for signal in Self.signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = removeTemporaryAndResignal
            #else
            action.__sigaction_u.__sa_handler = removeTemporaryAndResignal
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, state.saved + Int(signal))
        }
    }

    /// Puts the previous dispositions back once the temporary file is renamed or removed.
    func finish() {
        let state = InterruptState.shared
        for signal in Self.signals {
            sigaction(signal, state.saved + Int(signal), nil)
        }
        state.path[0] = 0
    }
}

/// The buffers the handler reads: the temporary path and the dispositions to restore.
final class InterruptState: @unchecked Sendable {
    static let pathCapacity = 4096
    static let shared = InterruptState()

    let path: UnsafeMutablePointer<CChar>
    let saved: UnsafeMutablePointer<sigaction>

    private init() {
        path = .allocate(capacity: Self.pathCapacity)
        path.initialize(repeating: 0, count: Self.pathCapacity)
        saved = .allocate(capacity: 65)
        saved.initialize(repeating: sigaction(), count: 65)
    }
}

/// The handler: only async-signal-safe calls (unlink, sigaction, raise).
private func removeTemporaryAndResignal(_ signal: Int32) {
    let state = InterruptState.shared
    if state.path[0] != 0 { unlink(state.path) }
    sigaction(signal, state.saved + Int(signal), nil)
    raise(signal)
}
