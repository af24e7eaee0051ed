// The Swift side of the cross-language proof: every fixture livecontract writes must decode with
// the generated Codable types exactly as a widget decodes a push, and every bridge object must
// convert through the generated records to exactly the fixture's Codable JSON and back.
// The test compiles this with each schema's generated Swift and a generated `contractChecks()`
// naming the types; run it as `harness NAME FOLDER [NAME FOLDER ...]`, or as
// `harness --repairs NAME` with repair cases on stdin (see `BridgeRepairs`), or as
// `harness --differential INPUTS.json` (see Differential.swift).
import ExpoModulesCore
import Foundation

/// One contract's generated types, erased to JSON in and JSON out so one loop serves all schemas.
struct ContractChecks {
    let attributesTypeName: String
    /// Codable JSON -> generated type (default `JSONDecoder`) -> default `JSONEncoder` JSON.
    let roundTripState: (JSONValue) throws -> JSONValue
    let roundTripAttributes: (JSONValue) throws -> JSONValue
    /// Bridge object -> record (as Expo builds it) -> `toContentState()` / `toAttributes()` -> JSON.
    let bridgeToState: (JSONValue) throws -> JSONValue
    let bridgeToAttributes: (JSONValue) throws -> JSONValue
    /// Codable JSON -> generated type -> `Record(init(_:))` -> the object JavaScript receives.
    let stateToBridge: (JSONValue) throws -> JSONValue
    let attributesToBridge: (JSONValue) throws -> JSONValue
    /// The differential runner's view (Differential.swift): a JS object through the record, and
    /// content-state text through the widget's decoder and back to the record.
    let bridgeOutcome: ([String: Any]) -> JSONValue
    let contentOutcome: (Data) -> JSONValue

    init<Attributes: Codable, State: Codable, AttributesRecord: Record, StateRecord: Record>(
        toAttributes: @escaping (AttributesRecord) -> Attributes, fromAttributes: @escaping (Attributes) -> AttributesRecord,
        toState: @escaping (StateRecord) -> State, fromState: @escaping (State) -> StateRecord
    ) {
        attributesTypeName = String(describing: Attributes.self)
        roundTripState = { try encode(try decode(State.self, $0)) }
        roundTripAttributes = { try encode(try decode(Attributes.self, $0)) }
        bridgeToState = { try encode(toState(try StateRecord(from: try dictionary($0)))) }
        bridgeToAttributes = { try encode(toAttributes(try AttributesRecord(from: try dictionary($0)))) }
        stateToBridge = { try JSONValue(foundation: fromState(try decode(State.self, $0)).toDictionary()) }
        attributesToBridge = { try JSONValue(foundation: fromAttributes(try decode(Attributes.self, $0)).toDictionary()) }
        bridgeOutcome = { object in
            DifferentialOutcome.bridge(object, read: { try StateRecord(from: $0) }, convert: toState,
                                       back: { try JSONValue(foundation: fromState($0).toDictionary()) })
        }
        contentOutcome = { data in DifferentialOutcome.content(data, State.self, back: { try JSONValue(foundation: fromState($0).toDictionary()) }) }
    }
}

/// Decodes with a default `JSONDecoder`, the one ActivityKit uses for `aps.content-state`.
func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws -> T {
    try JSONDecoder().decode(type, from: Data(value.description.utf8))
}

/// Encodes with a default `JSONEncoder` (dates as 2001-seconds) and parses the result back.
func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    try JSONValue(parsing: try JSONEncoder().encode(value))
}

/// A bridge object as the `[String: Any]` Expo hands to `Record.init(from:)`.
func dictionary(_ value: JSONValue) throws -> [String: Any] {
    guard let members = value.foundationValue as? [String: Any] else { throw JSONParseError(message: "bridge value is not an object") }
    return members
}

/// Counts checks and prints each failure with where it came from.
struct Tally {
    var passed = 0
    var failed = 0

    mutating func check(_ label: String, _ body: () throws -> String?) {
        do {
            if let problem = try body() {
                fail(label, problem)
            } else {
                passed += 1
            }
        } catch {
            fail(label, "threw \(error)")
        }
    }

