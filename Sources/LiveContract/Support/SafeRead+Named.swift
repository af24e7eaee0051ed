#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a path given on the command line (a schema, a payload, `--against OLD.yaml`, a
/// Swift file to import) without following a symlink the repository could have committed.
///
/// CI runs livecontract in a checkout of an untrusted pull request, and its messages quote
/// what they read (`found 'AWS_SECRET=...'`, `unknown key 'oauth_token'`), so a committed
/// link from the schema to a file outside the checkout (`~/.aws/credentials`, `/proc/self/
/// environ`) or to one an earlier step wrote into it (`.git/config` with the checkout's token,
/// a decoded `google-services.json`) would print that file. Every component of the path that
/// lies below the current folder is therefore opened with `O_NOFOLLOW`, one at a time, as
/// outputs are; the folders above it (an absolute path's `/Users/me`, macOS's `/tmp`) are
/// the user's own and are followed.
extension FileSystem {
    /// The file at `path`, following no symlink below the current folder and no final one.
    public func readNamed(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let (base, relative) = Self.splitAtCurrentFolder(path, currentFolder: currentDirectory)
        guard !relative.isEmpty else { return .failure(ReadFailure(path: path, problem: .notRegular)) }
        switch readOutput(relative, below: base, limit: limit) {
        case .success(let bytes):
            return .success(bytes)
        case .failure(var failure):
            // Messages name the path as the user typed it, not the folder it was split at.
            failure.path = path
            if case .symlink(let link) = failure.problem, !path.hasPrefix("/") {
                failure.problem = .symlink(Self.spelledAsTyped(link, base: base, original: path))
            }
            return .failure(failure)
        }
    }

    /// `path` as (folder to start from, part to open without following links): a relative
    /// path starts at `.`; an absolute one below `currentFolder` starts there; any other
    /// absolute path starts at its own folder, so only its last component is not followed.
    static func splitAtCurrentFolder(_ path: String, currentFolder: String) -> (base: String, relative: String) {
        guard path.hasPrefix("/") else { return (".", path) }
        let current = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
        if current != "/", path.hasPrefix(current) { return (currentFolder, String(path.dropFirst(current.count))) }
        return (directory(of: path), fileName(of: path))
    }

    /// A link named below `.` as the user would spell it (`./a/b` when they typed `./a/b/c`).
    private static func spelledAsTyped(_ link: String, base: String, original: String) -> String {
        base == "." && original.hasPrefix("./") && !link.hasPrefix("./") ? "./" + link : link
    }
}
