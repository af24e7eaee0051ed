/// A JSON value with object keys in insertion order.
///
/// Fixtures must be byte-identical on Linux and macOS, and Foundation's JSON writers differ
/// between the two (key order, number and slash formatting), so livecontract builds and
/// writes JSON itself.
///
/// Not `indirect`: arrays already hold nested values on the heap, and boxing every number
/// and string as well would cost an allocation per leaf.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The member named `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// This object without the member `key` (other values are returned unchanged).
    public func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    /// This object with `key` set to `value`, replacing in place or appending at the end.
    public func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return .object(members)
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
