/// Several Swift files read as one: the attributes struct's file first, then files that
/// declare the types it uses (models kept apart from the attributes). The reader sees one
/// text; every position is mapped back to the file and line it came from.
public struct SwiftSourceSet: Sendable {
    public struct File: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    public let files: [File]
    /// The line of the joined text where each file starts.
    private let startLines: [Int]

    public init(_ files: [File]) {
        self.files = files
        var starts: [Int] = []
        var line = 1
        for file in files {
            starts.append(line)
            line += file.text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + 1
        }
        startLines = starts
    }

    /// The line of the joined text where each file starts.
    var lineStarts: [Int] { startLines }

    /// The files joined by line breaks, so no token spans two files.
    var joined: String { files.map(\.text).joined(separator: "\n") }

    /// The name positions in the joined text carry until `located` maps them.
    var placeholder: String { files.first?.path ?? "" }

    /// `location` (in the joined text) in its own file.
    func located(_ location: SourceLocation) -> SourceLocation {
        guard location.file == placeholder, let index = startLines.lastIndex(where: { $0 <= location.line }) else { return location }
        return SourceLocation(file: files[index].path, line: location.line - startLines[index] + 1, column: location.column)
    }

    /// Every diagnostic at its own file's position.
    func located(_ diagnostics: Diagnostics) -> Diagnostics {
        var result = Diagnostics()
        for var item in diagnostics.items {
            item.location = item.location.map(located)
            result.append(item)
        }
        return result
    }
}
