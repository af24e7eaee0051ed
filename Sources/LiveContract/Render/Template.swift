#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value a template can read.
///
/// Templates are logic-less on purpose: Swift code decides everything and escapes
/// text for the target language, so a template only needs these four shapes. Lists and
/// objects already keep their members on the heap, so the enum is not `indirect`: a text
/// value needs no box of its own.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object(TemplateObject)
}

/// A template problem, located at the tag that caused it so that users who override
/// a built-in template can jump straight to the mistake.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's name, e.g. "swift.mustache" or a user path.
    public var templateName: String
    /// 1-based line of the offending tag.
    public var line: Int
    /// 1-based column of the offending tag's "{{", counted in Unicode scalars.
    public var column: Int
    /// Lower-case explanation that says how to fix the problem.
    public var message: String

    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// Compiler-style so editors and CI log parsers recognise the location; one line whatever
    /// the file name or the quoted tag holds, like a `Diagnostic`.
    public var description: String {
        "\(CodeText.singleLine(templateName)):\(line):\(column): error: \(CodeText.singleLine(message)) [template]"
    }
}

/// A parsed template (a subset of Mustache without HTML escaping; `{{> name}}` includes the
/// template `name.mustache` that the caller's lookup supplies, normally a `TemplateSet`).
///
/// The source is parsed once into flat steps (`TemplateSteps`) so that rendering large
/// contracts is a walk over an array that appends into one byte buffer.
public struct Template: Sendable {
    /// Used as the file name in every error this template reports.
    public let name: String
    /// The UTF-8 source: texts are ranges of it, and error positions are counted in it.
    let source: [UInt8]
    /// The parsed template as a flat program (`TemplateProgram`); no tree of nodes to build
    /// or to walk.
    let program: TemplateProgram

    /// Parses `source`; every syntax error is reported here rather than at render time.
    public init(name: String, source: String) throws(TemplateError) {
        try self.init(name: name, utf8: Array(source.utf8))
    }

    /// Parses UTF-8 `bytes` (invalid sequences read as U+FFFD, as `String(decoding:)` does).
    /// The source is made well-formed here, once, so that rendered output is well-formed
    /// UTF-8 by construction: every delimiter is ASCII, so text ranges never split a character.
    public init(name: String, utf8 bytes: [UInt8]) throws(TemplateError) {
        self.name = name
        let bytes = UTF8Bytes.firstInvalid(bytes) == nil ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
        self.source = bytes
        let (steps, tags) = try TemplateSteps.parse(bytes, name: name)
        self.program = TemplateProgram(steps: steps, tags: tags)
    }

    /// A built-in template from the steps and tags the parser produced for the same
    /// well-formed `source` when the tool was built (`BuiltInTemplateSteps`); runs do not
    /// parse it again.
    init(name: String, wellFormedUTF8 source: [UInt8], steps: [UInt32], tags: [TemplateTag]) {
        self.name = name
        self.source = source
        self.program = TemplateProgram(steps: steps, tags: tags)
    }

