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
        let comment = GeneratedHeader.lines(for: contract)[0]
        var files: [GeneratedFile] = []
        for sample in samples.all() {
            files.append(file(folder, sample.name, comment: comment) { writeSample(sample, into: &$0) })
        }
        if let base = samples.base {
            let malformed = FCMMalformedCases(contract: contract, base: base)
            files.append(file(folder, "fcm-malformed", comment: comment) { json in
                json.array("cases") { malformed.write(into: &$0) }
            })
            let ordering = FCMOrderingCases(contract: contract, base: base)
            files.append(file(folder, "fcm-ordering", comment: comment) { json in
                json.array("steps") { ordering.write(into: &$0) }
            })
            let decodeCases = DecodeCases(contract: contract, base: base)
            files.append(file(folder, "decode-cases", comment: comment) { json in
                json.array("cases") { decodeCases.write(into: &$0) }
            })
        }
        return files
    }

    /// One fixture file: an object with the header members every fixture starts with
    /// (`comment` is the generated-file header line), then the members `body` writes.
    func file(_ folder: String, _ name: String, comment: String, _ body: (inout JSONText) -> Void) -> GeneratedFile {
        var json = JSONText(pretty: true)
        json.object { json in
            json.member("comment", .string(comment))
            json.member("fingerprint", .string(contract.fingerprint))
            body(&json)
        }
        json.append(UInt8(ascii: "\n"))
        return GeneratedFile(path: "\(folder)/\(name).json", bytes: Array(json.bytes), kind: .fixture)
    }

    /// Every shape of one sample, written member by member (no tree of the whole document).
    func writeSample(_ sample: FixtureSamples.Sample, into json: inout JSONText) {
        let shapes = self.shapes
        let apnsAttributes = shapes.apns(sample.attributes, fields: contract.attributes)
        let contentState = shapes.apns(sample.state, fields: contract.state)
        let envelope = FixtureEnvelope.sample
        let fcmData = shapes.fcm(attributes: sample.attributes, state: sample.state).prepending(envelope.members(contract.envelope))
        let alert = JSONValue.object([
            JSONMember("title", .string(contract.name)),
            JSONMember("body", .string(sample.name)),
        ])
        let staleMillis = Self.clockMillis + 15 * 60_000
        let dismissalMillis = Self.clockMillis + 60 * 60_000
        func seconds(_ millis: Int64) -> JSONValue { .int(millis / 1000) }
        let routes = RouteFixtures(contentState: contentState, attributes: apnsAttributes, attributesType: contract.attributesTypeName,
                                   alert: alert, clockMillis: Self.clockMillis)

        json.member("example", .string(sample.name))
        json.object("bridge") { json in
            json.key("attributes")
            shapes.writeBridge(sample.attributes, fields: contract.attributes, into: &json)
            json.key("state")
            shapes.writeBridge(sample.state, fields: contract.state, into: &json)
        }
        // Values that appear more than once are written once and copied, re-indented.
        var attributesText: JSONText.Written?, contentStateText: JSONText.Written?
        var fcmDataText: JSONText.Written?, alertText: JSONText.Written?
        json.member("apnsAttributes", apnsAttributes, reusing: &attributesText)
        json.member("contentState", contentState, reusing: &contentStateText)
        json.member("fcmEnvelope", envelope.input)
        json.member("fcmData", fcmData, reusing: &fcmDataText)
        json.object("fcmMessage") { json in
            json.object("message") { json in
                json.member("token", .string(Self.deviceToken))
                json.member("data", fcmData, reusing: &fcmDataText)
                json.object("android") { json in
                    json.member("priority", .string("high"))
                }
            }
        }
        json.object("apnsOptions") { json in
            json.member("timestampMs", .int(Self.clockMillis))
            json.member("staleDateMs", .int(staleMillis))
            json.member("dismissalDateMs", .int(dismissalMillis))
            json.member("relevanceScore", .int(50))
            json.member("alert", alert, reusing: &alertText)
        }
        json.object("apns") { json in
            json.object("update") { json in
                json.object("aps") { json in
                    json.member("timestamp", seconds(Self.clockMillis))
                    json.member("event", .string("update"))
                    json.member("content-state", contentState, reusing: &contentStateText)
                    json.member("stale-date", seconds(staleMillis))
                    json.member("relevance-score", .int(50))
                    json.member("alert", alert, reusing: &alertText)
                }
            }
            json.object("end") { json in
                json.object("aps") { json in
                    json.member("timestamp", seconds(Self.clockMillis))
                    json.member("event", .string("end"))
                    json.member("content-state", contentState, reusing: &contentStateText)
                    json.member("dismissal-date", seconds(dismissalMillis))
                }
            }
            json.object("start") { json in
                json.object("aps") { json in
                    json.member("timestamp", seconds(Self.clockMillis))
                    json.member("event", .string("start"))
                    json.member("content-state", contentState, reusing: &contentStateText)
                    json.member("attributes-type", .string(contract.attributesTypeName))
                    json.member("attributes", apnsAttributes, reusing: &attributesText)
                    json.member("alert", alert, reusing: &alertText)
                }
            }
            json.member("startWithInputs", routes.startWithInputs)
        }
        json.member("routeInputs", routes.inputs)
        json.member("apnsRequest", routes.tokenRequest)
        json.member("broadcast", routes.broadcast)
        json.member("channels", routes.channels)
        json.member("fcmLiveActivity", routes.fcmLiveActivity)
    }
}
