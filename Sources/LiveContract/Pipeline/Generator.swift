/// The pipeline's last stage: contract -> per-language context -> rendered files.
///
/// Pure: no file I/O, the same contract and templates give the same bytes on every platform.
public struct Generator: Sendable {
    public var templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// Every output the schema asks for, in `Emitters.all` order (Swift copies, bridge,
    /// Kotlin, TypeScript, ..., fixtures). A large contract's outputs render concurrently; the
    /// result does not depend on scheduling.
    public func generate(_ contract: Contract) throws(TemplateError) -> [GeneratedFile] {
        let header = GeneratedHeader.lines(for: contract)
        let requests = Emitters.all.compactMap { emitter in request(emitter, contract, header: header).map { (emitter, $0) } }
        let results = Parallel.map(requests.count, worthThreads: Self.worthThreads(contract)) { index in
            Result { () throws(TemplateError) in try requests[index].0.render(requests[index].1) }
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

    /// What `emitter` gets for this contract; nil when the schema does not ask for its output.
    func request(_ emitter: Emitter, _ contract: Contract, header: [String]) -> EmitRequest? {
        guard let output = contract.outputs[emitter.key] else { return nil }
        return EmitRequest(contract: contract, output: output, header: header, kind: emitter.kind, templates: templates)
    }

    /// One emitter's files, alone (tests compare this with `generate`).
    func render(_ emitter: Emitter, _ contract: Contract) throws(TemplateError) -> [GeneratedFile] {
        guard let request = request(emitter, contract, header: GeneratedHeader.lines(for: contract)) else { return [] }
        return try emitter.render(request)
    }
}
