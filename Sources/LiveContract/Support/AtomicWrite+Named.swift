/// Writing a file named on the command line (`templates dump DIR`, `init --output`, `import
/// --output`) the way `generate` writes its outputs: nothing below the current folder is
/// followed, neither a folder on the way nor the file itself.
///
/// A CI job or pre-commit hook runs these in a checkout it does not trust, and a committed
/// `templates -> /home/runner/.ssh` (or a committed `templates/swift.mustache -> ~/.bashrc`)
/// would otherwise carry the write out of the repository. The check (`namedWriteTarget`)
/// reads as `readNamed` reads, so a refusal names the link before anything is written; the
/// write (`namedWrite`) is anchored like a planned output's (`WriteAnchor`), so a folder
/// swapped for a link between the check and the write stops the write too.
extension FileSystem {
    /// What a write finds at its path: nothing, or a regular file (its bytes; nil when over
    /// the limit asked for, which is still a file).
    public enum NamedTarget: Sendable, Equatable {
        case missing
        case file([UInt8]?)
    }

    /// What is at `path` before a write, or the failure that refuses the write: a symlink
    /// on the way or at the end, a file where a folder must be, something that is not a
    /// regular file.
    public func namedWriteTarget(_ path: String, limit: Int) -> Result<NamedTarget, ReadFailure> {
        switch readNamed(path, limit: limit) {
        case .success(let bytes):
            return .success(.file(bytes))
        case .failure(let failure):
            switch failure.problem {
            case .missing: return .success(.missing)
            case .tooLarge: return .success(.file(nil))
            default: return .failure(failure)
            }
        }
    }

    /// The pending write of `bytes` to `path`, opened below the current folder without
    /// following links (above it, as `readNamed`, the folders are the user's and followed).
    public func namedWrite(_ path: String, _ bytes: [UInt8], token: String) -> PendingWrite {
        let (base, relative) = Self.splitAtCurrentFolder(path, currentFolder: currentDirectory)
        return PendingWrite(path: path, bytes: bytes, temporary: Self.temporaryPath(for: path, token: token),
                            anchor: relative.isEmpty ? nil : WriteAnchor(folder: base, relative: relative))
    }
}
