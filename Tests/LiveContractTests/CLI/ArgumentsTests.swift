import XCTest
@testable import LiveContract

/// Covers every rule of the small command-line parser: value forms, `--`, `-`, `-h`, and
/// the exact wording of each usage error.
final class ArgumentsTests: XCTestCase {
    private let spec = ArgumentSpec(
        flags: ["--force", "--strict", "--quiet"],
        options: ["--templates", "--format", "--against", "--schema"]
    )

    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, spec: spec)
    }

    /// The message of the error `arguments` must produce (fails the test if none).
    private func error(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let parsed = try parse(arguments)
            XCTFail("expected a usage error, got \(parsed)", file: file, line: line)
            return nil
        } catch {
            return error.message
        }
    }

    func testEmpty() throws {
        XCTAssertEqual(try parse([]), ParsedArguments())
    }

    func testPositionalsFlagsAndOptionsMixed() throws {
        let parsed = try parse(["schema.yaml", "--force", "--format", "json", "out", "--templates=tpl", "--quiet"])
        XCTAssertEqual(parsed.positionals, ["schema.yaml", "out"])
        XCTAssertEqual(parsed.flags, ["--force", "--quiet"])
        XCTAssertEqual(parsed.options, ["--format": "json", "--templates": "tpl"])
    }

    func testOptionValueForms() throws {
        XCTAssertEqual(try parse(["--format", "swift"]).options, ["--format": "swift"])
        XCTAssertEqual(try parse(["--format=swift"]).options, ["--format": "swift"])
        // Only the first "=" separates; the rest belongs to the value.
        XCTAssertEqual(try parse(["--schema=a=b.yaml"]).options, ["--schema": "a=b.yaml"])
        // The "=" form can carry an empty value or one that starts with a dash.
        XCTAssertEqual(try parse(["--format="]).options, ["--format": ""])
        XCTAssertEqual(try parse(["--against=--weird"]).options, ["--against": "--weird"])
        // The separate form takes a value with spaces or an empty string as is.
        XCTAssertEqual(try parse(["--schema", "my schema.yaml"]).options, ["--schema": "my schema.yaml"])
        XCTAssertEqual(try parse(["--schema", ""]).options, ["--schema": ""])
    }

    func testLastOptionWins() throws {
        XCTAssertEqual(try parse(["--format", "a", "--format=b"]).options, ["--format": "b"])
        XCTAssertEqual(try parse(["--format=b", "--format", "a"]).options, ["--format": "a"])
    }

    func testRepeatedFlagIsHarmless() throws {
        XCTAssertEqual(try parse(["--force", "--force"]).flags, ["--force"])
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try parse(["--force", "--", "--strict", "-h", "--format=x", "-", "file"])
        XCTAssertEqual(parsed.flags, ["--force"])
        XCTAssertEqual(parsed.positionals, ["--strict", "-h", "--format=x", "-", "file"])
        XCTAssertEqual(parsed.options, [:])
        // A second "--" after the first is an ordinary positional.
        XCTAssertEqual(try parse(["--", "--"]).positionals, ["--"])
        XCTAssertEqual(try parse(["a", "--"]).positionals, ["a"])
    }

    func testDoubleDashCanBeAnOptionValueOnlyWithEquals() throws {
        XCTAssertEqual(try parse(["--format=--"]).options, ["--format": "--"])
        XCTAssertEqual(error(["--format", "--"]), "option '--format' needs a value")
    }

    func testLoneDashIsPositionalAndAValidValue() throws {
        XCTAssertEqual(try parse(["-"]).positionals, ["-"])
        let parsed = try parse(["--against", "-", "-"])
        XCTAssertEqual(parsed.options, ["--against": "-"])
        XCTAssertEqual(parsed.positionals, ["-"])
    }

    func testEmptyStringIsPositional() throws {
        XCTAssertEqual(try parse([""]).positionals, [""])
    }

    func testHelpIsAlwaysAccepted() throws {
        XCTAssertEqual(try parse(["-h"]).flags, ["--help"])
        XCTAssertEqual(try parse(["--help"]).flags, ["--help"])
        let bare = try ArgumentParser.parse(["x", "-h"], spec: ArgumentSpec(flags: [], options: []))
        XCTAssertEqual(bare, ParsedArguments(positionals: ["x"], flags: ["--help"]))
    }

    func testFlagWithValueIsAnError() {
        XCTAssertEqual(error(["--force=yes"]), "option '--force' takes no value")
        XCTAssertEqual(error(["--force="]), "option '--force' takes no value")
        XCTAssertEqual(error(["--help=1"]), "option '--help' takes no value")
        XCTAssertEqual(error(["-h=1"]), "option '-h' takes no value")
    }

    func testMissingValueIsAnError() {
        XCTAssertEqual(error(["--format"]), "option '--format' needs a value")
        XCTAssertEqual(error(["a", "--templates"]), "option '--templates' needs a value")
        // The next argument looks like an option: the value was most likely forgotten.
        XCTAssertEqual(error(["--format", "--force"]), "option '--format' needs a value")
        XCTAssertEqual(error(["--format", "-x"]), "option '--format' needs a value")
    }

    func testUnknownOptionWithSuggestion() {
        XCTAssertEqual(error(["--forse"]), "unknown option '--forse'; did you mean '--force'?")
        XCTAssertEqual(error(["--templtes", "x"]), "unknown option '--templtes'; did you mean '--templates'?")
        XCTAssertEqual(error(["--hlep"]), "unknown option '--hlep'; did you mean '--help'?")
        XCTAssertEqual(error(["--FORCE"]), "unknown option '--FORCE'; did you mean '--force'?")
        // Only the name before "=" is looked up and quoted.
        XCTAssertEqual(error(["--formt=json"]), "unknown option '--formt'; did you mean '--format'?")
        // A single dash where two were meant.
        XCTAssertEqual(error(["-force"]), "unknown option '-force'; did you mean '--force'?")
    }

    func testUnknownOptionWithoutSuggestion() {
        XCTAssertEqual(error(["--bogus"]), "unknown option '--bogus'")
        XCTAssertEqual(error(["--verbose"]), "unknown option '--verbose'")
    }

    func testOnlyDashHIsAShortFlag() {
        XCTAssertEqual(error(["-V"]), "unknown option '-V'")
        XCTAssertEqual(error(["-f"]), "unknown option '-f'")
        XCTAssertEqual(error(["-hf"]), "unknown option '-hf'")
    }

    func testErrorStopsAtFirstProblem() {
        XCTAssertEqual(error(["--bogus", "--format"]), "unknown option '--bogus'")
        XCTAssertEqual(error(["--format", "x", "--force=1", "--bogus"]), "option '--force' takes no value")
    }

    func testSuggestionIsDeterministic() {
        // Equally close to "--aa" and "--ab": candidates are sorted, so "--aa" always wins.
        let spec = ArgumentSpec(flags: ["--ab", "--aa"], options: [])
        for _ in 0..<20 {
            XCTAssertThrowsError(try ArgumentParser.parse(["--ax"], spec: spec)) { error in
                XCTAssertEqual((error as? UsageError)?.message, "unknown option '--ax'; did you mean '--aa'?")
            }
        }
    }

    func testNameInBothSetsIsAFlag() throws {
        let spec = ArgumentSpec(flags: ["--x"], options: ["--x"])
        XCTAssertEqual(try ArgumentParser.parse(["--x", "v"], spec: spec), ParsedArguments(positionals: ["v"], flags: ["--x"]))
    }

    func testUsageErrorDescriptionIsItsMessage() {
        let error = UsageError(message: "option '--format' needs a value")
        XCTAssertEqual(error.description, "option '--format' needs a value")
        XCTAssertEqual("\(error)", "option '--format' needs a value")
        XCTAssertEqual(error, UsageError(message: "option '--format' needs a value"))
    }

    func testMessagesAreLowerCase() {
        for arguments in [["--forse"], ["--format"], ["--force=1"], ["--bogus"], ["-x"]] {
            let message = error(arguments) ?? ""
            XCTAssertFalse(message.isEmpty)
            XCTAssertEqual(message, message.lowercased())
        }
    }
}
