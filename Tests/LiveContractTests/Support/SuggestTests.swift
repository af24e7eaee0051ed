import XCTest
@testable import LiveContract

/// Pins down the "did you mean" rules: case-insensitive edit distance (a swap of neighbours
/// counting as one edit), a threshold of max(1, word.count / 3), and ties going to the
/// earlier candidate.
final class SuggestTests: XCTestCase {
    func testTranspositionInSchemaKey() {
        XCTAssertEqual(
            Suggest.closest(to: "maxLenght", in: ["type", "minLength", "maxLength", "pattern"]),
            "maxLength"
        )
    }

    func testMisspelledOption() {
        XCTAssertEqual(Suggest.closest(to: "--forse", in: ["--force", "--format", "--quiet"]), "--force")
        XCTAssertEqual(Suggest.closest(to: "--formt", in: ["--force", "--format", "--quiet"]), "--format")
    }

    func testSwappedNeighboursCountOnce() {
        // One swap is one edit, so even a 5-letter word (threshold 1) gets its suggestion.
        XCTAssertEqual(Suggest.closest(to: "staet", in: ["state", "stale"]), "state")
        XCTAssertEqual(Suggest.closest(to: "ab", in: ["ba"]), "ba")
        // Two swaps in a 6-letter word (threshold 2) still match; three edits do not.
        XCTAssertEqual(Suggest.closest(to: "bacdfe", in: ["abcdef"]), "abcdef")
        XCTAssertNil(Suggest.closest(to: "badcfe", in: ["abcdef"]))
    }

    func testExactMatchWins() {
        XCTAssertEqual(Suggest.closest(to: "type", in: ["typo", "type"]), "type")
    }

    func testCaseInsensitiveButReturnsCandidateSpelling() {
        XCTAssertEqual(Suggest.closest(to: "MAXLENGTH", in: ["maxLength"]), "maxLength")
        XCTAssertEqual(Suggest.closest(to: "maxlength", in: ["minLength", "maxLength"]), "maxLength")
        // Case alone never counts towards the distance.
        XCTAssertEqual(Suggest.closest(to: "ab", in: ["AB"]), "AB")
    }

    func testNothingCloseEnough() {
        XCTAssertNil(Suggest.closest(to: "colour", in: ["type", "format", "name"]))
        XCTAssertNil(Suggest.closest(to: "--bogus", in: ["--force", "--format", "--help"]))
    }

    func testEmptyCandidates() {
        XCTAssertNil(Suggest.closest(to: "anything", in: []))
    }

    func testThresholdGrowsWithWordLength() {
        // 6 characters: threshold 2.
        XCTAssertEqual(Suggest.closest(to: "abcdef", in: ["abcdxy"]), "abcdxy")
        XCTAssertNil(Suggest.closest(to: "abcdef", in: ["abcxyz"]))
        // 9 characters: threshold 3.
        XCTAssertEqual(Suggest.closest(to: "abcdefghi", in: ["abcdefxyz"]), "abcdefxyz")
        XCTAssertNil(Suggest.closest(to: "abcdefghi", in: ["abcdewxyz"]))
        // 5 characters: 5 / 3 == 1.
        XCTAssertEqual(Suggest.closest(to: "abcde", in: ["abcdx"]), "abcdx")
        XCTAssertNil(Suggest.closest(to: "abcde", in: ["abcxy"]))
    }

    func testShortWordsStillAllowOneEdit() {
        XCTAssertEqual(Suggest.closest(to: "ab", in: ["ac"]), "ac")
        XCTAssertEqual(Suggest.closest(to: "ab", in: ["abc"]), "abc")
        XCTAssertEqual(Suggest.closest(to: "ab", in: ["b"]), "b")
        XCTAssertNil(Suggest.closest(to: "ab", in: ["cd"]))
        XCTAssertNil(Suggest.closest(to: "x", in: ["xyz"]))
    }

    func testEmptyWord() {
        XCTAssertEqual(Suggest.closest(to: "", in: ["xy", "x"]), "x")
        XCTAssertNil(Suggest.closest(to: "", in: ["xy"]))
        XCTAssertEqual(Suggest.closest(to: "a", in: [""]), "")
    }

    func testTiesGoToEarlierCandidate() {
        XCTAssertEqual(Suggest.closest(to: "abc", in: ["abd", "abe"]), "abd")
        XCTAssertEqual(Suggest.closest(to: "abc", in: ["abe", "abd"]), "abe")
        // Duplicates are harmless.
        XCTAssertEqual(Suggest.closest(to: "abc", in: ["abd", "abd"]), "abd")
    }

    func testCloserLaterCandidateBeatsEarlierOne() {
        XCTAssertEqual(Suggest.closest(to: "abcdefghi", in: ["abcdefgxy", "abcdefghx"]), "abcdefghx")
        XCTAssertEqual(Suggest.closest(to: "abcdefghi", in: ["abcdefgxy", "abcdefghi", "abcdefghx"]), "abcdefghi")
    }

    func testCountsCharactersNotBytes() {
        // "ï" is two UTF-8 bytes but one edit.
        XCTAssertEqual(Suggest.closest(to: "naive", in: ["naïve"]), "naïve")
        XCTAssertEqual(Suggest.closest(to: "café", in: ["cafe"]), "cafe")
    }

    func testEditDistanceValues() {
        func distance(_ a: String, _ b: String, bound: Int = 100) -> Int? {
            Suggest.editDistance(Array(a), Array(b), bound: bound)
        }
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("flaw", "lawn"), 2)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("abc", ""), 3)
        XCTAssertEqual(distance("", ""), 0)
        XCTAssertEqual(distance("same", "same"), 0)
        // Swapping two neighbours is one edit, not two.
        XCTAssertEqual(distance("ab", "ba"), 1)
        XCTAssertEqual(distance("staet", "state"), 1)
        XCTAssertEqual(distance("maxlenght", "maxlength"), 1)
        XCTAssertEqual(distance("abcd", "badc"), 2)
        // The bound cuts the search short and reports "too far" as nil.
        XCTAssertEqual(distance("kitten", "sitting", bound: 3), 3)
        XCTAssertNil(distance("kitten", "sitting", bound: 2))
        XCTAssertNil(distance("a", "abcd", bound: 2))
        XCTAssertNil(distance("", "abc", bound: 2))
    }
}
