/// The Go output puts every name at the package's top level: the fixed API (`State`,
/// `ApnsOptions`, `ParseFCMData`, ...), `<Contract><Type>` and `<Contract><Type>Apns` for the
/// schema's types, and one constant `<Contract><Enum><Case>` per enum case. Two of them
/// with one spelling make a file Go refuses to build (contract `Apns` with a type `Options`
/// is `ApnsOptions` twice), so a contract with a `go` output is checked here, naming both.
extension SchemaLoader {
    /// Exported top-level names of go.mustache, go-runtime.mustache and go-client.mustache that
    /// are not derived from a schema name (GoTopLevelNamesTests reads the templates and keeps
    /// this list equal).
    static let goFixedNames: Set<String> = [
        "ApnsAlert", "ApnsAttributes", "ApnsDelivery", "ApnsHeaders", "ApnsLifecycleError", "ApnsHostChannelsDevelopment",
        "ApnsHostChannelsProduction", "ApnsHostDevelopment", "ApnsHostProduction", "ApnsOptions", "ApnsPayload",
        "ApnsRequest", "ApnsStartInput", "ApnsTokenHeaders", "ApnsTokenRequest", "Aps", "Attributes",
        "BroadcastRequest", "ChannelCreateBody", "ContentState", "CreateChannelRequest", "DeleteChannelRequest",
        "FCMAndroid", "FCMApply", "FCMApplyRepeat", "FCMApplyUntimed", "FCMDataMessage", "FCMDropEnded", "FCMDropOlder", "FCMDropUnaddressed",
        "FCMDropUnknownEvent", "FCMEnvelope", "FCMEnvelopeRead", "FCMEvent", "FCMEventEnd", "FCMEventStart",
        "FCMEventUpdate", "FCMIssue", "FCMKeyActivityID", "FCMKeyDismissAt", "FCMKeyEvent", "FCMKeySentAt",
        "FCMKeyStaleAt", "FCMLiveActivityMessage", "FCMMemoryOrderStore", "FCMOrder", "FCMOrderStore", "FCMParse", "FCMReposts",
        "FromApnsAttributes", "FromContentState", "ListChannelsRequest", "NewApnsPayload", "NewApnsStart", "NewApnsStartPayload",
        "NewBroadcastPayload", "NewFCMLiveActivityMessage", "NewFCMMessage", "ParseFCMData", "ReadChannelRequest",
        "State", "SwiftAttributesType", "ToApnsAttributes", "ToContentState", "ToFCMData", "Uint8",
        // The push clients of go-client.mustache.
        "ApnsClient", "ApnsConfig", "FcmClient", "FcmConfig", "NewApnsClient", "NewFcmClient", "PushGone", "PushOutcome",
        "PushRejected", "PushResult", "PushRetry", "PushSent",
    ]

    /// Refuses a contract whose Go output would declare one top-level name twice.
    mutating func checkGoNames(_ contract: Contract) {
        let syntax = GoSyntax(contract: contract)
        var taken: [String: String] = [:]
        for name in Self.goFixedNames { taken[name] = "a name of the fixed Go API" }
        for type in contract.types {
            var generated = [(syntax.typeName(type.name), "type '\(type.name)'")]
            switch type.kind {
            case .structure: generated.append((syntax.apnsTypeName(type.name), "the APNs shape of type '\(type.name)'"))
            case .enumeration(let value):
                generated += value.cases.map { (syntax.caseConstant(type.name, $0), "the constant of case '\($0)' of '\(type.name)'") }
            }
            for (name, owner) in generated {
                if let other = taken[name] {
                    diagnostics.error("\(owner) is \(name) in the Go output, which is also \(other); rename one of them", at: type.location, rule: "name-collision")
                    break
                }
                taken[name] = owner
            }
        }
    }
}