    mutating func fail(_ label: String, _ problem: String) {
        failed += 1
        print("FAIL \(label): \(problem)")
    }

    mutating func expectEqual(_ label: String, _ actual: () throws -> JSONValue, _ expected: JSONValue?) {
        check(label) {
            guard let expected else { return "the fixture has no expected value" }
            let value = try actual()
            return value == expected ? nil : "expected \(expected)\n     got      \(value)"
        }
    }
}

/// Runs every check for one fixture folder.
struct FixtureFolderRun {
    let name: String
    let folder: URL
    let checks: ContractChecks

    func run(_ tally: inout Tally) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        if files.isEmpty { tally.fail(name, "no fixtures in \(folder.path)") }
        for file in files where file != "fcm-malformed.json" && file != "fcm-ordering.json" {
            let fixture = try JSONValue(parsing: try Data(contentsOf: folder.appendingPathComponent(file)))
            let label = "\(name)/\(file)"
            if file == "decode-cases.json" {
                decodeCases(fixture, label: label, &tally)
            } else {
                example(fixture, label: label, &tally)
            }
        }
    }

    func example(_ fixture: JSONValue, label: String, _ tally: inout Tally) {
        let state = fixture["contentState"], attributes = fixture["apnsAttributes"]
        let bridge = fixture["bridge"]
        tally.expectEqual("\(label) contentState decodes and re-encodes", { try checks.roundTripState(state ?? .null) }, state)
        tally.expectEqual("\(label) apnsAttributes decode and re-encode", { try checks.roundTripAttributes(attributes ?? .null) }, attributes)
        for event in ["update", "end", "start"] {
            let aps = fixture["apns"]?[event]?["aps"]
            tally.expectEqual("\(label) apns.\(event) content-state decodes", { try checks.roundTripState(aps?["content-state"] ?? .null) }, state)
        }
        // Every other route carries the same content-state (docs/wire.md, "Routes").
        let routes: [(String, JSONValue?)] = [
            ("apns.startWithInputs.pushToken", fixture["apns"]?["startWithInputs"]?["pushToken"]),
            ("apns.startWithInputs.channel", fixture["apns"]?["startWithInputs"]?["channel"]),
            ("apnsRequest.body", fixture["apnsRequest"]?["body"]),
            ("broadcast.update.body", fixture["broadcast"]?["update"]?["body"]),
            ("broadcast.end.body", fixture["broadcast"]?["end"]?["body"]),
            ("fcmLiveActivity.start", fixture["fcmLiveActivity"]?["start"]?["message"]?["apns"]?["payload"]),
            ("fcmLiveActivity.update", fixture["fcmLiveActivity"]?["update"]?["message"]?["apns"]?["payload"]),
            ("fcmLiveActivity.end", fixture["fcmLiveActivity"]?["end"]?["message"]?["apns"]?["payload"]),
        ]
        for (route, body) in routes {
            tally.expectEqual("\(label) \(route) content-state decodes", { try checks.roundTripState(body?["aps"]?["content-state"] ?? .null) }, state)
        }
        for route in ["pushToken", "channel"] {
            let aps = fixture["apns"]?["startWithInputs"]?[route]?["aps"]
            tally.expectEqual("\(label) apns.startWithInputs.\(route) attributes decode", { try checks.roundTripAttributes(aps?["attributes"] ?? .null) }, attributes)
        }
        let start = fixture["apns"]?["start"]?["aps"]
        tally.expectEqual("\(label) apns.start attributes decode", { try checks.roundTripAttributes(start?["attributes"] ?? .null) }, attributes)
        tally.check("\(label) apns.start attributes-type") {
            start?["attributes-type"]?.stringValue == checks.attributesTypeName ? nil : "expected \(checks.attributesTypeName)"
        }
        tally.expectEqual("\(label) bridge.state -> toContentState()", { try checks.bridgeToState(bridge?["state"] ?? .null) }, state)
        tally.expectEqual("\(label) bridge.attributes -> toAttributes()", { try checks.bridgeToAttributes(bridge?["attributes"] ?? .null) }, attributes)
        tally.expectEqual("\(label) contentState -> state record", { try checks.stateToBridge(state ?? .null) }, bridge?["state"])
        tally.expectEqual("\(label) apnsAttributes -> attributes record", { try checks.attributesToBridge(attributes ?? .null) }, bridge?["attributes"])
    }

    func decodeCases(_ fixture: JSONValue, label: String, _ tally: inout Tally) {
        guard case .array(let cases)? = fixture["cases"], !cases.isEmpty else {
            tally.fail(label, "no cases")
            return
        }
        for item in cases {
            let caseLabel = "\(label) case \(item["name"]?.stringValue ?? "?")"
            let body = item["contentState"] ?? .null
            switch item["decodes"] {
            case .bool(true)?:
                tally.expectEqual(caseLabel, { try checks.roundTripState(body) }, item["expected"])
            case .bool(false)?:
                tally.check(caseLabel) {
                    guard let value = try? checks.roundTripState(body) else { return nil }
                    return "decoded, but must fail (\(item["why"]?.stringValue ?? "")): \(value)"
                }
            default:
                tally.fail(caseLabel, "`decodes` is not a boolean")
            }
        }
    }
}

