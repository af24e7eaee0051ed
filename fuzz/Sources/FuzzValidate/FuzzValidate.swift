#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// libFuzzer target for `validate`: bytes as a payload against the bundled schemas (every
/// type the wire has), each kind guessed and forced. Promises: no crash or trap, every
/// diagnostic positioned inside the payload with a catalogued rule, and within the budget.
enum FuzzValidate {
    nonisolated(unsafe) static var contracts: [Contract] = []

    static func load() {
        let root = getenv("LIVECONTRACT_REPO").map { String(cString: $0) } ?? ".."
        for name in ["delivery", "kitchensink", "ride"] {
            let path = "\(root)/schema/\(name).yaml"
            guard case .success(let bytes) = Workspace.readSchema(path, fileSystem: FileSystem()),
                  let (contract, _) = try? SchemaLoader.load(bytes, path: path) else {
                fatalError("cannot load \(path); run from fuzz/ or set LIVECONTRACT_REPO")
            }
            contracts.append(contract)
        }
    }

    static func check(_ bytes: [UInt8]) {
        if contracts.isEmpty { load() }
        let lines = 1 + bytes.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
        let start = SelfCheck.now()
        for contract in contracts {
            for kind in [nil] + PayloadKind.allCases.map(Optional.some) {
                let result = PayloadChecker.validate(bytes, path: "p.json", contract: contract, kind: kind)
                for diagnostic in result.diagnostics {
                    guard RuleCatalog.entry(for: diagnostic.rule) != nil else { fatalError("uncatalogued rule: \(diagnostic)") }
                    guard let location = diagnostic.location, location.line >= 1, location.line <= lines, location.column >= 1 else {
                        fatalError("diagnostic outside the \(lines)-line payload: \(diagnostic)")
                    }
                }
            }
        }
        if SelfCheck.now() - start > 2 { fatalError("time budget: one payload took over 2 s") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzValidate.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
