/// The members of a template object, in the order they were set.
///
/// Contexts build a few hundred small objects for every output and templates look names up
/// in them thousands of times, on every `check`. A hashed dictionary hashes each name on every
/// insert and every lookup; here each member keeps a summary of its name (length and first
/// bytes, one integer) and a lookup compares summaries, and whole names only where the
/// summaries match. Written like a dictionary: `["name": .text(name), "optional": .flag(true)]`.
public struct TemplateObject: Sendable, ExpressibleByDictionaryLiteral {
    struct Member: Sendable {
        var summary: UInt64
        var name: String
        var value: TemplateValue
    }

    private(set) var members: [Member]

    public init() { members = [] }

    public init(minimumCapacity: Int) {
        members = []
        members.reserveCapacity(minimumCapacity)
    }

    /// Names must be distinct, as in a dictionary literal.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        members = []
        members.reserveCapacity(elements.count)
        for (name, value) in elements {
            assert(self[name] == nil, "'\(name)' appears twice in a template object")
            members.append(Member(summary: Self.summary(of: name), name: name, value: value))
        }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    /// The value named `name`; setting nil removes it.
    public subscript(name: String) -> TemplateValue? {
        get { index(of: name, summary: Self.summary(of: name)).map { members[$0].value } }
        set {
            let summary = Self.summary(of: name)
            switch (index(of: name, summary: summary), newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(summary: summary, name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The lookup templates use, with the name's summary worked out once per tag.
    func value(named name: String, summary: UInt64) -> TemplateValue? {
        index(of: name, summary: summary).map { members[$0].value }
    }

    private func index(of name: String, summary: UInt64) -> Int? {
        members.withUnsafeBufferPointer { members in
            for index in members.indices where members[index].summary == summary && members[index].name == name {
                return index
            }
            return nil
        }
    }

    /// The UTF-8 length in the top byte and the first seven bytes below it: names of
    /// different lengths, or that differ early, never need a full comparison.
    static func summary(of name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var summary = UInt64(truncatingIfNeeded: bytes.count) << 56
            var shift: UInt64 = 0
            for index in 0..<Swift.min(bytes.count, 7) {
                summary |= UInt64(bytes[index]) << shift
                shift += 8
            }
            return summary
        }
    }
}

extension TemplateObject: Sequence {
    public func makeIterator() -> some IteratorProtocol<(key: String, value: TemplateValue)> {
        members.lazy.map { (key: $0.name, value: $0.value) }.makeIterator()
    }
}

extension TemplateObject: Equatable {
    /// The same names with equal values, in any order (as for dictionaries).
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs.value(named: $0.name, summary: $0.summary) == $0.value }
    }
}
