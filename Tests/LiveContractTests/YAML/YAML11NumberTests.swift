import Foundation
import XCTest
@testable import LiveContract

/// YAML 1.1 number spellings (hexadecimal, octal, binary, base 60, leading zeros) in typed
/// slots: each is named for what it is, with the decimal to write.
final class YAML11NumberTests: RepoFolderTestCase {
    /// `0x10` is hexadecimal, not "octal or sexagesimal": each YAML 1.1 form is named with
    /// the decimal to write.
    func testYAML11NumbersAreNamedWithTheDecimalToWrite() throws {
        let cases = [("0x10", "'0x10' is a hexadecimal number (16)", "write the decimal 16"),
                     ("-0x1F", "'-0x1F' is a hexadecimal number (-31)", "write the decimal -31"),
                     ("0777", "'0777' is a YAML 1.1 octal number (511)", "write the decimal you mean: 511, or 777"),
                     ("0o17", "'0o17' is a YAML 1.2 octal number (15)", "write the decimal 15"),
                     ("0b101", "'0b101' is a YAML 1.1 binary number (5)", "write the decimal 5"),
                     ("1:30", "'1:30' is a YAML 1.1 base-60 (sexagesimal) number (90)", "write the decimal 90"),
                     ("09", "'09' has a leading zero", "write 9"),
                     ("0xFFFFFFFFFFFFFFFFFFFF", "'0xFFFFFFFFFFFFFFFFFFFF' is a hexadecimal number, which", "write a plain decimal")]
        for (value, what, fix) in cases {
            try write("livecontract: 1\nname: A\nstate:\n  b: { type: int, default: \(value) }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
            let result = try run(["check", "s.yaml"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("s.yaml:4:28: error: default of 'b': \(what)"), "\(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fix + " [yaml11-number]"), "\(value): \(result.stderr)")
            XCTAssertFalse(value.hasPrefix("0x") && result.stderr.contains("octal"), result.stderr)
        }
    }
}
