/// The pipeline's last stage: contract -> per-language context -> rendered files.
///
/// Pure: no file I/O, the same contract and templates give the same bytes on every platform.
public struct Generator: Sendable {
    public var templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// One output to render.
    enum Job: Sendable {
        case swift([OutputPath])
        case swiftBridge(OutputPath)
        case kotlin(OutputPath)
        case kotlinBridge(OutputPath)
        case typescript(OutputPath)
        case fixtures(OutputPath)
    }

    /// Every output the schema asks for, in a fixed order (Swift copies, bridge, Kotlin,
    /// TypeScript, fixtures). A large contract's outputs render concurrently; the result does
    /// not depend on scheduling.
    public func generate(_ contract: Contract) throws(TemplateError) -> [GeneratedFile] {
        let outputs = contract.outputs
        var jobs: [Job] = []
        if !outputs.swift.isEmpty { jobs.append(.swift(outputs.swift)) }
        if let output = outputs.swiftBridge { jobs.append(.swiftBridge(output)) }
        if let output = outputs.kotlin { jobs.append(.kotlin(output)) }
        if let output = outputs.kotlinBridge { jobs.append(.kotlinBridge(output)) }
        if let output = outputs.typescript { jobs.append(.typescript(output)) }
        if let output = outputs.fixtures { jobs.append(.fixtures(output)) }
        let work = jobs
        let header = GeneratedHeader.lines(for: contract)
        let results = Parallel.map(work.count, worthThreads: Self.worthThreads(contract)) { index in
            Result { () throws(TemplateError) in try run(work[index], contract, header: header) }
        }
        var files: [GeneratedFile] = []
        for result in results {
            files += try result.get()
        }
        return files
    }

    /// Below about this many fields and cases, rendering everything takes about a millisecond,
    /// less than starting threads costs on a small machine (bench/run measures both ends).
    static let threadedSize = 200

    static func worthThreads(_ contract: Contract) -> Bool {
        var size = contract.attributes.count + contract.state.count + contract.examples.count
        for type in contract.types {
            size += type.fields?.count ?? type.enumType?.cases.count ?? 0
        }
        return size >= threadedSize
    }

    func run(_ job: Job, _ contract: Contract, header: [String]) throws(TemplateError) -> [GeneratedFile] {
        switch job {
        case .swift(let paths):
            let text = try render("swift.mustache", SwiftContext(contract: contract).build(header: header))
            return paths.map { GeneratedFile(path: $0.path, bytes: text, kind: .swift) }
        case .swiftBridge(let output):
            let text = try render("swift-bridge.mustache", SwiftBridgeContext(contract: contract).build(header: header))
            return [GeneratedFile(path: output.path, bytes: text, kind: .swiftBridge)]
        case .kotlin(let output):
            let text = try render("kotlin.mustache", KotlinContext(contract: contract).build(header: header))
            return [GeneratedFile(path: output.path, bytes: text, kind: .kotlin)]
        case .kotlinBridge(let output):
            let text = try render("kotlin-bridge.mustache", KotlinBridgeContext(contract: contract).build(header: header))
            return [GeneratedFile(path: output.path, bytes: text, kind: .kotlinBridge)]
        case .typescript(let output):
            let text = try render("typescript.mustache", TypeScriptContext(contract: contract).build(header: header))
            return [GeneratedFile(path: output.path, bytes: text, kind: .typescript)]
        case .fixtures(let output):
            return FixtureEmitter(contract: contract).files(in: output.path)
        }
    }

    func render(_ name: String, _ context: TemplateObject) throws(TemplateError) -> [UInt8] {
        try templates.render(name, context)
    }
}
