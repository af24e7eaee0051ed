/// Reads the Codable shape back out of a Swift `ActivityAttributes` file, so `check` can say
/// what a drifted copy means on the wire ("has `riderName`, the schema has `courierName`")
/// instead of only showing a diff.
///
/// Not a Swift parser: a line scanner that tracks braces and recognises the declarations our
/// template writes and the edits people make to them (renamed or retyped properties, added or
/// removed enum cases, custom `CodingKeys`, a lenient `init(from:)`). It runs only on a copy
/// whose bytes differ from what the schema generates.
public struct SwiftCopyReader {
    /// One `struct` or `enum` body.
    struct Container {
        var isEnum: Bool
        var name: String
        var parent: String?
        var depth: Int
        var line: Int
        var column: Int
        var properties: [(name: String, type: String, line: Int, column: Int)] = []
        var cases: [(name: String, raw: String)] = []
        var defaulted: Set<String> = []
        /// Properties whose `init(from:)` line converts a date (`encoding:`).
        var dated: [String: DateEncoding] = [:]
        var fallback: String?
        /// The raw value Swift gives the next case of an Int-raw enum; nil for other types.
        var nextInt: Int?
    }

    public init() {}

    /// The shape declared in `text`, or nil when it declares no struct at all.
    public func shape(of text: String, path: String) -> ContractShape? {
        let containers = scan(text)
        let contentState = containers.first { $0.name == "ContentState" && !$0.isEnum }
        guard let root = containers.first(where: { !$0.isEnum && $0.parent == nil && $0.name == contentState?.parent })
                ?? containers.first(where: { !$0.isEnum && $0.parent == nil }) else { return nil }
        var resolver = SwiftTypeResolver(containers: containers, path: path)
        let attributes = resolver.fields(of: root)
        let state = contentState.map { resolver.fields(of: $0) } ?? []
        var named: [String: NamedShape] = [:]
        for container in containers where container.name != "CodingKeys" && container.name != "ContentState" && container.name != root.name {
            named[container.name] = NamedShape(type: resolver.resolve(container.name), location: SourceLocation(file: path, line: container.line, column: container.column))
        }
        return ContractShape(typeName: root.name, attributes: attributes, state: state, namedTypes: named, knowsWireNames: false)
    }

    /// Every struct and enum, with stored properties, cases, keys and decoding fallbacks.
    func scan(_ text: String) -> [Container] {
        var containers: [Container] = []
        var open: [Int] = []
        var depth = 0
        // Lines end where the compiler's do: LF, CRLF (one Character) or a lone CR, which
        // a hand edit can use to hide a property behind a `//` comment on the line before.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, rawLine) in lines.enumerated() {
            let line = SwiftLine(rawLine)
            let number = index + 1
            if let declaration = line.typeDeclaration {
                containers.append(Container(isEnum: declaration.isEnum, name: declaration.name, parent: open.last.map { containers[$0].name },
                                            depth: depth + 1, line: number, column: declaration.column,
                                            nextInt: line.declaresIntRawEnum ? 0 : nil))
                if line.opens > line.closes { open.append(containers.count - 1) }
            } else if let current = open.last, depth == containers[current].depth {
                if let property = line.storedProperty {
                    containers[current].properties.append((property.name, property.type, number, property.column))
                }
                if containers[current].isEnum, var next = containers[current].nextInt {
                    // The wire form of an Int-raw case is its number, as the schema's raw value text.
                    for (name, value) in line.intEnumCases {
                        let raw = value ?? next
                        containers[current].cases.append((name, String(raw)))
                        next = raw &+ 1
                    }
                    containers[current].nextInt = next
                } else if containers[current].isEnum {
                    containers[current].cases += line.enumCases
                }
            }
            // A lenient `init(from:)` is not a container, so its `?? default` lines land on the
            // struct (or enum) whose body holds it.
            if let current = open.last {
                if let key = line.decodedWithDefault { containers[current].defaulted.insert(key) }
                if let dated = line.decodedDateEncoding { containers[current].dated[dated.key] = dated.encoding }
                if containers[current].isEnum, let fallback = line.enumFallback { containers[current].fallback = fallback }
            }
            depth += line.opens - line.closes
            while let current = open.last, depth < containers[current].depth { open.removeLast() }
        }
        return containers
    }
}

