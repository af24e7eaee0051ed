/// The sized integer types (`int8` ... `uint64`, `uint`): Swift's own spellings, so a widget
/// that declares `UInt32` keeps compiling, with the range each wire can carry.
///
/// Swift decodes its type's full range from APNs. JavaScript numbers hold integers exactly
/// only up to 2^53 - 1, so where a value enters from JS, FCM or a TS/Kotlin encoder the 64-bit
/// kinds are limited to that (`wireRange`); smaller kinds have the same range everywhere.
public enum IntegerKind: String, Sendable, CaseIterable {
    case int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64

    /// JavaScript's `Number.MAX_SAFE_INTEGER`.
    public static let maxSafe: Int64 = 9_007_199_254_740_991

    public var swiftName: String {
        switch self {
        case .int8: return "Int8"
        case .int16: return "Int16"
        case .int32: return "Int32"
        case .int64: return "Int64"
        case .uint: return "UInt"
        case .uint8: return "UInt8"
        case .uint16: return "UInt16"
        case .uint32: return "UInt32"
        case .uint64: return "UInt64"
        }
    }

    /// The smallest signed Kotlin type holding the range (Kotlin's unsigned types are not
    /// usable from Java and need Kotlin 1.5): uint8/uint16 -> Int, uint32/uint64/uint -> Long.
    public var kotlinName: String {
        switch self {
        case .int8: return "Byte"
        case .int16: return "Short"
        case .int32, .uint8, .uint16: return "Int"
        case .int64, .uint, .uint32, .uint64: return "Long"
        }
    }

    public var is64Bit: Bool { self == .int64 || self == .uint64 || self == .uint }

    /// What values may take on the bridge, in FCM, TS and Kotlin, and in schema values.
    public var wireRange: ClosedRange<Int64> {
        switch self {
        case .int8: return Int64(Int8.min)...Int64(Int8.max)
        case .int16: return Int64(Int16.min)...Int64(Int16.max)
        case .int32: return Int64(Int32.min)...Int64(Int32.max)
        case .int64: return -Self.maxSafe...Self.maxSafe
        case .uint8: return 0...Int64(UInt8.max)
        case .uint16: return 0...Int64(UInt16.max)
        case .uint32: return 0...Int64(UInt32.max)
        case .uint, .uint64: return 0...Self.maxSafe
        }
    }

    /// Whether Swift's own type holds `text`, a plain decimal integer (full 64-bit ranges).
    public func swiftHolds(decimal text: String) -> Bool {
        switch self {
        case .int8: return Int8(text) != nil
        case .int16: return Int16(text) != nil
        case .int32: return Int32(text) != nil
        case .int64: return Int64(text) != nil
        case .uint8: return UInt8(text) != nil
        case .uint16: return UInt16(text) != nil
        case .uint32: return UInt32(text) != nil
        case .uint, .uint64: return UInt64(text) != nil
        }
    }
}
