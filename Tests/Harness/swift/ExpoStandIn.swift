// A stand-in for the slice of ExpoModulesCore that generated records use, compiled as a module
// named `ExpoModulesCore` so `#if canImport(ExpoModulesCore)` holds on Linux. The declarations
// the generated code touches (`Record`, `@Field`, `FieldOption`, `Enumerable`) have Expo's shapes,
// overloads included, so code that compiles here compiles against Expo. The conversion
// machinery underneath is our own and much smaller: it reads JSON-like values (`Double`, `Bool`,
// `String`, `[Any]`, `[String: Any]`, `NSNull`) the way Expo reads a JavaScript object.
import Foundation

/// Why a JavaScript value could not become a record: Expo rejects the call with such a message.
public struct ConversionError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// A type a record field may hold. Expo's requirement is a dynamic-type hook; the stand-in asks
/// for the two conversions it needs instead.
public protocol AnyArgument {
    static func fromJavaScript(_ value: Any) throws -> Self
    func toJavaScript() -> Any?
}

extension Bool: AnyArgument {
    public static func fromJavaScript(_ value: Any) throws -> Bool {
        guard let flag = value as? Bool else { throw ConversionError("expected a boolean, got \(value)") }
        return flag
    }
    public func toJavaScript() -> Any? { self }
}

extension Int: AnyArgument {
    /// JavaScript has only doubles; a whole number in range becomes an `Int`, anything else is refused.
    public static func fromJavaScript(_ value: Any) throws -> Int {
        if let number = value as? Int { return number }
        guard let number = value as? Double, number.rounded() == number, let whole = Int(exactly: number) else {
            throw ConversionError("expected a whole number, got \(value)")
        }
        return whole
    }
    public func toJavaScript() -> Any? { self }
}

extension Double: AnyArgument {
    public static func fromJavaScript(_ value: Any) throws -> Double {
        if let number = value as? Double { return number }
        if let number = value as? Int { return Double(number) }
        throw ConversionError("expected a number, got \(value)")
    }
    public func toJavaScript() -> Any? { self }
}

extension String: AnyArgument {
    public static func fromJavaScript(_ value: Any) throws -> String {
        guard let text = value as? String else { throw ConversionError("expected a string, got \(value)") }
        return text
    }
    public func toJavaScript() -> Any? { self }
}

extension Optional: AnyArgument where Wrapped: AnyArgument {
    /// `null` is nothing; any other value must convert to the wrapped type.
    public static func fromJavaScript(_ value: Any) throws -> Wrapped? {
        value is NSNull ? nil : try Wrapped.fromJavaScript(value)
    }
    public func toJavaScript() -> Any? { flatMap { $0.toJavaScript() } }
}

extension Array: AnyArgument where Element: AnyArgument {
    public static func fromJavaScript(_ value: Any) throws -> [Element] {
        guard let items = value as? [Any] else { throw ConversionError("expected an array, got \(value)") }
        return try items.map(Element.fromJavaScript)
    }
    public func toJavaScript() -> Any? { map { $0.toJavaScript() ?? NSNull() } }
}

extension Dictionary: AnyArgument where Key == String, Value: AnyArgument {
    /// A JavaScript object: every member must convert to the value type, as Expo's typed dictionaries do.
    public static func fromJavaScript(_ value: Any) throws -> [String: Value] {
        guard let members = value as? [String: Any] else { throw ConversionError("expected an object, got \(value)") }
        return try members.mapValues(Value.fromJavaScript)
    }
    public func toJavaScript() -> Any? { mapValues { $0.toJavaScript() ?? NSNull() } }
}
