#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders a write set writes into, held open from the first temporary file to the last
/// rename, so the write lands where the plan looked.
///
/// `OutputPlan` checks every output without following a symlink below the schema's folder,
/// but a check by path and a later write by path are two lookups: a folder swapped for a link
/// in between (`out -> /home/runner` or `-> .git/hooks`) would carry the write there. So a
/// planned output's folders are opened again here one component at a time with
/// `O_NOFOLLOW`, created with `mkdirat` where missing, and the temporary file is created,
/// renamed and synced relative to that descriptor (`openat`, `renameat`, `fsync`), never by
/// its path. A file named on the command line (`init`, `import --output`, `templates dump`)
/// is anchored the same way at the current folder (`namedWrite`); only a write `--force`
/// allowed through a link opens its folder by path, as the user allowed.
extension FileSystem {
    /// An output of a plan: the schema's folder (followed, it is the user's choice) and the
    /// output's path below it (never followed).
    public struct WriteAnchor: Sendable, Equatable {
        public var folder: String
        public var relative: String

        public init(folder: String, relative: String) {
            self.folder = folder
            self.relative = relative
        }
    }

    /// The open folder of each item of a set, one descriptor per distinct folder.
    struct WriteFolders {
        var descriptors: [String: Int32] = [:]

        func closeAll() {
            for fd in descriptors.values { close(fd) }
        }
    }

    /// Opens (creating what is missing) the folder `item` is written into, noting each folder
    /// made in `created` (outermost first) for a rollback.
    func openFolder(of item: PendingWrite, in folders: inout WriteFolders, created: inout [String]) throws(Failure) -> Int32 {
        let folder = Self.directory(of: item.path)
        if let known = folders.descriptors[folder] { return known }
        let fd: Int32
        if let anchor = item.anchor {
            fd = try openWithoutLinks(anchor, created: &created)
        } else {
            try makeDirectories(folder, created: &created)
            fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(folder) }
        }
        folders.descriptors[folder] = fd
        return fd
    }

    /// The folder of `anchor.relative` below `anchor.folder`, walked with `O_NOFOLLOW`.
    private func openWithoutLinks(_ anchor: WriteAnchor, created: inout [String]) throws(Failure) -> Int32 {
        // The anchor folder is the user's (followed); a named file's may not exist yet
        // (`init --output /new/folder/x.yaml`), and is made as a write outside a plan makes it.
        if !anchor.folder.isEmpty, kind(anchor.folder) == .missing { try makeDirectories(anchor.folder, created: &created) }
        var fd = open(anchor.folder.isEmpty ? "." : anchor.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(anchor.folder) }
        var shown = anchor.folder
        for part in anchor.relative.split(separator: "/").dropLast().map(String.init) {
            shown = Self.join(shown, part)
            var next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT {
                if mkdirat(fd, part, 0o755) == 0 {
                    created.append(shown)
                } else if errno != EEXIST {
                    let error = failure(shown)
                    close(fd)
                    throw error
                }
                next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0 {
                var info = stat()
                let isLink = fstatat(fd, part, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
                let error = isLink ? Failure(path: shown, reason: "became a symlink after the write was planned; outputs are not written through symlinks") : failure(shown)
                close(fd)
                throw error
            }
            close(fd)
            fd = next
        }
        return fd
    }
}
