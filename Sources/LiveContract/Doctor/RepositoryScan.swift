/// The files of the repository `doctor` looks at, found by walking it from its root without
/// following a symlink, skipping dependency and build folders, with caps on entries and depth.
public struct RepositoryScan: Sendable {
    /// Every regular file found, repository-relative, sorted.
    public var files: [String] = []
    public var notes: [Diagnostic] = []
    public let root: String
    let fileSystem: FileSystem

    public static let maximumEntries = 200_000
    public static let maximumDepth = 40
    /// Folders that hold dependencies or build products, never the app's own sources.
    static let skipped: Set<String> = [".git", "node_modules", "Pods", "build", "DerivedData", ".build", ".gradle", ".swiftpm", ".expo",
                                       "Carthage", ".idea", "xcuserdata", ".next", "dist"]

    public init(root: String, fileSystem: FileSystem) {
        self.root = root
        self.fileSystem = fileSystem
        var entries = 0
        var pending: [(String, Int)] = [("", 0)]
        var capped = false
        while let (folder, depth) = pending.popLast() {
            let absolute = folder.isEmpty ? root : FileSystem.join(root, folder)
            guard let names = try? fileSystem.listDirectory(absolute) else { continue }
            for name in names {
                entries += 1
                if entries > Self.maximumEntries { capped = true; break }
                let relative = folder.isEmpty ? name : folder + "/" + name
                switch fileSystem.kind(FileSystem.join(root, relative)) {
                case .file: files.append(relative)
                case .directory:
                    guard !Self.skipped.contains(name) else { continue }
                    if depth + 1 >= Self.maximumDepth { capped = true; continue }
                    pending.append((relative, depth + 1))
                default: continue
                }
            }
            if capped { break }
        }
        if capped {
            notes.append(Diagnostic(.note, "the repository has more than \(Self.maximumEntries) entries or folders deeper than \(Self.maximumDepth); doctor looked at the first ones only",
                                    at: nil, rule: "doctor-unknown-layout"))
        }
        files.sort()
    }

    /// Files whose name is `name`.
    public func named(_ name: String) -> [String] {
        files.filter { FileSystem.fileName(of: $0) == name }
    }

    public func withSuffix(_ suffix: String) -> [String] {
        files.filter { $0.hasSuffix(suffix) }
    }

    /// The bytes of a repository file, read below the root with no symlink followed.
    public func read(_ relative: String, limit: Int) -> Result<[UInt8], FileSystem.ReadFailure> {
        fileSystem.readOutput(relative, below: root, limit: limit)
    }

    /// The text of a repository file, or a note saying why it could not be read.
    public func text(_ relative: String, limit: Int = 8 << 20, notes: inout [Diagnostic]) -> String? {
        switch read(relative, limit: limit) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let failure):
            notes.append(Diagnostic(.note, "cannot read \(relative): \(failure.reason); doctor skipped what it says",
                                    at: SourceLocation(file: relative, line: 1, column: 1), rule: "doctor-unreadable"))
            return nil
        }
    }
}

/// Line and column of a byte offset in text, and small text searches with positions.
enum TextPosition {
    /// The 1-based line and column of the first occurrence of `needle` in `text`.
    static func find(_ needle: String, in text: String) -> (line: Int, column: Int)? {
        guard let range = text.firstRange(of: needle) else { return nil }
        return position(of: range.lowerBound, in: text)
    }

    static func position(of index: String.Index, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for character in text.unicodeScalars[..<index] {
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// XML text with every `<!-- ... -->` comment replaced by blanks (line breaks kept), so a
    /// commented-out element is not taken for a real one and positions stay true.
    static func withoutXMLComments(_ text: String) -> String {
        guard text.contains("<!--") else { return text }
        var result = "", rest = Substring(text)
        while let start = rest.firstRange(of: "<!--") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstRange(of: "-->") else {
                result += String(rest[start.lowerBound...].map { $0 == "\n" ? "\n" : " " })
                return result
            }
            result += String(rest[start.lowerBound..<end.upperBound].map { $0 == "\n" ? "\n" : " " })
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
