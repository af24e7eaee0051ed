/// Swift statements for dates declared with `encoding:` (see `DateEncoding`): the decode and
/// encode lines of the record's hand-written `init(from:)` / `encode(to:)`, and the small
/// private static helpers of the attributes type they call, written only when a field needs
/// them (members of the attributes type, so no declaration is added beside it and two
/// generated files in one module never clash).
struct SwiftDates {
    /// The type holding the helpers: the attributes type.
    let helper: String

    /// The decode expression (after `try `) of property `name` of Swift type `type`.
    /// `present`: the key must be there (`decode`), else `decodeIfPresent` (an Optional).
    func decode(_ name: String, type: String, _ encoding: DateEncoding, present: Bool) -> String {
        let call = present ? "decode" : "decodeIfPresent"
        let key = "forKey: .\(name)"
        switch encoding {
        case .reference:
            return "container.\(call)(\(type).self, \(key))"
        case .unixSeconds, .unixMillis:
            let seconds = encoding == .unixMillis ? "$0 / 1000" : "$0"
            if present {
                let value = encoding == .unixMillis ? "container.decode(Double.self, \(key)) / 1000" : "container.decode(Double.self, \(key))"
                return "Date(timeIntervalSince1970: \(value))"
            }
            return "container.decodeIfPresent(Double.self, \(key)).map { Date(timeIntervalSince1970: \(seconds)) }"
        case .iso8601:
            // The coding path as `decode` would report it, without a generic helper.
            let path = "at: container.codingPath + [CodingKeys.\(name)]"
            if present { return "\(helper).lcISO8601Date(container.decode(String.self, \(key)), \(path))" }
            return "container.decodeIfPresent(String.self, \(key)).map { try \(helper).lcISO8601Date($0, \(path)) }"
        }
    }

    /// The encode statement (after `try `) of property `name`; optional values are left out when nil.
    func encode(_ name: String, _ encoding: DateEncoding, optional: Bool) -> String {
        let call = optional ? "encodeIfPresent" : "encode"
        let value: String
        switch encoding {
        case .reference: value = "self.\(name)"
        case .unixSeconds: value = optional ? "self.\(name)?.timeIntervalSince1970" : "self.\(name).timeIntervalSince1970"
        case .unixMillis: value = optional ? "self.\(name).map(\(helper).lcMillis)" : "\(helper).lcMillis(self.\(name))"
        case .iso8601: value = optional ? "self.\(name).map(\(helper).lcISO8601Text)" : "\(helper).lcISO8601Text(self.\(name))"
        }
        return "container.\(call)(\(value), forKey: .\(name))"
    }

    /// Which helpers the file needs: `millis` and/or `iso8601` (flags for the template).
    static func helpers(_ contract: Contract) -> TemplateValue {
        var millis = false, iso = false
        func scan(_ fields: [Field]) {
            for index in fields.indices {
                switch fields[index].dateEncoding {
                case .unixMillis: millis = true
                case .iso8601: iso = true
                default: break
                }
            }
        }
        scan(contract.attributes)
        scan(contract.state)
        for type in contract.types { if let fields = type.fields { scan(fields) } }
        guard millis || iso else { return .list([]) }
        return .list([.object(["millis": .flag(millis), "iso8601": .flag(iso)])])
    }
}
