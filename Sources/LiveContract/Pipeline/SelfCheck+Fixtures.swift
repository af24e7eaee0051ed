#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two more promises of the fuzzer's oracle: the fixtures obey the contract's own rules, and
/// no input takes longer than a budget.
extension SelfCheck {
    /// Every APNs body, FCM message, FCM data map and content state in the generated
    /// fixtures goes through `validate` (`PayloadChecker`) and must give no error: fixtures
    /// that the tool's own checker refuses would teach the servers and apps the wrong wire.
    func checkFixturesValidate(_ loaded: LoadedSchema) throws(Violation) {
        for file in loaded.files where file.kind == .fixture {
            guard let root = try? JSONParser().parse(file.bytes).root, case .object(let members) = root.kind else {
                throw Violation(invariant: "fixture JSON", detail: "\(file.path) is not a JSON object")
            }
            var payloads: [(String, JSONNode, PayloadKind)] = []
            for member in members {
                switch member.key {
                case "contentState": payloads.append(("contentState", member.value, .contentState))
                case "fcmData": payloads.append(("fcmData", member.value, .data))
                case "fcmMessage": payloads.append(("fcmMessage", member.value, .fcm))
                case "apns":
                    guard case .object(let events) = member.value.kind else { continue }
                    for event in events {
                        // `startWithInputs` holds one start body per iOS 18 input.
                        if case .object(let inner) = event.value.kind, !inner.contains(where: { $0.key == "aps" }) {
                            for body in inner { payloads.append(("apns.\(event.key).\(body.key)", body.value, .apns)) }
                        } else {
                            payloads.append(("apns.\(event.key)", event.value, .apns))
                        }
                    }
                case "fcmLiveActivity":
                    guard case .object(let events) = member.value.kind else { continue }
                    for event in events { payloads.append(("fcmLiveActivity.\(event.key)", event.value, .fcmLiveActivity)) }
                case "apnsRequest": payloads.append(("apnsRequest", member.value, .request))
                case "broadcast":
                    guard case .object(let events) = member.value.kind else { continue }
                    for event in events { payloads.append(("broadcast.\(event.key)", event.value, .request)) }
                default: continue
                }
            }
            for (name, node, kind) in payloads {
                let bytes = Array(JSONWriter.compact(Self.value(of: node)).utf8)
                let result = PayloadChecker.validate(bytes, path: "\(file.path)#\(name)", contract: loaded.contract, kind: kind)
                if let error = result.diagnostics.first(where: { $0.severity == .error }) {
                    throw Violation(invariant: "fixtures validate", detail: "\(file.path) \(name): \(error)")
                }
            }
        }
    }

    /// A parsed node as a value to write again (numbers keep their integer or double form).
    static func value(of node: JSONNode) -> JSONValue {
        switch node.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return Int64(text).map(JSONValue.int) ?? .double(Double(text) ?? 0)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value(of:)))
        case .object(let members): return .object(members.map { JSONMember($0.key, value(of: $0.value)) })
        }
    }

    /// Seconds of CPU time this process has used, for the per-input time budget: the budget
    /// measures work, so a loaded machine (a niced fuzzer beside a build) cannot turn slow
    /// scheduling into a finding, and a real hang or exponential path still exceeds it. The
    /// fuzz targets time their inputs with it too.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
