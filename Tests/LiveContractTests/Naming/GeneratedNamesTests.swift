import Foundation
import XCTest
@testable import LiveContract

/// The names NameRules refuses are the names the generated code depends on. Every type name a
/// generated file uses but does not declare itself must be refused for schema types: in
/// Swift (`frameworkTypes`, since Swift nests schema types under their own names) and, for
/// Kotlin and TypeScript, as a `<Contract><Type>` name (`generatedCodeGlobals`). When a
/// template starts using a new standard type, this test names it.
final class GeneratedNamesTests: XCTestCase {
    /// The reserved-name lists are searched by halving, so each must stay sorted, and a name
    /// listed twice is a sign of a merge gone wrong.
    func testNameListsAreSortedWithoutRepeats() {
        let lists: [(String, NameList)] = [
            ("swiftKeywords", NameRules.swiftKeywords), ("kotlinKeywords", NameRules.kotlinKeywords),
            ("typeScriptKeywords", NameRules.typeScriptKeywords), ("generatedTypeSuffixes", NameRules.generatedTypeSuffixes),
            ("swiftTypeNames", NameRules.swiftTypeNames), ("kotlinTypeNames", NameRules.kotlinTypeNames),
            ("typeScriptTypeNames", NameRules.typeScriptTypeNames), ("frameworkTypes", NameRules.frameworkTypes),
            ("generatedCodeGlobals", NameRules.generatedCodeGlobals), ("fcmReservedKeys", NameRules.fcmReservedKeys),
            ("pythonPushClientNames", NameRules.pythonPushClientNames),
        ]
        for (name, list) in lists {
            XCTAssertTrue(list.isSortedWithoutRepeats, "NameRules.\(name) must be sorted, each name once")
            for member in list { XCTAssertTrue(list.contains(member), "\(name) finds \(member)") }
            XCTAssertFalse(list.contains(""), name)
            XCTAssertFalse(list.contains("zzzNotReserved"), name)
        }
        XCTAssertEqual(NameRules.frameworkTypes.names.count, Set(NameRules.swiftTypeNames.names + NameRules.kotlinTypeNames.names + NameRules.typeScriptTypeNames.names).count)
        XCTAssertEqual(NameRules.keywordLanguage("typealias"), "Swift")
        XCTAssertEqual(NameRules.keywordLanguage("fun"), "Kotlin")
        XCTAssertEqual(NameRules.keywordLanguage("keyof"), "TypeScript")
        XCTAssertNil(NameRules.keywordLanguage("courierName"))
    }

    func testEveryExternalTypeNameOfTheGeneratedCodeIsReserved() throws {
        var unreserved: [String: Set<String>] = [:]
        var external: [String: Set<String>] = [:]
        for name in TestSupport.schemaNames() {
            let loaded = try TestSupport.generate(schema: name, into: TestSupport.temporaryDirectory("names"))
            let ownTypes = Set(loaded.contract.types.map(\.name))
            // Go is left out: its standard names are package-qualified (`json.Marshal`) and its
            // capitalised field names live in their structs, so neither can meet a schema type;
            // the file's own top-level names are declared in it (docs/go.md).
            for file in loaded.files where file.kind != .fixture && file.kind != .go {
                let code = Self.withoutCommentsAndStrings(file.contents, hashComments: file.kind == .python,
                                                          regexLiterals: file.kind == .typescript)
                let declared = Self.declaredNames(code)
                let reserved = file.kind == .swift || file.kind == .swiftBridge ? NameRules.frameworkTypes : NameRules.generatedCodeGlobals
                for used in Self.typeNames(code) where !declared.contains(used) && !ownTypes.contains(used) && !used.hasPrefix(loaded.contract.name) {
                    external[file.kind.rawValue, default: []].insert(used)
                    let pushClient = file.kind == .python && NameRules.pythonPushClientNames.contains(used)
                if !reserved.contains(used) && !pushClient { unreserved[file.kind.rawValue, default: []].insert(used) }
                }
            }
        }
        XCTAssertEqual(unreserved, [:], "add these to NameRules (frameworkTypes for Swift, generatedCodeGlobals for Kotlin/TypeScript)")
        // The scan itself works: it sees the standard names each language's output relies on.
        XCTAssertTrue(external["swift", default: []].isSuperset(of: ["CaseIterable", "CodingKey", "Decoder", "Sendable"]), "\(external["swift", default: []])")
        XCTAssertTrue(external["swift-bridge", default: []].isSuperset(of: ["Record", "Field"]), "\(external["swift-bridge", default: []])")
        XCTAssertTrue(external["kotlin", default: []].isSuperset(of: ["LinkedHashMap", "Regex", "StringBuilder"]), "\(external["kotlin", default: []])")
        XCTAssertTrue(external["typescript", default: []].isSuperset(of: ["TypeError", "Record", "Omit"]), "\(external["typescript", default: []])")
        XCTAssertTrue(external["python", default: []].isSuperset(of: ["Optional", "Dict", "ValueError"]), "\(external["python", default: []])")
    }

