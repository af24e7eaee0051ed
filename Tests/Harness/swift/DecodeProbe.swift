// Decodes hand-written content-state JSON with the generated Delivery and KitchenSink types and a
// default JSONDecoder, exactly as a widget decodes `aps.content-state`, and reports what happened
// so SwiftDecodeTests can assert each case. Input, one case per stdin line:
// `name<TAB>type<TAB>json<TAB>expected` (`expected` empty: the input itself). Output per case:
// `name<TAB>decoded<TAB>same|differs: JSON<TAB>year=YYYY` or `name<TAB>failed<TAB>errorKind: detail`.
import Foundation

/// One generated type the probe can decode, and the date whose year it reports.
struct ProbeType {
    let decodeAndEncode: (Data) throws -> (JSONValue, Date)

    static func of<T: Codable>(_ type: T.Type, date: @escaping (T) -> Date) -> ProbeType {
        ProbeType { data in
            let value = try JSONDecoder().decode(T.self, from: data)
            return (try JSONValue(parsing: try JSONEncoder().encode(value)), date(value))
        }
    }
}

/// Entry point: one output line per input case, in input order.
@main
struct DecodeProbe {
    static var types: [String: ProbeType] {
        [
            "DeliveryAttributes.ContentState": .of(DeliveryAttributes.ContentState.self) { $0.eta },
            "KitchenSinkAttributes.ContentState": .of(KitchenSinkAttributes.ContentState.self) { $0.updatedAt },
            "KitchenSinkAttributes": .of(KitchenSinkAttributes.self) { $0.startedAt },
        ]
    }

    static func main() {
        let types = types
        while let line = readLine() {
            guard !line.isEmpty else { continue }
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4, let type = types[parts[1]] else {
                print("\(parts.first ?? "?")\tfailed\tbadInput: \(line)")
                continue
            }
            print(parts[0] + "\t" + probe(type, json: parts[2], expected: parts[3].isEmpty ? parts[2] : parts[3]))
        }
    }

    static func probe(_ type: ProbeType, json: String, expected: String) -> String {
        do {
            let (encoded, date) = try type.decodeAndEncode(Data(json.utf8))
            let same = (try? JSONValue(parsing: expected)) == encoded
            return "decoded\t\(same ? "same" : "differs: \(encoded)")\tyear=\(year(of: date))"
        } catch let error as DecodingError {
            return "failed\t\(describe(error))"
        } catch {
            return "failed\tother: \(error)"
        }
    }

    /// The `DecodingError` case name first, so the test can assert which way decoding failed.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context): return "typeMismatch: \(context.debugDescription)"
        case .valueNotFound(_, let context): return "valueNotFound: \(context.debugDescription)"
        case .keyNotFound(let key, _): return "keyNotFound: \(key.stringValue)"
        case .dataCorrupted(let context): return "dataCorrupted: \(context.debugDescription)"
        @unknown default: return "other: \(error)"
        }
    }

    static func year(of date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: date)
    }
}
