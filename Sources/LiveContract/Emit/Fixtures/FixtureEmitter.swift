/// Writes the JSON fixtures that prove every copy of the contract agrees (docs/wire.md).
///
/// One file per example and per generated edge case holds every shape of that sample (bridge,
/// content-state, FCM data and message, the three APNs bodies); `fcm-malformed.json` and
/// `decode-cases.json` hold what the parsers and decoders must make of broken input.
struct FixtureEmitter {
    let contract: Contract

    /// The fixed clock: 2025-03-15T18:47:00Z. Fixtures never depend on the real time.
    static let clockMillis: Int64 = 1_742_064_420_000
    static let deviceToken = "fixture-device-token"

    var shapes: WireShapes { WireShapes(contract: contract) }

    func files(in folder: String) -> [GeneratedFile] {
        let samples = FixtureSamples(contract: contract)
        var files: [GeneratedFile] = []
        for sample in samples.all() {
            files.append(file(folder, sample.name, sampleDocument(sample)))
        }
        if let base = samples.base {
            let malformed = FCMMalformedCases(contract: contract, base: base).cases()
            files.append(file(folder, "fcm-malformed", envelope([JSONMember("cases", .array(malformed))])))
            let decodeCases = DecodeCases(contract: contract, base: base).cases()
            files.append(file(folder, "decode-cases", envelope([JSONMember("cases", .array(decodeCases))])))
        }
        return files
    }

    func file(_ folder: String, _ name: String, _ value: JSONValue) -> GeneratedFile {
        GeneratedFile(path: "\(folder)/\(name).json", contents: JSONWriter.pretty(value), kind: .fixture)
    }

    /// The header members every fixture starts with, then `members`.
    func envelope(_ members: [JSONMember]) -> JSONValue {
        let header = GeneratedHeader.lines(for: contract)
        return .object([
            JSONMember("comment", .string(header[0])),
            JSONMember("fingerprint", .string(contract.fingerprint)),
        ] + members)
    }

    func sampleDocument(_ sample: FixtureSamples.Sample) -> JSONValue {
        let shapes = self.shapes
        let bridge = JSONValue.object([
            JSONMember("attributes", shapes.bridge(sample.attributes, fields: contract.attributes)),
            JSONMember("state", shapes.bridge(sample.state, fields: contract.state)),
        ])
        let apnsAttributes = shapes.apns(sample.attributes, fields: contract.attributes)
        let contentState = shapes.apns(sample.state, fields: contract.state)
        let fcmData = shapes.fcm(attributes: sample.attributes, state: sample.state)
        let fcmMessage = JSONValue.object([JSONMember("message", .object([
            JSONMember("token", .string(Self.deviceToken)),
            JSONMember("data", fcmData),
            JSONMember("android", .object([JSONMember("priority", .string("high"))])),
        ]))])
        let alert = JSONValue.object([
            JSONMember("title", .string(contract.name)),
            JSONMember("body", .string(sample.name)),
        ])
        let options = JSONValue.object([
            JSONMember("timestampMs", .int(Self.clockMillis)),
            JSONMember("staleDateMs", .int(Self.clockMillis + 15 * 60_000)),
            JSONMember("dismissalDateMs", .int(Self.clockMillis + 60 * 60_000)),
            JSONMember("relevanceScore", .int(50)),
            JSONMember("alert", alert),
        ])
        func seconds(_ millis: Int64) -> JSONValue { .int(millis / 1000) }
        let update = JSONValue.object([JSONMember("aps", .object([
            JSONMember("timestamp", seconds(Self.clockMillis)),
            JSONMember("event", .string("update")),
            JSONMember("content-state", contentState),
            JSONMember("stale-date", seconds(Self.clockMillis + 15 * 60_000)),
            JSONMember("relevance-score", .int(50)),
            JSONMember("alert", alert),
        ]))])
        let end = JSONValue.object([JSONMember("aps", .object([
            JSONMember("timestamp", seconds(Self.clockMillis)),
            JSONMember("event", .string("end")),
            JSONMember("content-state", contentState),
            JSONMember("dismissal-date", seconds(Self.clockMillis + 60 * 60_000)),
        ]))])
        let start = JSONValue.object([JSONMember("aps", .object([
            JSONMember("timestamp", seconds(Self.clockMillis)),
            JSONMember("event", .string("start")),
            JSONMember("content-state", contentState),
            JSONMember("attributes-type", .string(contract.attributesTypeName)),
            JSONMember("attributes", apnsAttributes),
            JSONMember("alert", alert),
        ]))])
        return envelope([
            JSONMember("example", .string(sample.name)),
            JSONMember("bridge", bridge),
            JSONMember("apnsAttributes", apnsAttributes),
            JSONMember("contentState", contentState),
            JSONMember("fcmData", fcmData),
            JSONMember("fcmMessage", fcmMessage),
            JSONMember("apnsOptions", options),
            JSONMember("apns", .object([
                JSONMember("update", update),
                JSONMember("end", end),
                JSONMember("start", start),
            ])),
        ])
    }
}
