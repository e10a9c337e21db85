import Foundation
import Glibc
import Testing

/// SIGINT and SIGTERM sent to the built `haptics` while it plays: one way out, one `stop`,
/// and the status a shell expects.
@Suite struct SignalExitTests {
    /// Runs `haptics` with `arguments`, its output in a file; once a frame has been printed,
    /// sends `signal`, and returns the status and what it printed.
    private static func interrupt(_ arguments: [String], with signal: Int32) throws -> (
        status: Int32, reason: Process.TerminationReason, out: String
    ) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("haptics").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "the haptics executable is built next to the tests (\(binary))")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("haptics-signal-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = ContinuousClock.now + .seconds(10)
        while (try? String(contentsOf: output, encoding: .utf8))?.contains("strong") != true, ContinuousClock.now < deadline {
            usleep(5000)
        }
        usleep(50000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, process.terminationReason, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aLoopThatNeverEndsStopsOnceAndExitsWith128PlusTheSignal(signal: Int32, status: Int32) throws {
        for _ in 0..<3 {
            let run = try Self.interrupt(["play", "heavy", "--loop", "forever", "--driver", "stdout"], with: signal)
            #expect(run.reason == .exit)
            #expect(run.status == status, "\(run.out)")
            #expect(run.out.split(separator: "\n").filter { $0.hasSuffix("stop") }.count == 1, "\(run.out)")
        }
    }

    @Test func aRangeStopsTheSameWay() throws {
        let run = try Self.interrupt(["play", "heavy", "--loop", "forever", "--rate", "0.5", "--driver", "stdout"], with: SIGTERM)
        #expect(run.status == 143, "\(run.out)")
        #expect(run.out.split(separator: "\n").filter { $0.hasSuffix("stop") }.count == 1, "\(run.out)")
    }
}
