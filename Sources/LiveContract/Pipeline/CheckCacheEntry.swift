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

    init?(decoding bytes: [UInt8]) {
        guard bytes.count >= Self.magic.count + 16, bytes.starts(with: Self.magic) else { return nil }
        let end = bytes.count - 16
        var at = Self.magic.count
        func number() -> UInt64? {
            guard at + 8 <= end else { return nil }
            var value: UInt64 = 0
            for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[at + index]) }
            at += 8
            return value
        }
        func field() -> ArraySlice<UInt8>? {
            guard let count = number(), count <= UInt64(end - at) else { return nil }
            defer { at += Int(count) }
            return bytes[at..<at + Int(count)]
        }
        let covered = Int(truncatingIfNeeded: bytes[end..<end + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        let stored = bytes[(end + 8)...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard covered >= at, covered <= end, stored == Self.checksum(bytes[..<covered]) ^ UInt64(bytes.count),
              let key = field(), let writeCount = number() else { return nil }
        var writes: [(stream: Int32, bytes: [UInt8])] = []
        for _ in 0..<min(writeCount, UInt64(end)) {
            guard let write = field(), let stream = write.first, stream == 1 || stream == 2 else { return nil }
            writes.append((Int32(stream), Array(write.dropFirst())))
        }
        guard writes.count == writeCount, let code = number(), code <= UInt64(UInt32.max), at == covered, let count = number() else { return nil }
        var reads: [ReadJournal.Entry] = []
        for _ in 0..<min(count, UInt64(end)) {
            guard let access = field(), let answer = field() else { return nil }
            reads.append(ReadJournal.Entry(access: access, answer: answer))
        }
        guard reads.count == count, at == end else { return nil }
        self.init(key: Array(key), outcome: CheckCache.Outcome(writes: writes, exitCode: Int32(bitPattern: UInt32(code))), reads: reads)
    }

    /// A 64-bit FNV-1a style hash taken eight bytes at a time: it tells a torn or damaged
    /// entry from a whole one. Not a defence against a forger, who is kept out by the
    /// folder's ownership and permissions instead.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { buffer in
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
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        checksum(bytes[...])
    }
}
