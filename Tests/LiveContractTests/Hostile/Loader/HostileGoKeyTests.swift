import Foundation
import XCTest

/// An `apnsName` of `-`: the Go records tagged that field `json:"-"`, which encoding/json
/// reads as "skip this field", so a Go server silently dropped it from every content-state
/// it sent and never read it from one it received. The tag is now `-,` (a field named
/// `-`); the generated Go, compiled and run, writes and reads the key.
final class HostileGoKeyTests: XCTestCase {
    static let schema = """
        livecontract: 1
        name: Dash
        state:
          eta: { type: int, apnsName: "-", bridgeName: eta }
          other: int
        outputs:
          go: { path: dash/dash.go, package: dash }

        """

    func testAnAPNsKeyOfADashIsNotDroppedByGo() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("go-dash")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("dash.yaml"), atomically: true, encoding: .utf8)
        let generated = try TestSupport.run(TestSupport.binary.path, ["generate", "dash.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let go = try String(contentsOf: folder.appendingPathComponent("dash/dash.go"), encoding: .utf8)
        XCTAssertTrue(go.contains("Eta   int32 `json:\"-,\"`"), go)
        XCTAssertFalse(go.contains("`json:\"-\"`"), "a bare '-' tag makes encoding/json skip the field")

        let toolchains = try GoToolchains.find()
        try "module lcdash\n\ngo 1.19\n".write(to: folder.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        try """
            package main

            import (
            \t"encoding/json"
            \t"fmt"

            \t"lcdash/dash"
            )

            func main() {
            \tout, _ := json.Marshal(dash.ContentState{Eta: 5, Other: 1})
            \tvar back dash.ContentState
            \terr := json.Unmarshal([]byte(`{"-": 7, "other": 2}`), &back)
            \tfmt.Println(string(out), back.Eta, err)
            }

            """.write(to: folder.appendingPathComponent("main.go"), atomically: true, encoding: .utf8)
        for toolchain in toolchains {
            let run = try TestSupport.run(toolchain.path, ["run", "."], in: folder, environment: GoToolchains.environment(root: folder))
            XCTAssertEqual(run.status, 0, "\(toolchain.version): \(run.stderr)")
            XCTAssertEqual(run.stdout, "{\"-\":5,\"other\":1} 7 <nil>\n", toolchain.version)
        }
    }
}
