// The record half of the ExpoModulesCore stand-in: `FieldOption`, `@Field`, `Record` and
// `Enumerable`, with Expo's declaration shapes (see ExpoStandIn.swift for why).
import Foundation

/// Expo's field options: `.required` makes a missing key an error; a string names the key.
public struct FieldOption: Hashable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, Sendable {
    public let rawValue: Int
    public let key: String?

    public init(_ rawValue: Int, key: String? = nil) {
        self.rawValue = rawValue
        self.key = key
    }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(stringLiteral value: String) { self.init(0, key: value) }

    public static func keyed(_ key: String) -> FieldOption { FieldOption(stringLiteral: key) }
    public static let required: FieldOption = 1
}

/// A record field, found by `Mirror` and filled in place: like Expo's, a class, so a record
/// built with `init()` can be updated through its (immutable) mirror children.
@propertyWrapper
public final class Field<Type: AnyArgument>: AnyRecordField {
    public var wrappedValue: Type
    let options: Set<FieldOption>

    public init(wrappedValue: Type, _ options: FieldOption...) {
        self.wrappedValue = wrappedValue
        self.options = Set(options)
    }

    public init(wrappedValue: Type, _ options: [FieldOption]) {
        self.wrappedValue = wrappedValue
        self.options = Set(options)
    }

    public init(wrappedValue: Type = nil) where Type: ExpressibleByNilLiteral {
        self.wrappedValue = wrappedValue
        self.options = []
    }

    public init(wrappedValue: Type = nil, _ options: FieldOption...) where Type: ExpressibleByNilLiteral {
        self.wrappedValue = wrappedValue
        self.options = Set(options)
    }

    var explicitKey: String? { options.compactMap(\.key).first }
    var isRequired: Bool { options.contains(.required) }

    /// Expo's rule: an absent or null value is an error for a required or non-optional field.
    func set(_ value: Any?, key: String) throws {
        let isNull = value == nil || value is NSNull
        if isNull && (isRequired || !(Type.self is ExpressibleByNilLiteral.Type)) {
            throw ConversionError("Value for field '\(key)' is required, got nil")
        }
        do {
            wrappedValue = try Type.fromJavaScript(value ?? NSNull())
        } catch {
            throw ConversionError("Cannot cast '\(value ?? "null")' for field '\(key)': \(error)")
        }
    }

    func javaScriptValue() -> Any? { wrappedValue.toJavaScript() }
}

/// Expo's convenience initializers (a default value per type, with and without options), kept
/// so that overload resolution of `@Field` declarations matches Expo's exactly.
public extension Field where Type == Int {
    convenience init(wrappedValue: Type = 0) { self.init(wrappedValue: wrappedValue, []) }
    convenience init(wrappedValue: Type = 0, _ options: FieldOption...) { self.init(wrappedValue: wrappedValue, options) }
}
public extension Field where Type == Double {
    convenience init(wrappedValue: Type = 0.0) { self.init(wrappedValue: wrappedValue, []) }
    convenience init(wrappedValue: Type = 0.0, _ options: FieldOption...) { self.init(wrappedValue: wrappedValue, options) }
}
public extension Field where Type == Bool {
    convenience init(wrappedValue: Type = false) { self.init(wrappedValue: wrappedValue, []) }
    convenience init(wrappedValue: Type = false, _ options: FieldOption...) { self.init(wrappedValue: wrappedValue, options) }
}
public extension Field where Type == String {
    convenience init(wrappedValue: Type = "") { self.init(wrappedValue: wrappedValue, []) }
    convenience init(wrappedValue: Type = "", _ options: FieldOption...) { self.init(wrappedValue: wrappedValue, options) }
}
public extension Field where Type: ExpressibleByArrayLiteral {
    convenience init(wrappedValue: Type = []) { self.init(wrappedValue: wrappedValue, []) }
    convenience init(wrappedValue: Type = [], _ options: FieldOption...) { self.init(wrappedValue: wrappedValue, options) }
}
public extension Field where Type: Record {
    convenience init(wrappedValue: Type = Type.init()) { self.init(wrappedValue: wrappedValue, []) }
    convenience init(wrappedValue: Type = Type.init(), _ options: FieldOption...) { self.init(wrappedValue: wrappedValue, options) }
}

/// What a record needs from each field, whatever its value type: the stand-in's version of
/// Expo's internal type-erased field.
protocol AnyRecordField: AnyObject {
    var explicitKey: String? { get }
    var isRequired: Bool { get }
    func set(_ value: Any?, key: String) throws
    func javaScriptValue() -> Any?
}

/// Expo's `Record`: a struct with `init()` whose `@Field` properties are filled from a JavaScript
/// object by key (the property name without the wrapper's `_`, unless the field names one).
public protocol Record: AnyArgument {
    typealias Dict = [String: Any]
    init()
}

public extension Record {
    /// Like Expo: only keys present in the object (or marked `.required`) are set; the rest keep
    /// the values `init()` gave them.
    init(from dict: Dict) throws {
        self.init()
        for (key, field) in recordFields(self) where dict[key] != nil || field.isRequired {
            try field.set(dict[key], key: key)
        }
    }

    /// The object JavaScript receives; fields holding nil are left out.
    func toDictionary() -> Dict {
        var result: Dict = [:]
        for (key, field) in recordFields(self) {
            if let value = field.javaScriptValue() { result[key] = value }
        }
        return result
    }

    static func fromJavaScript(_ value: Any) throws -> Self {
        guard let dict = value as? Dict else { throw ConversionError("expected an object for \(Self.self), got \(value)") }
        return try Self(from: dict)
    }

    func toJavaScript() -> Any? { toDictionary() }
}

/// The record's fields with their keys, in declaration order, found through `Mirror` as Expo does.
func recordFields(_ record: some Record) -> [(String, any AnyRecordField)] {
    Mirror(reflecting: record).children.compactMap { child in
        guard let field = child.value as? any AnyRecordField, let label = child.label else { return nil }
        return (field.explicitKey ?? (label.hasPrefix("_") ? String(label.dropFirst()) : label), field)
    }
}

/// Expo's `Enumerable`: an enum JavaScript passes by raw value; an unknown value is refused.
public protocol Enumerable: AnyArgument, CaseIterable {
    static func create<RawValueType>(fromRawValue rawValue: RawValueType) throws -> Self
    static var allRawValues: [Any] { get }
    var anyRawValue: Any { get }
}

public extension Enumerable where Self: RawRepresentable, Self: Hashable {
    static func create<RawValueType>(fromRawValue rawValue: RawValueType) throws -> Self {
        // An `Int`-raw enum (Expo's own `SecureStoreAccessible: Int, Enumerable`) gets the JS
        // number as an NSNumber on iOS, which casts to Int when whole; the stand-in's numbers
        // are Doubles, so it does that cast itself.
        if RawValue.self == Int.self, let number = rawValue as? Double, let whole = Int(exactly: number),
           let raw = whole as? RawValue, let value = Self(rawValue: raw) {
            return value
        }
        guard let raw = rawValue as? RawValue, let value = Self(rawValue: raw) else {
            throw ConversionError("'\(rawValue)' is not present in \(Self.self) enum, it must be one of: \(allRawValues)")
        }
        return value
    }

    static var allRawValues: [Any] { allCases.map(\.rawValue) }
    var anyRawValue: Any { rawValue }

    static func fromJavaScript(_ value: Any) throws -> Self { try create(fromRawValue: value) }
    func toJavaScript() -> Any? { rawValue }
}
