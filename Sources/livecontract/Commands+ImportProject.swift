import LiveContract

/// Types the contract uses but no file named declares: import looks for them in the rest of
/// the project that holds the attributes file, as a user would with a text search, and reads
/// the files that declare them (each with a note), so `import Widget/Attributes.swift` works
/// when a status enum lives in `Shared/Models.swift`.
///
/// The project is the nearest folder above the attributes file that holds `.git` (the
/// repository), or the file's own folder outside a repository. It is read as a folder
/// argument is (hidden and build folders skipped, links not followed, at most
/// `ImportSources.maximumFiles` files of at most 1 MiB), and only files that declare or extend
/// a missing name are added. A name declared in several files is taken from the one nearest
/// the attributes file; two equally near are left for the user to choose.
struct ImportProjectLookup {
    struct Hit {
        var path: String
        var text: String
        var offset: Int
        var extends: Bool
    }

    /// Rounds of look-up: a type found may use another declared elsewhere.
    static let maximumRounds = 6
    static let declarationKeywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias", "extension"]

    /// Adds to `sources` the project files that declare what the import misses, and returns
    /// the notes that say which file supplied which name, with the import of the completed
    /// `sources` when the last round already made it (nil when the last round added files).
    static func complete(_ sources: inout ImportSources, arguments: [String], typeName: String?, fileSystem: FileSystem) -> (notes: [Diagnostic], result: SwiftImportResult?) {
        var notes: [Diagnostic] = []
        var project: (root: String, files: [(path: String, text: String)])? = nil
        var searched: Set<String> = []
        var budget = maximumAddedBytes
        var current: SwiftImportResult? = nil
        for _ in 0..<maximumRounds {
            let result = SwiftImport.run(SwiftSourceSet(sources.files), typeName: typeName, swiftOutput: "")
            current = result
            let wanted = result.undeclaredTypes.filter { !searched.contains($0) }
            // Also after a schema came out: a protocol a type conforms to may implement its
            // Codable code in an extension elsewhere, which would change the JSON.
            guard !wanted.isEmpty else { break }
            searched.formUnion(wanted)
            let anchor = result.attributesFile ?? sources.files.first?.path ?? arguments[0]
            if project == nil {
                let read = files(around: anchor, fileSystem: fileSystem)
                project = (read.root, read.files)
                if let cut = read.cut {
                    notes.append(Diagnostic(.note, cut + "; name the files that declare them", at: SourceLocation(file: anchor, line: 1, column: 1), rule: "import-changed"))
                }
            }
            let known = Set(sources.files.map { normalized($0.path) })
            var added: [String: String] = [:]
            var supplied: [String: (offset: Int, names: [String])] = [:]
            var declares: Set<String> = []
            func take(_ hit: Hit, for name: String) {
                added[hit.path] = hit.text
                if !hit.extends { declares.insert(hit.path) }
                let label = hit.extends ? "extension \(name)" : name
                var entry = supplied[hit.path] ?? (hit.offset, [])
                entry.names.append(label)
                entry.offset = min(entry.offset, hit.offset)
                supplied[hit.path] = entry
            }
            // Names with one nearest declaration first: a file they bring settles a name
            // that is declared in several places.
            var ambiguous: [(name: String, chosen: [Hit])] = []
            // One pass over the project for all the names: a contract of 2000 missing types
            // in 60 MiB of Swift searched name by name took over an hour.
            let unread = (project?.files ?? []).filter { !known.contains(normalized($0.path)) }
            let declared = declarations(of: Set(wanted), in: unread)
            for name in wanted {
                let hits = declared[name] ?? []
                let declaring = hits.filter { !$0.extends }
                let nearest = declaring.map { commonDepth($0.path, anchor) }.max()
                let chosen = declaring.filter { commonDepth($0.path, anchor) == nearest }
                if chosen.count > 1 {
                    ambiguous.append((name, chosen))
                    continue
                }
                for hit in chosen + hits.filter(\.extends) { take(hit, for: name) }
            }
            for (name, chosen) in ambiguous {
                if let settled = chosen.first(where: { added[$0.path] != nil }) {
                    take(settled, for: name)
                    continue
                }
                let places = listed(chosen.map(\.path))
                notes.append(Diagnostic(.note, "'\(name)' is declared in none of the files named, and in several files of the project (\(places)); name the one the widget uses",
                                        at: SourceLocation(file: anchor, line: 1, column: 1), rule: "import-changed"))
            }
            // Nearest first, declarations before extensions, while what the look-up adds
            // stays within its budget: 2000 files that each extend a missing name (57 MiB)
            // took five minutes and 1.8 GB to import.
            let rank = { (path: String) in (declares.contains(path) ? 0 : 1, -commonDepth(path, anchor), path) }
            var left: [String] = []
            for path in added.keys.sorted(by: { rank($0) < rank($1) }) {
                let size = added[path]?.utf8.count ?? 0
                guard size > budget else {
                    budget -= size
                    continue
                }
                left.append(path)
                added[path] = nil
                supplied[path] = nil
            }
            if !left.isEmpty {
                notes.append(Diagnostic(.warning, "the project files that declare or extend the types the named files lack hold more than \(maximumAddedBytes >> 20) MiB of Swift, so import did not read \(listed(left)), and the schema may miss what they add; name the files the contract needs",
                                        at: SourceLocation(file: anchor, line: 1, column: 1), rule: "import-changed"))
            }
            for (path, found) in supplied.sorted(by: { $0.key < $1.key }) {
                let position = lineAndColumn(of: found.offset, in: added[path] ?? "")
                let names = listed(found.names)
                notes.append(Diagnostic(.note, "import read this file too, for \(names), which none of the files named declares (found in the project '\(project?.root ?? ".")'); name it on the command line to make that explicit",
                                        at: SourceLocation(file: path, line: position.line, column: position.column), rule: "import-changed"))
            }
            guard !added.isEmpty else { break }
            for (path, text) in added.sorted(by: { $0.key < $1.key }) {
                if let problem = SwiftImport.syntaxProblem(in: text, path: path) {
                    sources.skipped.append(Diagnostic(.warning, "skipped: \(problem.message) (a project file that declares a type the contract uses; name it on its own once it reads)",
                                                      at: problem.location, rule: "import-changed"))
                    continue
                }
                sources.files.append(SwiftSourceSet.File(path: path, text: text))
                current = nil
            }
        }
        return (notes, current)
    }

