/// Checks on raw UTF-8 shared by the readers of user files (schemas and templates).
enum UTF8Bytes {
    /// Offset of the first byte that is not part of well-formed UTF-8, or nil. Pure ASCII,
    /// which most schemas and templates are, is settled eight bytes at a time.
    static func firstInvalid(_ bytes: [UInt8]) -> Int? {
        let isASCII = bytes.withUnsafeBytes { raw -> Bool in
            var index = 0
            var high: UInt64 = 0
            while index + 8 <= raw.count {
                high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < raw.count {
                high |= UInt64(raw[index])
                index += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
        if isASCII { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
