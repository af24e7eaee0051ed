import Foundation
import XCTest
@testable import LiveContract

/// A folder swapped for a symlink between `generate`'s plan and its write (the plan reads
/// without following links, the write used to look the path up again): the write must fail
/// with nothing behind the link and no temporary file left, whether the folder existed when
/// the plan was made or the write would have created it.
final class SafeWriteRaceTests: XCTestCase {
    var folder: URL!
    var elsewhere: URL!
    let manager = FileManager.default
    let fileSystem = FileSystem()

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("safe-write-race")
        elsewhere = TestSupport.temporaryDirectory("safe-write-race-target")
        let schema = "livecontract: 1\nname: Race\nattributes:\n  id: string\nstate:\n  step: int\noutputs:\n  swift: [out/deep/RaceAttributes.swift, RaceCopy.swift]\n  typescript: out/Race.ts\n"
        try schema.write(to: folder.appendingPathComponent("race.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
        if let elsewhere { try? manager.removeItem(at: elsewhere) }
    }

    func plan() throws -> OutputPlan {
        let path = folder.appendingPathComponent("race.yaml").path
        let loaded = try Workspace.load(schemaPath: path, templates: try TemplateSet.builtIn(), fileSystem: fileSystem).get()
        let plan = OutputPlan.make(files: loaded.files, contract: loaded.contract, schemaPath: path, force: false, fileSystem: fileSystem)
        XCTAssertFalse(plan.diagnostics.hasErrors, "\(plan.diagnostics.items)")
        return plan
    }

    /// Every file below `url`, links not followed.
    func files(_ url: URL) -> [String] {
        (manager.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
    }

    func assertWriteRefused(_ plan: OutputPlan, link: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try plan.write(fileSystem: fileSystem), file: file, line: line) { error in
            let failure = error as? FileSystem.Failure
            XCTAssertEqual(failure?.path, folder.appendingPathComponent(link).path, file: file, line: line)
            XCTAssertTrue(failure?.reason.contains("became a symlink") == true, "\(error)", file: file, line: line)
        }
        XCTAssertEqual(files(elsewhere), [], "nothing lands behind the link", file: file, line: line)
        XCTAssertFalse(files(folder).contains { $0.hasSuffix(".tmp") }, "no temporary file is left: \(files(folder))", file: file, line: line)
    }

    func testAFolderSwappedForALinkAfterThePlanIsNotWrittenThrough() throws {
        try manager.createDirectory(at: folder.appendingPathComponent("out/deep"), withIntermediateDirectories: true)
        let plan = try plan()
        try manager.removeItem(at: folder.appendingPathComponent("out"))
        try manager.createSymbolicLink(at: folder.appendingPathComponent("out"), withDestinationURL: elsewhere)
        assertWriteRefused(plan, link: "out")
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("RaceCopy.swift").path), "no output of the set is written")
    }

    func testALinkPlacedWhereTheWriteWouldCreateAFolderIsNotFollowed() throws {
        try manager.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let plan = try plan()
        try manager.createSymbolicLink(at: folder.appendingPathComponent("out/deep"), withDestinationURL: elsewhere)
        assertWriteRefused(plan, link: "out/deep")
    }

    /// The control: with nothing swapped the same plan writes every file, creating folders.
    func testAnUntouchedPlanWritesEverything() throws {
        let written = try plan().write(fileSystem: fileSystem)
        XCTAssertEqual(written.count, 3)
        XCTAssertEqual(files(folder), ["RaceCopy.swift", "out", "out/Race.ts", "out/deep", "out/deep/RaceAttributes.swift", "race.yaml"])
    }
}