    /// The folder searched: the nearest one above `file` that holds `.git`, else `file`'s own.
    static func root(for file: String, fileSystem: FileSystem) -> String {
        let start = fileSystem.kind(file) == .directory ? file : FileSystem.directory(of: file)
        var folder = start
        for _ in 0..<32 {
            if fileSystem.kind(FileSystem.join(folder, ".git")) != .missing { return tidy(folder) }
            let parent = FileSystem.join(folder, "..")
            guard fileSystem.kind(parent) == .directory, normalized(absolute(parent, fileSystem: fileSystem)) != normalized(absolute(folder, fileSystem: fileSystem)) else { break }
            folder = parent
        }
        return tidy(start)
    }

    /// A folder path as a user would write it (`ios/Widget/../..` is `.`).
    private static func tidy(_ folder: String) -> String {
        let path = normalized(folder)
        return path.isEmpty ? "." : path
    }

    /// At most this much Swift is read from a project.
    static let maximumBytes = 64 << 20
    /// At most this much of it is added to what import reads (which parses it several times).
    static let maximumAddedBytes = 2 << 20

    /// The project folder around `file`, its readable `.swift` files, and why the search stopped
    /// short (too many files, or too much text: most likely not one app's sources), if it did.
    static func files(around file: String, fileSystem: FileSystem) -> (root: String, files: [(path: String, text: String)], cut: String?) {
        let folder = root(for: file, fileSystem: fileSystem)
        var found: [String] = []
        ImportSources.collect(folder, into: &found, fileSystem: fileSystem)
        guard found.count <= ImportSources.maximumFiles else {
            return (folder, [], "the project '\(folder)' holds more than \(ImportSources.maximumFiles) Swift files, so import did not search it for types the named files lack")
        }
        var files: [(path: String, text: String)] = []
        var total = 0
        for path in found {
            guard case .success(let bytes) = fileSystem.readFile(path, limit: FileSystem.Limit.schema, followLink: false) else { continue }
            total += bytes.count
            guard total <= maximumBytes else {
                return (folder, files, "the project '\(folder)' holds more than \(maximumBytes >> 20) MiB of Swift; import searched the files before '\(path)' only")
            }
            files.append((path, String(decoding: bytes, as: UTF8.self)))
        }
        return (folder, files, nil)
    }

    /// For each of `names` declared or extended in `files`, the files that do, in file order.
    static func declarations(of names: Set<String>, in files: [(path: String, text: String)]) -> [String: [Hit]] {
        var hits: [String: [Hit]] = [:]
        for file in files {
            for (name, found) in declarations(of: names, in: file.text) {
                hits[name, default: []].append(Hit(path: file.path, text: file.text, offset: found.offset, extends: found.extends))
            }
        }
        return hits
    }

    /// Where `text` declares each of `names` (`struct Name`, `enum Name`, `typealias Name`, ...)
    /// or else extends it (`extension Name`, `extension Name.Inner`): the UTF-8 offset of the
    /// first such keyword. A plain text scan, in one pass: a comment that reads like a
    /// declaration only adds a file to read, one after `//` on its line is not one.
    static func declarations(of names: Set<String>, in text: String) -> [String: (offset: Int, extends: Bool)] {
        var text = text
        return text.withUTF8 { bytes in
            var found: [String: (offset: Int, extends: Bool)] = [:]
            var index = 0, commented = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") { commented = false }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { commented = true }
                guard isIdentifier(byte) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
                let keyword = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                guard !commented, declarationKeywords.contains(keyword) else { continue }
                var cursor = index
                while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
                let nameStart = cursor
                while cursor < bytes.count, isIdentifier(bytes[cursor]) { cursor += 1 }
                guard nameStart > index, cursor > nameStart else { continue }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor]), as: UTF8.self)
                let extends = keyword == "extension"
                guard names.contains(name), found[name].map({ $0.extends && !extends }) ?? true else { continue }
                found[name] = (start, extends)
            }
            return found
        }
    }

    /// `'a', 'b', 'c'`, at most `limit` of them and how many more: a name declared in all
    /// 2000 files of a project, or a file that declares 5000 missing names, is one line.
    private static func listed(_ items: [String], limit: Int = 6) -> String {
        let shown = items.prefix(limit).map { "'\($0)'" }.joined(separator: ", ")
        return items.count > limit ? shown + " and \(items.count - limit) more" : shown
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func lineAndColumn(of offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// How many leading folders two paths share: the nearer declaration wins.
    private static func commonDepth(_ first: String, _ second: String) -> Int {
        zip(normalized(first).split(separator: "/"), normalized(second).split(separator: "/")).prefix { $0 == $1 }.count
    }

    private static func absolute(_ path: String, fileSystem: FileSystem) -> String {
        path.hasPrefix("/") ? path : fileSystem.currentDirectory + "/" + path
    }

    /// `path` with `.` and `..` resolved lexically, so one file is not read twice.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