    /// Renders with `context` as the outermost scope. Any name the template uses must
    /// exist in some enclosing scope: strictness turns template typos into errors.
    public func render(_ context: TemplateObject) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(context), as: UTF8.self)
    }

    /// `render` as well-formed UTF-8 bytes, which is what files and `check` need: appending
    /// to a byte array is several times cheaper than appending to a String, and templates
    /// render on every `check`. Without a lookup no partial is known, so `{{> name}}` is an
    /// error; `TemplateSet.render` supplies its templates.
    public func renderUTF8(_ context: TemplateObject) throws(TemplateError) -> [UInt8] {
        try renderUTF8(context, as: name, partials: { _ in nil })
    }

    /// `renderUTF8` where `{{> name}}` includes `partials("name.mustache")`, rendered with the
    /// scopes open at the tag (so its names resolve as they would in place). `key` is this
    /// template's name in the lookup, so that including it again is seen as a cycle.
    public func renderUTF8(_ context: TemplateObject, as key: String,
                           partials: (String) -> Template?) throws(TemplateError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        var scopes: [TemplateValue] = [.object(context)]
        var chain = [key]
        var budget = RenderBudget()
        try append(into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
        // Every output stays in memory until `check` has compared them all: keep the bytes,
        // not the room reserved for them.
        if output.isEmpty { return [] }  // no buffer to copy from
        guard output.capacity - output.count > 4096 else { return output }
        return [UInt8](unsafeUninitializedCapacity: output.count) { buffer, count in
            output.withUnsafeBufferPointer { _ = memcpy(buffer.baseAddress!, $0.baseAddress!, $0.count) }
            count = output.count
        }
    }

    /// Renders the whole template into `output`; `chain` holds the keys of the templates
    /// being rendered, outermost first (this one last).
    func append(into output: inout [UInt8], scopes: inout [TemplateValue],
                partials: (String) -> Template?, chain: inout [String], budget: inout RenderBudget) throws(TemplateError) {
        try source.withUnsafeBufferPointer { source throws(TemplateError) in
            try program.steps.withUnsafeBufferPointer { steps throws(TemplateError) in
                try program.links.withUnsafeBufferPointer { links throws(TemplateError) in
                    try program.tags.withUnsafeBufferPointer { tags throws(TemplateError) in
                        let walk = Walk(source: source, steps: steps, links: links, tags: tags)
                        try render(walk, 0, links.count, into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
                    }
                }
            }
        }
    }

    /// The program's arrays, borrowed for one render: tags are read in place rather than
    /// copied (a copy retains and releases each of their strings).
    struct Walk {
        let source: UnsafeBufferPointer<UInt8>
        let steps: UnsafeBufferPointer<UInt32>
        let links: UnsafeBufferPointer<TemplateProgram.Link>
        let tags: UnsafeBufferPointer<TemplateTag>
    }

    /// Runs steps `first..<end`; a section's body runs once per list item, or once.
    private func render(_ walk: Walk, _ first: Int, _ end: Int, into output: inout [UInt8],
                        scopes: inout [TemplateValue], partials: (String) -> Template?, chain: inout [String],
                        budget: inout RenderBudget) throws(TemplateError) {
        var index = first
        while index < end {
            budget.steps &-= scopes.count
            if budget.steps < 0 || output.count > RenderBudget.maxOutput {
                throw budget.exceeded(walk, index, output: output.count, in: self)
            }
            let kind = walk.steps[4 &* index]
            if kind == TemplateSteps.text {
                let range = Int(walk.steps[4 &* index &+ 1])..<Int(walk.steps[4 &* index &+ 2])
                output.append(contentsOf: UnsafeBufferPointer(rebasing: walk.source[range]))
                index += 1
                continue
            }
            let link = walk.links[index]
            let tag = Int(link.tag)
            if kind == TemplateSteps.variable {
                switch try resolve(walk.tags, tag, in: scopes) {
                case .text(let text): output += text.utf8
                case .flag(let flag): output += (flag ? "true" : "false").utf8
                case .list:
                    let tag = walk.tags[tag]
                    throw error(at: tag, "'{{\(tag.name)}}' is a list and cannot be inserted as text; iterate it with '{{#\(tag.name)}}...{{/\(tag.name)}}'")
                case .object:
                    let tag = walk.tags[tag]
                    throw error(at: tag, "'{{\(tag.name)}}' is an object and cannot be inserted as text; insert one of its members, e.g. '{{\(tag.name).name}}', or open it with '{{#\(tag.name)}}...{{/\(tag.name)}}'")
                }
                index += 1
                continue
            }
            if kind == TemplateSteps.partial || kind == TemplateSteps.standalonePartial {
                try include(walk, walk.tags[tag], standalone: kind == TemplateSteps.standalonePartial,
                            into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
                index += 1
                continue
            }
            // A section: its body is the steps up to its close step.
            let close = Int(link.close)
            let value = try resolve(walk.tags, tag, in: scopes)
            if kind == TemplateSteps.inverted {
                if !value.rendersSection { try render(walk, index + 1, close, into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget) }
            } else if case .list(let items) = value {
                for item in items {
                    scopes.append(item)
                    try render(walk, index + 1, close, into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
                    scopes.removeLast()
                }
            } else if value.rendersSection {
                scopes.append(value)
                try render(walk, index + 1, close, into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
                scopes.removeLast()
            }
            index = close + 1
        }
    }

    /// Mustache lookup: the first segment is searched from the innermost scope outward
    /// (non-object items such as list strings hold no names); later segments must be
    /// members of the value found so far.
    ///
    /// The tag is read in place from `tags`: copying it out would retain and release its
    /// strings on every lookup.
    private func resolve(_ tags: UnsafeBufferPointer<TemplateTag>, _ index: Int, in scopes: [TemplateValue]) throws(TemplateError) -> TemplateValue {
        if tags[index].head.isEmpty { return scopes[scopes.count - 1] }
        var found: TemplateValue?
        for scope in scopes.indices.reversed() {
            if case .object(let members) = scopes[scope], let value = members.value(named: tags[index].head, summary: tags[index].headSummary) {
                found = value
                break
            }
        }
        if tags[index].members.isEmpty, let found { return found }
        let tag = tags[index], first = tag.head
        guard var current = found else {
            let within = tag.members.isEmpty ? "" : " in '\(tag.name)'"
            throw error(at: tag, "unknown name '\(first)'\(within); no value with that name is in scope here; fix the spelling or remove the tag")
        }
        for (offset, member) in tag.members.enumerated() {
            // Only for messages, so only built when there is one.
            var owner: String { ([first] + tag.members[..<offset]).joined(separator: ".") }
            guard case .object(let members) = current else {
                throw error(at: tag, "'\(owner)' is \(current.kindDescription), not an object, so it has no member '\(member)'; write '\(owner)' without '.\(member)'")
            }
            guard let value = members[member] else {
                throw error(at: tag, "'\(owner)' has no member '\(member)'; fix the spelling of '\(tag.name)'")
            }
            current = value
        }
        return current
    }

    func error(at tag: TemplateTag, _ message: String) -> TemplateError {
        let (line, column) = source.withUnsafeBufferPointer { TemplatePosition.of(tag.offset, in: $0) }
        return TemplateError(templateName: name, line: line, column: column, message: message)
    }
}

extension TemplateValue {
    /// Whether `{{#name}}` renders its body; `{{^name}}` renders exactly when this is false.
    fileprivate var rendersSection: Bool {
        switch self {
        case .text(let text): return !text.isEmpty
        case .flag(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .object: return true
        }
    }

    /// Names the kind a user actually supplied, for messages about a wrong kind.
    fileprivate var kindDescription: String {
        switch self {
        case .text: return "text"
        case .flag: return "a flag"
        case .list: return "a list"
        case .object: return "an object"
        }
    }
}
