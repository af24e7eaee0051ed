/// What `import` reads from a Swift file: type declarations with their stored properties,
/// enum cases, functions (by name and labels only) and typealiases, each with its position.
/// Function bodies and initial values are kept as tokens, never interpreted beyond literals.

/// A type as written: `String`, `[Step]`, `ClosedRange<Date>`, `Foo.Bar?`, `[String: Int]`.
indirect enum SwiftTypeRef: Sendable, Equatable {
    /// A dotted name with the generic arguments of its last component.
    case named([String], arguments: [SwiftTypeRef])
    case optional(SwiftTypeRef)
    case array(SwiftTypeRef)
    case dictionary(SwiftTypeRef, SwiftTypeRef)
    /// Anything else (tuples, functions, `some P`, `T!`), kept as written for messages.
    case other(String)

    /// The type as a reader would write it.
    var spelling: String {
        switch self {
        case .named(let path, let arguments):
            let base = path.joined(separator: ".")
            return arguments.isEmpty ? base : base + "<" + arguments.map(\.spelling).joined(separator: ", ") + ">"
        case .optional(let wrapped): return wrapped.spelling + "?"
        case .array(let element): return "[" + element.spelling + "]"
        case .dictionary(let key, let value): return "[" + key.spelling + ": " + value.spelling + "]"
        case .other(let text): return text
        }
    }
}

/// Where a declaration's text lies in the source read (its doc comment, attributes and
/// modifiers included), in Unicode scalars: `import` copies members the schema cannot hold,
/// as written, into the app's extension file.
struct SwiftSpan: Sendable, Equatable {
    var start = 0
    var end = 0
}

/// A `var` or `let` binding inside a type body.
struct SwiftProperty: Sendable {
    var name: String
    var type: SwiftTypeRef?
    var isLet: Bool
    var isStatic: Bool
    /// Has a getter (`var x: Int { ... }` without `willSet`/`didSet`): not stored, not encoded.
    var isComputed: Bool
    var isLazy: Bool
    /// The initial value's tokens, empty when there is none.
    var initializer: [SwiftToken]
    /// Attribute names written before the declaration (`available`, a property wrapper, ...).
    var attributes: [String]
    var doc: String?
    var line: Int
    var column: Int
    /// The whole statement, which may bind several properties (`var a = 1, b = 2`).
    var span = SwiftSpan()
}

/// One `case` of an enum.
struct SwiftEnumCase: Sendable {
    var name: String
    /// The raw value's tokens (`= "picked_up"`), empty when the case has none.
    var rawValue: [SwiftToken]
    var hasAssociatedValues: Bool
    /// The JSON keys of the associated values (labels, `_0` for unlabeled ones).
    var associatedKeys: [String] = []
    var doc: String?
    var line: Int
    var column: Int
}

/// A function or initializer: enough to recognise `init(from:)` and `encode(to:)`.
struct SwiftFunction: Sendable {
    /// `init` for initializers.
    var name: String
    /// The argument labels (`from` in `init(from decoder: Decoder)`); `_` for unlabeled ones.
    var labels: [String]
    /// The parameter names the body uses (`n` in `init(name n: String)`, else the label).
    var parameters: [String] = []
    /// Each parameter's type as written (`any Decoder`); empty for a generic function, whose
    /// parameter types name its own generic parameters.
    var parameterTypes: [String] = []
    /// The body's tokens, without the outer braces.
    var body: [SwiftToken]
    var line: Int
    var column: Int
    var span = SwiftSpan()

    /// `init(from:)` or `encode(to:)`: hand-written Codable conformance.
    /// `init(from bars: Int)` is only an initializer labelled `from`: the parameter's type
    /// must be a Decoder (an Encoder for `encode(to:)`), as the protocol requires.
    var isCodableRequirement: Bool {
        func takes(_ coder: String) -> Bool {
            guard let type = parameterTypes.first, !type.isEmpty else { return true }
            return type.split(separator: " ").last.map { $0 == coder || $0 == "Swift." + coder } ?? true
        }
        return (name == "init" && labels == ["from"] && takes("Decoder")) || (name == "encode" && labels == ["to"] && takes("Encoder"))
    }
}

/// `typealias Name = Type`.
struct SwiftTypeAlias: Sendable {
    var name: String
    var target: SwiftTypeRef
    var line: Int
    var column: Int
    var span = SwiftSpan()
}

/// What a type body (or the file itself) declares, in source order.
struct SwiftMembers: Sendable {
    var types: [SwiftTypeDecl] = []
    var properties: [SwiftProperty] = []
    var cases: [SwiftEnumCase] = []
    var functions: [SwiftFunction] = []
    var aliases: [SwiftTypeAlias] = []
    /// Freestanding macros (`#Preview`), by name and position.
    var macros: [(name: String, line: Int, column: Int)] = []
    /// `subscript` declarations, which import only ever copies.
    var subscripts: [(span: SwiftSpan, line: Int, column: Int)] = []
    /// The modules imported (`SwiftUI` for `import SwiftUI`), with the line of each.
    var imports: [(module: String, line: Int)] = []
}

/// A `struct`, `enum`, `class`, `actor`, `protocol` or `extension` declaration.
struct SwiftTypeDecl: Sendable {
    enum Kind: String, Sendable, CaseIterable { case `struct`, `enum`, `class`, actor, `protocol`, `extension` }

    var kind: Kind
    /// The declared name; for an extension, the extended type's dotted name.
    var name: String
    /// The inheritance clause as written: `[String, Codable, Hashable]`.
    var inherited: [String]
    var isGeneric: Bool
    var isPublic: Bool
    var members: SwiftMembers
    var doc: String?
    var line: Int
    var column: Int
    /// The line of the closing `}`.
    var endLine: Int
    /// The names of its generic parameters, `[T]` for `struct Pair<T: Codable>`.
    var genericParameters: [String] = []
    var span = SwiftSpan()
}
