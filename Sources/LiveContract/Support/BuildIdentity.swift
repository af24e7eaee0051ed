#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which build of livecontract is running, as the linker recorded it: the GNU build ID note
/// of the executable, a hash of its code and data that changes with any change to them
/// (templates included, they are compiled in). The check cache keys its entries by it, so a
/// report recorded by one build is never replayed by another.
///
/// Read from `/proc/self/exe`: its ELF header, program headers and notes, a few kilobytes.
/// nil where there is no such file or note (macOS, a binary linked without `--build-id`),
/// and then the check cache stays off.
public enum BuildIdentity {
    public static func current() -> [UInt8]? {
        let fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 16 else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
        // 64-bit little-endian ELF only (the machines Swift on Linux runs on).
        guard let header = bytes(at: 0, count: 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
        let programHeaders = Int(word(header, 32, 8))
        let entrySize = Int(word(header, 54, 2))
        let entryCount = Int(word(header, 56, 2))
        guard entrySize >= 56, let table = bytes(at: programHeaders, count: entrySize * entryCount) else { return nil }
        for index in 0..<entryCount {
            let entry = index * entrySize
            guard word(table, entry, 4) == 4 else { continue } // PT_NOTE
            let offset = Int(word(table, entry + 8, 8))
            let size = Int(word(table, entry + 32, 8))
            guard let notes = bytes(at: offset, count: size), let id = buildID(in: notes) else { continue }
            return id
        }
        return nil
    }

    /// The descriptor of the `NT_GNU_BUILD_ID` note ("GNU", type 3) in a note segment.
    static func buildID(in notes: [UInt8]) -> [UInt8]? {
        var at = 0
        while at + 12 <= notes.count {
            let nameSize = Int(word(notes, at, 4))
            let descriptorSize = Int(word(notes, at + 4, 4))
            let type = word(notes, at + 8, 4)
            let name = at + 12
            let descriptor = name + (nameSize + 3) & ~3
            guard descriptor + descriptorSize <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4E, 0x55, 0], descriptorSize > 0 {
                return Array(notes[descriptor..<descriptor + descriptorSize])
            }
            at = descriptor + (descriptorSize + 3) & ~3
        }
        return nil
    }

    /// The little-endian unsigned number of `count` bytes at `offset`.
    static func word(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<count).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
