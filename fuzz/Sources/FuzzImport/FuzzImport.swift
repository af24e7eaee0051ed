#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// libFuzzer target for `import`: bytes as a Swift file. Promises: no crash, every error
/// positioned with a catalogued rule, a schema it produces loads again (or is refused with
/// positioned errors, never a crash), and within the budget.
enum FuzzImport {
    static func check(_ bytes: [UInt8]) {
        // CPU seconds: a budget on work, not on how busy the machine is.
        let start = SelfCheck.now()
        let result = SwiftImport.run(source: String(decoding: bytes, as: UTF8.self), path: "A.swift", swiftOutput: "ios/A.swift")
        for diagnostic in result.diagnostics.items {
            guard RuleCatalog.entry(for: diagnostic.rule) != nil else { fatalError("uncatalogued rule: \(diagnostic)") }
            guard diagnostic.location != nil else { fatalError("unpositioned: \(diagnostic)") }
        }
        if let schema = result.schema {
            do {
                _ = try SchemaLoader.load(Array(schema.utf8), path: "imported.yaml")
            } catch {
                for diagnostic in error.diagnostics.items where diagnostic.location == nil { fatalError("unpositioned: \(diagnostic)") }
            }
        }
        if SelfCheck.now() - start > 2 { fatalError("time budget: one input took over 2 s") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
