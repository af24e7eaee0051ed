/// One kind of output the generator writes: the `outputs:` key that asks for it, how that key
/// is spelled in the schema, and the function that renders it.
///
/// Every language lives in its own `Emit/<Language>/` folder, which defines its emitter as a
/// static member (`Emitter.typescript`) next to its context; `Emitters.all` lists them once, and
/// the schema loader, the generator, the editor schema and `templates which` all read that list.
/// docs/adding-a-language.md walks through adding one.
public struct Emitter: Sendable {
    /// The `outputs:` key, e.g. `typescript`.
    public let key: String
    /// The kind of the files it writes (a fixture folder writes `.fixture` files).
    public let kind: GeneratedFile.Kind
    /// The built-in template that renders it; nil for outputs written by our own JSON writer.
    public let template: String?
    public let shape: OutputShape
    /// One line for the editor schema and for `templates which`.
    public let summary: String
    /// Another output this one builds on (`kotlin-bridge` converts to the `kotlin` classes),
    /// with the message that asks for it.
    public let requires: (key: String, message: String)?
    public let render: @Sendable (EmitRequest) throws(TemplateError) -> [GeneratedFile]
    /// The ending its path must have (`.py`: Python imports nothing else), checked by the
    /// schema loader (`output-extension`); nil when any name will do.
    public private(set) var pathExtension: String? = nil

    public init(key: String, kind: GeneratedFile.Kind, template: String?, shape: OutputShape, summary: String,
                requires: (key: String, message: String)? = nil,
                render: @escaping @Sendable (EmitRequest) throws(TemplateError) -> [GeneratedFile]) {
        self.key = key
        self.kind = kind
        self.template = template
        self.shape = shape
        self.summary = summary
        self.requires = requires
        self.render = render
    }

    /// An emitter whose one file is its template rendered with one context, written at
    /// every path the schema lists (`key: path` or `key: [path, ...]`).
    public static func templated(key: String, kind: GeneratedFile.Kind, template: String, shape: OutputShape = .files,
                                 summary: String, requires: (key: String, message: String)? = nil,
                                 context: @escaping @Sendable (Contract, [String]) -> TemplateObject) -> Emitter {
        Emitter(key: key, kind: kind, template: template, shape: shape, summary: summary, requires: requires) { request throws(TemplateError) in
            request.files(try request.render(template, context(request.contract, request.header)))
        }
    }

    /// The same emitter, its path required to end in `ending` (`.py`, `.go`).
    public func requiringExtension(_ ending: String) -> Emitter {
        var copy = self
        copy.pathExtension = ending
        return copy
    }

    /// How the schema names this output: "the typescript output", "the fixtures folder".
    var what: String {
        if case .folder = shape { return "the \(key) folder" }
        return "the \(key) output"
    }
}

/// How an output is spelled under `outputs:`.
public enum OutputShape: Sendable {
    /// `key: path` or `key: [path, ...]`: the same bytes at every path (the Swift copies, an
    /// app's and a server package's TypeScript, ...).
    case files
    /// `key: folder`: the emitter names the files inside it.
    case folder
    /// `key: { path, package }` or `key: { path: [path, ...], package }`: one package, so the
    /// same bytes at every path (docs/README "Outputs": copies in other packages would be
    /// other types, not copies).
    case package(PackageRule)
}

/// The package (or module) name an output needs, and what makes one valid in its language.
public struct PackageRule: Sendable {
    /// Shown in the message for a bare path: `kotlin: { path: ..., package: com.example.app }`.
    public let example: String
    /// Names the language in messages: "a Kotlin package name".
    public let language: String
    /// What a valid name looks like, for the message: "dot-separated identifiers, no keywords".
    public let requirement: String
    /// The same rule as regular expressions, for the editor schema (`pattern` and `not`).
    public let pattern: String
    public let refusedPattern: String?
    public let isValid: @Sendable (String) -> Bool

    public init(example: String, language: String, requirement: String, pattern: String, refusedPattern: String?,
                isValid: @escaping @Sendable (String) -> Bool) {
        self.example = example
        self.language = language
        self.requirement = requirement
        self.pattern = pattern
        self.refusedPattern = refusedPattern
        self.isValid = isValid
    }
}

/// What an emitter gets: the contract, its output as the schema spelled it, and the header
/// lines every generated file starts with.
public struct EmitRequest: Sendable {
    public let contract: Contract
    public let output: OutputSpec
    public let header: [String]
    public let kind: GeneratedFile.Kind
    let templates: TemplateSet

    /// Renders a template of the run's set (built-in or the user's override), its partials
    /// taken from the same set.
    public func render(_ name: String, _ context: TemplateObject) throws(TemplateError) -> [UInt8] {
        try templates.render(name, context)
    }

    /// The same bytes at every path of the output, as this emitter's kind.
    public func files(_ bytes: [UInt8]) -> [GeneratedFile] {
        output.paths.map { GeneratedFile(path: $0.path, bytes: bytes, kind: kind) }
    }
}
