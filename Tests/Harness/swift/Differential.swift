// The Swift runner of the differential test (DifferentialTests.swift): reads every generated
// input of every schema from one file and prints one JSON line per input with what the
// generated records and Codable types made of it. It judges nothing; the test compares.
import ExpoModulesCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What one input gave, as JSON.
enum DifferentialOutcome {
    /// `{"ok": content-state, "shape": bridge object}` from `toContentState()` + `JSONEncoder`
    /// (`shape` is the state record made back from the result, what the Kotlin records are held
    /// to), `{"refused": why}` when Expo refuses the object, `{"encodeFailed": why}` when the
    /// encoder refuses the result.
    static func bridge<StateRecord: Record, State: Encodable>(_ object: [String: Any], read: ([String: Any]) throws -> StateRecord,
                                                              convert: (StateRecord) -> State, back: (State) throws -> JSONValue) -> JSONValue {
        let record: StateRecord
        do { record = try read(object) } catch { return .object(["refused": .string("\(error)")]) }
        let state = convert(record)
        do {
            return .object(["ok": try encode(state), "shape": try back(state)])
        } catch { return .object(["encodeFailed": .string("\(error)")]) }
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

/// Reads the inputs file, one line per input of tab-separated columns `SCHEMA INDEX BRIDGE
/// CONTENT FCM REPAIRED` (DifferentialTests.inputLines; compact JSON has no raw tab or line
/// break, and CONTENT is the state's JSON text itself), and prints
/// `{"schema": NAME, "index": I, "bridge": ..., "content": ...}` per input. Only the bridge
/// column is parsed; the content bytes go to the decoder as they are.
struct DifferentialRun {
    let checks: [String: ContractChecks]

    func run(inputPath: String) {
        guard let data = FileManager.default.contents(atPath: inputPath) else {
            FileHandle.standardError.write(Data("differential: cannot read \(inputPath)\n".utf8))
            exit(1)
        }
        let bytes = [UInt8](data)
        var lineStart = 0, lineNumber = 0
        while lineStart < bytes.count {
            let lineEnd = Self.find(0x0A, in: bytes, from: lineStart) ?? bytes.count
            lineNumber += 1
            var columns: [Range<Int>] = []
            var columnStart = lineStart
            while columns.count < 5, let tab = Self.find(0x09, in: bytes, from: columnStart), tab < lineEnd {
                columns.append(columnStart..<tab)
                columnStart = tab + 1
            }
            columns.append(columnStart..<lineEnd)
            let name = String(decoding: bytes[columns[0]], as: UTF8.self)
            guard columns.count == 6, let index = Int(String(decoding: bytes[columns[1]], as: UTF8.self)) else {
                FileHandle.standardError.write(Data("differential: line \(lineNumber) has \(columns.count) columns, not 6\n".utf8))
                exit(1)
            }
            lineStart = lineEnd + 1
            guard let checks = checks[name] else { continue }
            var line: [String: JSONValue] = ["schema": .string(name), "index": .number(Double(index))]
            var parser = JSONParser(bytes: Array(bytes[columns[2]]))
            if case .object(let members)? = try? parser.document() {
                line["bridge"] = checks.bridgeOutcome(members.mapValues(Self.javaScript))
            }
            line["content"] = checks.contentOutcome(Data(bytes[columns[3]]))
            print(Self.text(.object(line)))
        }
    }

    /// The offset of the first `byte` at or after `start` (memchr: a loop here is slow unoptimised).
    static func find(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + start, Int32(byte), buffer.count - start).map { UnsafeRawPointer(buffer.baseAddress!).distance(to: UnsafeRawPointer($0)) }
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
