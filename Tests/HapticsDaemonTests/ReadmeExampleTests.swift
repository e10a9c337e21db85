import Foundation
import Testing

/// The examples of `hapticsd`'s clients in docs/hapticsd.md, run as written.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct ReadmeExampleTests {
    /// The page's one Python block.
    private static func pythonExample() throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/hapticsd.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```python\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func thePythonExamplePlaysItsWholeTickBeforeItExits() throws {
        let harness = try DaemonHarness()
        let result = try harness.python(try Self.pythonExample(), timeout: .seconds(10))
        #expect(result.status == 0, "\(result.errors)")
        let frames = harness.frames { $0.last?.isSilent == true }
        // The 40 ms tick sounds until its end: cut short, a silent frame would come earlier.
        let start = try #require(frames.first { !$0.isSilent }).time
        let silence = try #require(frames.first { $0.isSilent }).time
        #expect(silence - start >= 39, "\(harness.recorded)")
    }
}
