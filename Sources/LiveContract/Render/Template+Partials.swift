/// `{{> name}}`: the template a partial tag names, rendered in place with the scopes open at
/// the tag. The lookup is the caller's (a `TemplateSet` in every run), so which file a partial
/// comes from is decided at render time and a user's override of a partial wins everywhere.
extension Template {
    /// How deep partials may nest. A cycle is refused on its own; this bounds a chain of
    /// distinct partials, so a render always ends.
    public static let maxPartialDepth = 16

    /// The templates this one includes directly (`{{> name}}` -> "name.mustache"), in the
    /// order they first appear.
    public var partialNames: [String] {
        var names: [String] = []
        for index in 0..<program.links.count {
            let kind = program.steps[4 * index]
            guard kind == TemplateSteps.partial || kind == TemplateSteps.standalonePartial else { continue }
            let name = program.tags[Int(program.links[index].tag)].name + ".mustache"
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `{{> name}}`: renders `name.mustache` from the lookup with the scopes open here. A
    /// standalone tag's indentation goes before every non-empty line the partial writes, so
    /// an indented include lines up and adds no trailing blanks.
    func include(_ walk: Walk, _ tag: TemplateTag, standalone: Bool, into output: inout [UInt8],
                 scopes: inout [TemplateValue], partials: (String) -> Template?, chain: inout [String],
                 budget: inout RenderBudget) throws(TemplateError) {
        let key = tag.name + ".mustache"
        guard let partial = partials(key) else {
            throw error(at: tag, "unknown partial '\(tag.name)': there is no template '\(key)'; fix the name, or include one of the built-in templates")
        }
        if chain.contains(key) {
            throw error(at: tag, "partial '\(tag.name)' includes itself (\((chain + [key]).joined(separator: " -> "))); a partial cannot include a template that is still being rendered")
        }
        guard chain.count <= Self.maxPartialDepth else {
            throw error(at: tag, "partials nest more than \(Self.maxPartialDepth) deep (\((chain + [key]).joined(separator: " -> "))); include fewer levels")
        }
        var indent = tag.offset
        while standalone, indent > 0, walk.source[indent - 1] == UInt8(ascii: " ") || walk.source[indent - 1] == UInt8(ascii: "\t") { indent -= 1 }
        chain.append(key)
        defer { chain.removeLast() }
        var inner: [UInt8] = []
        do {
            if indent == tag.offset {
                try partial.append(into: &output, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
            } else {
                try partial.append(into: &inner, scopes: &scopes, partials: partials, chain: &chain, budget: &budget)
            }
        } catch {
            let (line, column) = TemplatePosition.of(tag.offset, in: walk.source)
            var located = error
            located.message += " (included from \(name):\(line):\(column))"
            throw located
        }
        guard indent != tag.offset else { return }
        // The indentation goes before every line, so it multiplies the partial's size: checked
        // before it is written, like every other growth of the output.
        let lines = inner.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let (indentation, overflow) = lines.multipliedReportingOverflow(by: tag.offset - indent)
        if overflow || indentation + inner.count + output.count > RenderBudget.maxOutput {
            throw error(at: tag, RenderBudget.outputMessage)
        }
        Self.append(inner, indentedBy: UnsafeBufferPointer(rebasing: walk.source[indent..<tag.offset]), to: &output)
    }

    /// `text` with `indent` in front of each line that has more than its line break.
    private static func append(_ text: [UInt8], indentedBy indent: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var atLineStart = true
        for (index, byte) in text.enumerated() {
            if atLineStart && byte != UInt8(ascii: "\n") && !(byte == UInt8(ascii: "\r") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "\n")) {
                output.append(contentsOf: indent)
            }
            output.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
    }
}
