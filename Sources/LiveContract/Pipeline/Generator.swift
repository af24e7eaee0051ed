/// The pipeline's last stage: contract -> per-language context -> rendered files.
///
/// Pure: no file I/O, the same contract and templates give the same bytes on every platform.
public struct Generator: Sendable {
    public var templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// Every output the schema asks for.
    public func generate(_ contract: Contract) throws(TemplateError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        let header = GeneratedHeader.lines(for: contract)
        if !contract.outputs.swift.isEmpty {
            let text = try render("swift.mustache", SwiftContext(contract: contract).build(header: header))
            for output in contract.outputs.swift {
                files.append(GeneratedFile(path: output.path, contents: text, kind: .swift))
            }
        }
        if let output = contract.outputs.swiftBridge {
            let text = try render("swift-bridge.mustache", SwiftBridgeContext(contract: contract).build(header: header))
            files.append(GeneratedFile(path: output.path, contents: text, kind: .swiftBridge))
        }
        if let output = contract.outputs.kotlin {
            let text = try render("kotlin.mustache", KotlinContext(contract: contract).build(header: header))
            files.append(GeneratedFile(path: output.path, contents: text, kind: .kotlin))
        }
        if let output = contract.outputs.typescript {
            let text = try render("typescript.mustache", TypeScriptContext(contract: contract).build(header: header))
            files.append(GeneratedFile(path: output.path, contents: text, kind: .typescript))
        }
        if let output = contract.outputs.fixtures {
            files += FixtureEmitter(contract: contract).files(in: output.path)
        }
        return files
    }

    func render(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> String {
        guard let template = templates.template(name) else {
            throw TemplateError(templateName: name, line: 1, column: 1, message: "no template named '\(name)'")
        }
        return try template.render(context)
    }
}
