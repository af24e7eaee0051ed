// The Swift runner of the differential test (DifferentialTests.swift): reads every generated
// input of every schema from one JSON file and prints one JSON line per input with what the
// generated records and Codable types made of it. It judges nothing; the test compares.
import ExpoModulesCore
import Foundation

/// What one input gave, as JSON.
enum DifferentialOutcome {
    /// `{"ok": content-state}` from `toContentState()` + `JSONEncoder`, `{"refused": why}` when
    /// Expo refuses the object, `{"encodeFailed": why}` when the encoder refuses the result.
    static func bridge<StateRecord: Record, State: Encodable>(_ object: [String: Any], read: ([String: Any]) throws -> StateRecord,
                                                              convert: (StateRecord) -> State) -> JSONValue {
        let record: StateRecord
        do { record = try read(object) } catch { return .object(["refused": .string("\(error)")]) }
        do { return .object(["ok": try encode(convert(record))]) } catch { return .object(["encodeFailed": .string("\(error)")]) }
    }

    /// `{"decodes": re-encoded, "back": the state record's object}` or `{"fails": why}`.
    static func content<State: Codable>(_ data: Data, _ type: State.Type, back: (State) throws -> JSONValue) -> JSONValue {
        do {
            let value = try JSONDecoder().decode(State.self, from: data)
            return .object(["decodes": try encode(value), "back": try back(value)])
        } catch {
            return .object(["fails": .string(String(describing: error).prefix(200).description)])
        }
    }
}

/// Reads `{"schemas": {NAME: [{"bridge": {...}, "content": "TEXT", ...}]}}` and prints
/// `{"schema": NAME, "index": I, "bridge": ..., "content": ...}` per input.
struct DifferentialRun {
    let checks: [String: ContractChecks]

    func run(inputPath: String) {
        guard let data = FileManager.default.contents(atPath: inputPath), let input = try? JSONValue(parsing: data),
              case .object(let schemas)? = input["schemas"] else {
            print("differential: cannot read \(inputPath)")
            return
        }
        for name in schemas.keys.sorted() {
            guard let checks = checks[name], case .array(let cases) = schemas[name]! else { continue }
            for (index, item) in cases.enumerated() {
                var line: [String: JSONValue] = ["schema": .string(name), "index": .number(Double(index))]
                if case .object(let members)? = item["bridge"] {
                    line["bridge"] = checks.bridgeOutcome(members.mapValues(Self.javaScript))
                }
                if let text = item["content"]?.stringValue {
                    line["content"] = checks.contentOutcome(Data(text.utf8))
                }
                print(Self.text(.object(line)))
            }
        }
    }

    /// JSON text like `description`, with the numbers JSON cannot spell tagged as in the input.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .number(let number) where !number.isFinite:
            return number.isNaN ? #"{"$lc":"NaN"}"# : number < 0 ? #"{"$lc":"-Infinity"}"# : #"{"$lc":"Infinity"}"#
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { JSONValue.string($0).description + ":" + text(members[$0]!) }.joined(separator: ",") + "}"
        default: return value.description
        }
    }

    /// A bridge value as Expo hands it over, with the tagged numbers JSON cannot spell.
    static func javaScript(_ value: JSONValue) -> Any {
        switch value {
        case .object(let members):
            if members.count == 1, case .string(let tag)? = members["$lc"] {
                switch tag {
                case "NaN": return Double.nan
                case "Infinity": return Double.infinity
                case "-Infinity": return -Double.infinity
                default: return -0.0
                }
            }
            return members.mapValues(javaScript)
        case .array(let items): return items.map(javaScript)
        default: return value.foundationValue
        }
    }
}
