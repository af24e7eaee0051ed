#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files of a write set in progress when the process is interrupted.
///
/// While they exist, SIGINT, SIGTERM, SIGHUP and SIGXFSZ (a file-size limit) get a handler
/// that unlinks them all, puts back the disposition it replaced and raises the signal again,
/// so the process then ends (or the host app's own handler runs) exactly as it would have.
/// A signal whose disposition was "ignore" (nohup, a background job) is left ignored: the
/// handler would otherwise delete the files and re-raise into nothing, and the renames that
/// follow would fail half-way. Signal handlers can only reach globals and may only call
/// async-signal-safe functions, so the paths (files, then folders, each list NUL-separated and
/// ended by an empty one) and the saved
/// dispositions live in C buffers made before any handler is installed; this is the one piece
/// of global state in livecontract, idle outside `FileSystem.write(_:)`.
struct InterruptCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGXFSZ]

    /// Installs the handlers for `temporaries` (which need not exist yet) and the folders the
    /// write created (innermost first), which are removed after the files.
    init(temporaries: [String], folders: [String] = []) {
        let state = InterruptState.shared
        var bytes: [UInt8] = []
        for path in temporaries { bytes += Array(path.utf8) + [0] }
        bytes.append(0)
        for path in folders { bytes += Array(path.utf8) + [0] }
        bytes.append(0)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        // Swap the list in with the signals blocked, so a handler never sees half of it.
        var block = sigset_t(), previous = sigset_t()
        sigemptyset(&block)
        for signal in Self.signals { sigaddset(&block, signal) }
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        let old = state.paths
        state.paths = buffer
        old?.deallocate()
        for signal in Self.signals {
            sigaction(signal, nil, state.saved + Int(signal))
            state.installed[Int(signal)] = !Self.isIgnored(state.saved[Int(signal)])
            guard state.installed[Int(signal)] else { continue }
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = removeTemporariesAndResignal
            #else
            action.__sigaction_u.__sa_handler = removeTemporariesAndResignal
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// True when `action` is SIG_IGN (the handler pointer 1).
    static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    /// Puts the previous dispositions back once the temporary files are renamed or removed.
    func finish() {
        let state = InterruptState.shared
        for signal in Self.signals where state.installed[Int(signal)] {
            sigaction(signal, state.saved + Int(signal), nil)
            state.installed[Int(signal)] = false
        }
        if let paths = state.paths {
            paths[0] = 0
            paths[1] = 0
        }
    }
}

/// The buffers the handler reads: the temporary paths and the dispositions to restore.
final class InterruptState: @unchecked Sendable {
    static let shared = InterruptState()

    var paths: UnsafeMutablePointer<CChar>?
    let saved: UnsafeMutablePointer<sigaction>
    let installed: UnsafeMutablePointer<Bool>

    private init() {
        saved = .allocate(capacity: 65)
        saved.initialize(repeating: sigaction(), count: 65)
        installed = .allocate(capacity: 65)
        installed.initialize(repeating: false, count: 65)
    }
}

/// The handler: only async-signal-safe calls (unlink, sigaction, raise).
private func removeTemporariesAndResignal(_ signal: Int32) {
    let state = InterruptState.shared
    if var cursor = state.paths {
        while cursor[0] != 0 {
            unlink(cursor)
            while cursor[0] != 0 { cursor += 1 }
            cursor += 1
        }
        cursor += 1
        while cursor[0] != 0 {
            rmdir(cursor)
            while cursor[0] != 0 { cursor += 1 }
            cursor += 1
        }
    }
    sigaction(signal, state.saved + Int(signal), nil)
    raise(signal)
}
