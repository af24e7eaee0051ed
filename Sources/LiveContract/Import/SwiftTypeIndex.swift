/// Every type a Swift file declares, by its full dotted path, with the extensions that add to
/// it, and a name lookup that follows Swift's rule: the innermost enclosing scope first.
struct SwiftTypeIndex {
    /// One declared type and what its extensions in the same file add.
    struct Entry {
        var path: [String]
        var decl: SwiftTypeDecl
        var extensions: [SwiftTypeDecl] = []

        var name: String { path.last ?? decl.name }
        var dottedName: String { path.joined(separator: ".") }

        /// Conformances from the declaration and its extensions.
        var inherited: [String] { decl.inherited + extensions.flatMap(\.inherited) }
        var functions: [SwiftFunction] { decl.members.functions + extensions.flatMap(\.members.functions) }
    }

    /// A typealias and the scope its target is resolved in.
    struct Alias {
        var alias: SwiftTypeAlias
        var scope: [String]
    }

    private(set) var entries: [String: Entry] = [:]
    private(set) var aliases: [String: Alias] = [:]
    /// Declaration order, so anything derived from the index is deterministic.
    private(set) var order: [String] = []
    /// Earlier declarations of a key declared again (a second copy of the same type, as an
    /// app and its widget extension each keep one); the index holds the last one.
    private(set) var copies: [String: [SwiftTypeDecl]] = [:]
    /// The modules the files import, with the line of each.
    let imports: [(module: String, line: Int)]

    init(file: SwiftMembers) {
        imports = file.imports
        var pending: [(SwiftTypeDecl, [String])] = []
        register(file, scope: [], pending: &pending)
        // Extensions are resolved after every declaration is known; one may extend a type
        // declared further down, or nest types in one.
        var index = 0
        while index < pending.count {
            let (ext, scope) = pending[index]
            index += 1
            guard let target = lookup(ext.name.split(separator: ".").map(String.init), from: scope),
                  case .type(let key) = target else { continue }
            entries[key]?.extensions.append(ext)
            register(ext.members, scope: entries[key]!.path, pending: &pending)
        }
    }

    private mutating func register(_ members: SwiftMembers, scope: [String], pending: inout [(SwiftTypeDecl, [String])]) {
        for alias in members.aliases {
            aliases[(scope + [alias.name]).joined(separator: ".")] = Alias(alias: alias, scope: scope)
        }
        for decl in members.types {
            if decl.kind == .extension {
                pending.append((decl, scope))
                continue
            }
            let path = scope + [decl.name]
            let key = path.joined(separator: ".")
            if let earlier = entries[key] { copies[key, default: []].append(earlier.decl) } else { order.append(key) }
            entries[key] = Entry(path: path, decl: decl)
            register(decl.members, scope: path, pending: &pending)
        }
    }

    /// What a name resolves to: a declared type (by key) or an alias target with its scope.
    enum Resolution {
        case type(String)
        case alias(SwiftTypeRef, scope: [String], SwiftTypeAlias)
    }

    /// Resolves `components` (`["Step"]`, `["DeliveryAttributes", "Step"]`) as Swift does from
    /// inside `scope`: nested in the innermost type first, then outward to the file level.
    func lookup(_ components: [String], from scope: [String]) -> Resolution? {
        for depth in stride(from: scope.count, through: 0, by: -1) {
            let key = (Array(scope.prefix(depth)) + components).joined(separator: ".")
            if entries[key] != nil { return .type(key) }
            if let alias = aliases[key] { return .alias(alias.alias.target, scope: alias.scope, alias.alias) }
        }
        return nil
    }

    subscript(key: String) -> Entry? { entries[key] }
}
