/// One check cache entry on disk: the key, the outcome and the reads, each field a
/// little-endian 64-bit length then its bytes, after a magic line and before a checksum.
/// Decoding refuses anything short, long, or with another checksum, so a torn or damaged
/// entry is only a cache miss. The checksum covers the key and the outcome (what a replay
/// prints) and the entry's length; the reads need none, since a replay compares each with
/// the file system, and a damaged one is a miss.
struct CheckCacheEntry: Equatable {
    var key: [UInt8]
    var outcome: CheckCache.Outcome
    var reads: [ReadJournal.Entry]

    static let magic = Array("livecontract check cache 1\n".utf8)

    init(key: [UInt8], outcome: CheckCache.Outcome, reads: [ReadJournal.Entry]) {
        self.key = key
        self.outcome = outcome
        self.reads = reads
    }

    func encoded() -> [UInt8] {
        var bytes = Self.magic
        func field(_ value: ArraySlice<UInt8>) {
            number(UInt64(value.count))
            bytes += value
        }
        func number(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        field(key[...])
        number(UInt64(outcome.writes.count))
        for write in outcome.writes { field([UInt8(truncatingIfNeeded: write.stream)] + write.bytes[...]) }
        number(UInt64(UInt32(bitPattern: outcome.exitCode)))
        let covered = bytes.count
        number(UInt64(reads.count))
        for read in reads {
            field(read.access)
            field(read.answer)
        }
        number(UInt64(covered))
        number(Self.checksum(bytes[..<covered]) ^ UInt64(bytes.count + 8))
        return bytes
    }

    /// The entry `bytes` hold, with copies of its reads (tests; replays use `parse`).
    init?(decoding bytes: [UInt8]) {
        var reads: [ReadJournal.Entry] = []
        let parsed = bytes.withUnsafeBytes { buffer in
            Self.parse(buffer, key: nil) { access, answer in
                reads.append(ReadJournal.Entry(access: Array(access)[...], answer: Array(answer)[...]))
                return true
            }
        }
        guard let parsed else { return nil }
        self.init(key: parsed.key, outcome: parsed.outcome, reads: reads)
    }

    /// Decodes `bytes` in place: checks the magic line, checksum and (when given) the key,
    /// then hands each read to `read` as views into `bytes` (a mapped cache file), stopping
    /// with nil at the first it refuses. nil for anything malformed.
    static func parse(_ bytes: UnsafeRawBufferPointer, key expected: [UInt8]?,
                      read: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool) -> (key: [UInt8], outcome: CheckCache.Outcome)? {
        guard bytes.count >= magic.count + 16, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
        let end = bytes.count - 16
        var at = magic.count
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func number() -> UInt64? {
            guard at + 8 <= end else { return nil }
            defer { at += 8 }
            return word(at)
        }
        func field() -> UnsafeRawBufferPointer? {
            guard let count = number(), count <= UInt64(end - at) else { return nil }
            defer { at += Int(count) }
            return UnsafeRawBufferPointer(rebasing: bytes[at..<at + Int(count)])
        }
        let covered = Int(truncatingIfNeeded: word(end))
        guard covered >= at, covered <= end,
              word(end + 8) == checksum(UnsafeRawBufferPointer(rebasing: bytes[..<covered])) ^ UInt64(bytes.count),
              let key = field(), expected.map({ key.elementsEqual($0) }) ?? true, let writeCount = number() else { return nil }
        var writes: [(stream: Int32, bytes: [UInt8])] = []
        for _ in 0..<min(writeCount, UInt64(end)) {
            guard let write = field(), let stream = write.first, stream == 1 || stream == 2 else { return nil }
            writes.append((Int32(stream), Array(write.dropFirst())))
        }
        guard writes.count == writeCount, let code = number(), code <= UInt64(UInt32.max), at == covered, let count = number() else { return nil }
        var seen: UInt64 = 0
        while seen < count {
            guard let access = field(), let answer = field(), read(access, answer) else { return nil }
            seen += 1
        }
        guard at == end else { return nil }
        return (Array(key), CheckCache.Outcome(writes: writes, exitCode: Int32(bitPattern: UInt32(code))))
    }

    /// A 64-bit FNV-1a style hash taken eight bytes at a time: it tells a torn or damaged
    /// entry from a whole one. Not a defence against a forger, who is kept out by the
    /// folder's ownership and permissions instead.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var at = 0
        while at + 8 <= buffer.count {
            hash = (hash ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            at += 8
        }
        var tail = UInt64(buffer.count - at) << 56
        for index in at..<buffer.count { tail |= UInt64(buffer[index]) << (UInt64(index - at) * 8) }
        hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
        return hash ^ hash >> 32
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        checksum(bytes[...])
    }
}