    /// Upper-case identifiers, except ALL_CAPS ones: enum constants, FCM keys, generic
    /// parameters (and JSON and URL, which are reserved anyway).
    static func typeNames(_ code: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: #"\b[A-Z][A-Za-z0-9_]*\b"#)
        let names = regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { String(code[Range($0.range, in: code)!]) }
        return Set(names.filter { $0.range(of: #"^[A-Z][A-Z0-9_]*$"#, options: .regularExpression) == nil })
    }

    /// Names the file declares itself (`struct X`, `class X`, `object X`, `type X`, ...).
    static func declaredNames(_ code: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: #"\b(?:struct|class|enum|object|interface|type|typealias|protocol)\s+([A-Z][A-Za-z0-9_]*)"#)
        return Set(regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { String(code[Range($0.range(at: 1), in: code)!]) })
    }

    /// The code with comments, string and character literals (Python's triple-quoted ones
    /// too) and, where the language has them, regular expression literals blanked out, so only
    /// names the compiler resolves remain.
    static func withoutCommentsAndStrings(_ code: String, hashComments: Bool = false, regexLiterals: Bool = false) -> String {
        var result = ""
        var scalars = Array(code.unicodeScalars)[...]
        while let first = scalars.first {
            let second = scalars.dropFirst().first
            if (first == "\"" || first == "'"), second == first, scalars.dropFirst(2).first == first {
                let quote = String(repeating: String(first), count: 3)
                scalars = scalars.dropFirst(3)
                while !scalars.isEmpty, !String(String.UnicodeScalarView(scalars.prefix(3))).hasPrefix(quote) {
                    scalars = scalars.dropFirst(scalars.first == "\\" ? 2 : 1)
                }
                scalars = scalars.dropFirst(3)
                result += " "
            } else if regexLiterals, first == "/", second != "/", second != "*",
                      let before = result.unicodeScalars.last(where: { $0 != " " && $0 != "\n" }), "(,=:[!&|?{};".unicodeScalars.contains(before) {
                // A regular expression literal: up to the closing `/` outside a [...] class.
                scalars = scalars.dropFirst()
                var inClass = false
                while let next = scalars.first, inClass || next != "/" {
                    if next == "[" { inClass = true } else if next == "]" { inClass = false }
                    scalars = scalars.dropFirst(next == "\\" ? 2 : 1)
                }
                scalars = scalars.dropFirst()
                result += " "
            } else if (first == "/" && second == "/") || (hashComments && first == "#") {
                scalars = scalars.drop { $0 != "\n" }
            } else if first == "/" && second == "*" {
                scalars = scalars.dropFirst(2)
                while let next = scalars.first, !(next == "*" && scalars.dropFirst().first == "/") { scalars = scalars.dropFirst() }
                scalars = scalars.dropFirst(2)
            } else if first == "\"" || first == "'" || first == "`" {
                scalars = scalars.dropFirst()
                while let next = scalars.first, next != first {
                    scalars = scalars.dropFirst(next == "\\" ? 2 : 1)
                }
                scalars = scalars.dropFirst()
                result += " "
            } else {
                result.unicodeScalars.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return result
    }
}