/// Turns the scanned Swift type spellings into shape types.
///
/// The copy is a committed file, so it may be built against the reader: a type that holds
/// itself (`struct Loop { var next: Loop }`), a chain of 10,000 structs each holding the next,
/// `[[[[...]]]]` a line long, or 10,000 declarations. Lookups go through indexes built once
/// (a scan per name was quadratic), a type being resolved that is reached again, or anything
/// deeper than `maximumDepth`, stays its spelling (`.other`), so no recursion follows the file.
struct SwiftTypeResolver {
    let containers: [SwiftCopyReader.Container]
    let path: String
    var cache: [String: ShapeType] = [:]
    /// The first container of each name but `CodingKeys`, and each struct's `CodingKeys`.
    let byName: [String: Int]
    let codingKeys: [String: Int]
    var resolving: Set<String> = []
    var depth = 0
    static let maximumDepth = 32

    init(containers: [SwiftCopyReader.Container], path: String) {
        self.containers = containers
        self.path = path
        var byName: [String: Int] = [:], codingKeys: [String: Int] = [:]
        for (index, container) in containers.enumerated() {
            if container.name == "CodingKeys" {
                if container.isEnum, let parent = container.parent, codingKeys[parent] == nil { codingKeys[parent] = index }
            } else if byName[container.name] == nil {
                byName[container.name] = index
            }
        }
        self.byName = byName
        self.codingKeys = codingKeys
    }

    /// Stored properties of a struct, keyed as Codable keys them (a `CodingKeys` raw value
    /// wins over the property name).
    mutating func fields(of container: SwiftCopyReader.Container) -> [ShapeField] {
        let keys = codingKeys[container.name].map { containers[$0] }
        return container.properties.compactMap { property in
            var spelling = property.type
            let optional = spelling.hasSuffix("?") || spelling.hasPrefix("Optional<")
            if spelling.hasSuffix("?") { spelling.removeLast() }
            if spelling.hasPrefix("Optional<") && spelling.hasSuffix(">") { spelling = String(spelling.dropFirst(9).dropLast()) }
            var key = property.name
            if let keys {
                guard let entry = keys.cases.first(where: { $0.name == property.name }) else { return nil }
                key = entry.raw
            }
            return ShapeField(name: key, wireName: key, type: resolve(spelling), isOptional: optional,
                              hasDefault: container.defaulted.contains(property.name), maxLength: nil,
                              location: SourceLocation(file: path, line: property.line, column: property.column),
                              swiftName: key == property.name ? nil : property.name,
                              dateEncoding: container.dated[property.name] ?? .reference)
        }
    }

    /// A Swift type spelling as a shape: built-ins by name, arrays element-wise, nested types
    /// from the scanned declarations, anything else kept by spelling.
    mutating func resolve(_ spelling: String) -> ShapeType {
        guard depth < Self.maximumDepth, !resolving.contains(spelling) else { return .other(spelling) }
        depth += 1
        defer { depth -= 1 }
        switch spelling {
        case "String", "Substring": return .string
        case "Int": return .int
        case "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return IntegerKind.allCases.first { $0.swiftName == spelling }.map { .sized($0) } ?? .int
        case "Float": return .float
        case "Double", "CGFloat", "TimeInterval": return .double
        case "Bool": return .bool
        case "Date": return .date
        case "ClosedRange<Date>": return .dateRange
        case "URL": return .url
        case "UUID": return .uuid
        default: break
        }
        // Every spelling is resolved once: a file may repeat one long spelling on each line.
        if let known = cache[spelling] { return known }
        if let value = SwiftMapSpelling.valueType(of: spelling) {
            let resolved = ShapeType.map(resolve(value))
            cache[spelling] = resolved
            return resolved
        }
        if spelling.hasPrefix("[") && spelling.hasSuffix("]") && !spelling.contains(":") {
            let resolved = ShapeType.array(resolve(String(spelling.dropFirst().dropLast()).trimmingSpaces))
            cache[spelling] = resolved
            return resolved
        }
        guard let container = byName[spelling].map({ containers[$0] }) else { return .other(spelling) }
        resolving.insert(spelling)
        defer { resolving.remove(spelling) }
        let resolved: ShapeType = container.isEnum
            ? .enumeration(name: spelling, cases: container.cases.map(\.raw),
                           unknown: container.fallback.map { fallback in container.cases.first { $0.name == fallback }?.raw ?? fallback })
            : .structure(name: spelling, fields: fields(of: container))
        cache[spelling] = resolved
        return resolved
    }
}
