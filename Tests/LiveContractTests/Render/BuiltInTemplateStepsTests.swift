import Foundation
import XCTest
@testable import LiveContract
import LiveContractTemplates

/// The built-in templates are parsed when the tool is built, not on every run:
/// Sources/LiveContract/Render/BuiltInTemplateSteps.swift holds the parser's steps for each
/// of templates/*.mustache. This test writes that file from the templates and fails when the
/// committed one differs. After editing a built-in template:
/// `LIVECONTRACT_UPDATE_GOLDENS=1 swift test --filter BuiltInTemplateStepsTests`.
final class BuiltInTemplateStepsTests: XCTestCase {
    static let file = TestSupport.repoRoot.appendingPathComponent("Sources/LiveContract/Render/BuiltInTemplateSteps.swift")

    func testCommittedStepsAreTheParseOfTheCurrentTemplates() throws {
        let expected = try Self.source()
        let committed = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        if ProcessInfo.processInfo.environment["LIVECONTRACT_UPDATE_GOLDENS"] == "1" && committed != expected {
            try expected.write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(committed, expected, "\(Self.file.path) is out of date; run with LIVECONTRACT_UPDATE_GOLDENS=1")
    }

    /// Stored steps give the same template as parsing: every built-in renders the
    /// kitchen-sink contract (the schema using every feature) to the same bytes both ways.
    func testStoredStepsRenderExactlyAsParsedTemplates() throws {
        let bytes = Array(try Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/kitchensink.yaml")))
        let contract = try SchemaLoader.load(bytes, path: "kitchensink.yaml").0
        var contexts = TestSupport.templateContexts(contract)
        let builtIn = try TemplateSet.builtIn()
        // A partial renders with the context of the template that includes it.
        for (name, context) in contexts {
            for partial in builtIn.partials(of: name) { contexts[partial] = context }
        }
        XCTAssertEqual(Set(contexts.keys), Set(TemplateSet.names))
        var parsed: [String: Template] = [:]
        for name in TemplateSet.names {
            parsed[name] = try Template(name: name, utf8: try XCTUnwrap(BuiltInTemplates.all[name]))
        }
        for (name, context) in contexts {
            XCTAssertNotNil(BuiltInTemplateSteps.steps(for: name), name)
            let expected = try XCTUnwrap(parsed[name]).renderUTF8(context, as: name, partials: { parsed[$0] })
            XCTAssertEqual(try builtIn.render(name, context), expected, name)
        }
    }

    /// An edited template whose steps were not written again is parsed, never run with stale
    /// steps (which would render the wrong text).
    func testStepsAreUsedOnlyForTheSourceTheyWereMadeFrom() throws {
        for name in TemplateSet.names {
            let source = try XCTUnwrap(BuiltInTemplates.all[name])
            XCTAssertNil(UTF8Bytes.firstInvalid(source), "\(name) is well-formed UTF-8, as stored steps assume")
            XCTAssertEqual(BuiltInTemplateSteps.steps(for: name)?.sourceCount, source.count, name)
        }
        XCTAssertNil(BuiltInTemplateSteps.steps(for: "other.mustache"))
    }

    /// The generated file: per template, its steps (four numbers, one step, a line) and its
    /// tags as literals, so that a run neither parses the source nor reads names from it.
    static func source() throws -> String {
        var text = """
        // generated from templates/*.mustache by BuiltInTemplateStepsTests; do not edit.
        // After editing a built-in template: LIVECONTRACT_UPDATE_GOLDENS=1 swift test --filter BuiltInTemplateStepsTests

        /// The built-in templates as the parser found them when the tool was built (see
        /// `TemplateSteps`), so that no run parses them again.
        enum BuiltInTemplateSteps {
            /// The steps and tags of built-in template `name` and the byte count of the source
            /// they describe; `TemplateSet.builtIn` parses a source of any other size instead.
            static func steps(for name: String) -> (sourceCount: Int, steps: [UInt32], tags: () -> [TemplateTag])? {
                switch name {

        """
        var arrays = ""
        for (index, name) in TemplateSet.names.enumerated() {
            let source = try XCTUnwrap(BuiltInTemplates.all[name])
            let (steps, tags) = try TemplateSteps.parse(source, name: name)
            text += "        case \"\(name)\": return (\(source.count), steps\(index), tags\(index))\n"
            arrays += "\n    private static let steps\(index): [UInt32] = [\n"
            var offset = 0
            while offset < steps.count {
                arrays += "        " + steps[offset..<offset + 4].map(String.init).joined(separator: ", ") + ",\n"
                offset += 4
            }
            arrays += "    ]\n\n    private static func tags\(index)() -> [TemplateTag] {\n        [\n"
            for tag in tags {
                // Names are ASCII letters, digits, '_', '-' and '.': nothing to escape.
                let members = tag.members.isEmpty ? "" : ", members: [" + tag.members.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
                arrays += "            TemplateTag(name: \"\(tag.name)\", head: \"\(tag.head)\"\(members), offset: \(tag.offset)),\n"
            }
            arrays += "        ]\n    }\n"
        }
        text += """
                default: return nil
                }
            }

        """
        return text + arrays + "}\n"
    }
}
