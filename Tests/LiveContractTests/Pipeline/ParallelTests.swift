import XCTest
@testable import LiveContract

/// Large contracts render their outputs on several threads; small ones on one. Both must give
/// the same bytes, in the same order, as rendering each output by itself.
final class ParallelTests: XCTestCase {
    func testMapRunsEveryIndexOnceInOrder() {
        for threads in [false, true] {
            let counter = Tally()
            let results = Parallel.map(100, worthThreads: threads) { index -> Int in
                counter.add(index)
                return index * index
            }
            XCTAssertEqual(results, (0..<100).map { $0 * $0 })
            XCTAssertEqual(counter.seen, Array(repeating: 1, count: 100), "threads: \(threads)")
        }
        XCTAssertEqual(Parallel.map(0) { $0 }, [])
        XCTAssertEqual(Parallel.map(1) { $0 + 7 }, [7])
    }

    func testLargeContractRendersThreadedExactlyAsOneOutputAtATime() throws {
        let count = 300
        var yaml = "livecontract: 1\nname: Big\nattributes:\n  orderId: { type: string, maxLength: 40 }\nstate:\n"
        for index in 0..<count {
            yaml += "  field\(index): { type: \(["int", "string", "double?", "bool", "date"][index % 5])\(index % 5 == 1 ? ", maxLength: 20" : "") }\n"
        }
        yaml += "examples:\n  first:\n    attributes: { orderId: a }\n    state:\n"
        for index in 0..<count {
            yaml += "      field\(index): \(["1", "x", "0.5", "true", "\"2025-03-15T19:00:00Z\""][index % 5])\n"
        }
        yaml += "outputs:\n  swift: [Big.swift, widget/Big.swift]\n  swift-bridge: BigRecords.swift\n"
        yaml += "  kotlin: { path: Big.kt, package: com.example.big }\n  typescript: Big.ts\n  fixtures: fixtures\n"
        let (contract, _) = try SchemaLoader.load(Array(yaml.utf8), path: "big.yaml")
        XCTAssertTrue(Generator.worthThreads(contract), "the test contract must take the threaded path")

        let generator = Generator(templates: try TemplateSet.builtIn())
        let threaded = try generator.generate(contract)
        var oneByOne: [GeneratedFile] = []
        for emitter in Emitters.all { oneByOne += try generator.render(emitter, contract) }

        XCTAssertEqual(threaded.map(\.path), oneByOne.map(\.path))
        XCTAssertEqual(threaded.map(\.contents), oneByOne.map(\.contents))
        XCTAssertGreaterThan(threaded.count, 6)
    }
}

/// Counts how often each index ran, from any thread.
private final class Tally: @unchecked Sendable {
    private var counts = Array(repeating: 0, count: 100)
    private let lock = NSLock()

    func add(_ index: Int) {
        lock.lock()
        counts[index] += 1
        lock.unlock()
    }

    var seen: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
