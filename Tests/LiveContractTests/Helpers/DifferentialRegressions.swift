import Foundation
import XCTest
@testable import LiveContract

/// Past disagreements of the differential test, kept as fixtures: each JSON file of
/// Tests/Fixtures/differential is a reproducer the test printed (or one written by hand for a
/// finding), `{"schema", "pair", "bridgeState" | "fcmData" | "contentState"}`. Every run puts
/// them before the seeded inputs of their schema, so a fixed disagreement stays fixed whatever
/// the seed. The parts a reproducer does not give are empty (`{}`), an input like any other.
enum DifferentialRegressions {
    static let folder = TestSupport.repoRoot.appendingPathComponent("Tests/Fixtures/differential")

    /// The reproducers by schema, in file name order.
    static func cases() throws -> [String: [DifferentialInputs.Case]] {
        var found: [String: [DifferentialInputs.Case]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let node = try JSONParser().parse(Array(try Data(contentsOf: folder.appendingPathComponent(name)))).root
            guard case .string(let schema)? = node["schema"].map(value), node["pair"] != nil else {
                throw SwiftcFailure(message: "\(name): a reproducer names its schema and pair")
            }
            var item = DifferentialInputs.Case(bridge: .object([]), content: .object([]), fcm: [])
            if let bridge = node["bridgeState"] { item.bridge = value(bridge) }
            if case .object(let members)? = node["fcmData"].map(value) { item.fcm = members }
            if case .string(let content)? = node["contentState"].map(value) { item.content = DiffJSON.raw(content) }
            found[schema, default: []].append(item)
        }
        return found
    }

    /// The JSON value of a parsed node; a number keeps its integer form where it has one.
    static func value(_ node: JSONNode) -> JSONValue {
        switch node.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return Int64(text).map(JSONValue.int) ?? .double(Double(text) ?? .nan)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value))
        case .object(let members): return .object(members.map { JSONMember($0.key, value($0.value)) })
        }
    }
}