/// What `toContentState()` makes of bridge objects JavaScript gets wrong: out-of-range numbers,
/// left-out defaulted fields, unknown enum values, swapped or short ranges. The fixtures only
/// hold well-formed objects, so these cases come from the test, one per stdin line:
/// `label<TAB>bridge state JSON<TAB>expected`, where `expected` is either a JSON object whose
/// members the content state must contain (Codable shape) or the word `rejected` when Expo
/// must refuse the object before any conversion runs.
struct BridgeRepairs {
    let checks: ContractChecks

    func run(input: AnyIterator<String>, _ tally: inout Tally) {
        for line in input where !line.isEmpty {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else {
                tally.fail("repair input", "expected 3 tab-separated parts: \(line)")
                continue
            }
            tally.check("repair \(parts[0])") { try problem(bridge: parts[1], expected: parts[2]) }
        }
    }

    /// nil when the outcome is what `expected` says, else a description of the difference.
    func problem(bridge: String, expected: String) throws -> String? {
        let object = try JSONValue(parsing: bridge)
        if expected == "rejected" {
            guard let state = try? checks.bridgeToState(object) else { return nil }
            return "Expo would have accepted it: \(state)"
        }
        let state = try checks.bridgeToState(object)
        guard case .object(let members) = try JSONValue(parsing: expected) else { return "expected is not an object" }
        let wrong = members.keys.sorted().filter { state[$0] != members[$0] }
        guard !wrong.isEmpty else { return nil }
        return wrong.map { "\($0): expected \(members[$0]!), got \(state[$0].map(\.description) ?? "nothing")" }.joined(separator: "; ")
    }
}

/// Entry point: checks each `NAME FOLDER` pair, then prints the summary line the test reads.
@main
struct FixtureHarness {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let known = contractChecks()
        var tally = Tally()
        if arguments.count == 2, arguments[0] == "--differential" {
            DifferentialRun(checks: known).run(inputPath: arguments[1])
            return
        }
        if arguments.count == 2, arguments[0] == "--repairs" {
            if let checks = known[arguments[1]] {
                BridgeRepairs(checks: checks).run(input: AnyIterator { readLine() }, &tally)
            } else {
                tally.fail(arguments[1], "no generated types registered for this schema")
            }
            print("swift: \(tally.passed) passed, \(tally.failed) failed")
            return
        }
        for index in stride(from: 0, to: arguments.count - 1, by: 2) {
            let name = arguments[index]
            guard let checks = known[name] else {
                tally.fail(name, "no generated types registered for this schema")
                continue
            }
            do {
                try FixtureFolderRun(name: name, folder: URL(fileURLWithPath: arguments[index + 1]), checks: checks).run(&tally)
            } catch {
                tally.fail(name, "could not read fixtures: \(error)")
            }
        }
        print("swift: \(tally.passed) passed, \(tally.failed) failed")
    }
}
