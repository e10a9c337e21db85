import Glibc
import Haptics
import HapticsTesting
import PullToRefresh
import Synchronization
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct InteractiveDemoTests {
    /// The demo runs on the slave side of a pseudo-terminal, in-process, with a recorder and
    /// the terminal driver (its lines shown in the UI) as the driver; the test types on the
    /// master side and reads the screen there. Only the order of what appears is checked.
    @Test func pullingPastTheThresholdInATerminalFiresOneImpactAndRefreshes() async throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        var before = termios()
        try #require(tcgetattr(terminal.slave, &before) == 0)
        let flagsBefore = fcntl(terminal.slave, F_GETFL)

        let recorder = RecordingDriver()
        let (lines, sink) = AsyncStream.makeStream(of: String.self)
        let demo = InteractiveDemo(
            input: terminal.slave, output: terminal.slave,
            driver: FanOutDriver([recorder, StdoutDriver(format: .text) { sink.yield($0) }]),
            driverLines: lines, flashes: true, configuration: RefreshFeedbackConfiguration())
        let run = Task { try await demo.run() }
        do {
            try await terminal.waitFor("\u{1B}[?1049h")
            try await terminal.waitFor("Pull down to refresh")
            terminal.type("jjjjjj")
            try await terminal.waitFor("[████████████████████] 100%")
            terminal.type("\u{1B}[B")
            let crossing = try await terminal.waitFor("Release to refresh")
            #expect(crossing.contains("\u{1B}[7m"), "the header flashes")
            try await terminal.waitFor("Impacts fired: 1")
            try await terminal.waitFor("strong 0.16")
            terminal.type(" ")
            try await terminal.waitFor("Loading...")
            try await terminal.waitFor("Pull down to refresh")
            try await terminal.waitFor("Last updated: Today ")
            terminal.type("q")
            try await terminal.waitFor("\u{1B}[?25h\u{1B}[?1049l")
            _ = try await run.value
        } catch {
            terminal.closeMaster()
            _ = try? await run.value
            throw error
        }

        #expect(recorder.frames.filter { !$0.isSilent }.count == 1, "exactly one impact")
        #expect(!terminal.transcript.contains("Impacts fired: 2"))
        var after = termios()
        try #require(tcgetattr(terminal.slave, &after) == 0)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag, "raw mode undone")
        #expect(after.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
        #expect(fcntl(terminal.slave, F_GETFL) == flagsBefore)
    }

    /// A trigger the test pulls: its pulls are handled on the test's thread, as a reader's are
    /// on its own.
    private final class TestTrigger: PullSource {
        private let handler = Mutex<(@Sendable (Double) -> Void)?>(nil)

        func start(_ onPull: @escaping @Sendable (Double) -> Void) {
            handler.withLock { $0 = onPull }
        }

        /// Whether the demo has started it.
        var isStarted: Bool { handler.withLock { $0 != nil } }

        /// Pulls to `fraction`, returning once the demo has handled it.
        func pull(to fraction: Double) {
            handler.withLock { $0 }?(fraction)
        }
    }

    /// Act before drawing: a trigger's pull past the threshold has reached the driver when the
    /// pull's handling returns, on the trigger's own thread; the screen follows.
    @Test func aTriggersImpactReachesTheDriverBeforeTheScreenIsDrawn() async throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let recorder = RecordingDriver()
        let trigger = TestTrigger()
        let (lines, _) = AsyncStream.makeStream(of: String.self)
        var demo = InteractiveDemo(
            input: terminal.slave, output: terminal.slave, driver: recorder,
            driverLines: lines, flashes: false, configuration: RefreshFeedbackConfiguration())
        demo.trigger = trigger
        let run = Task { try await demo.run() }
        do {
            try await terminal.waitFor("Pull down to refresh")
            #expect(trigger.isStarted)
            trigger.pull(to: 0.4)
            #expect(recorder.frames.filter { !$0.isSilent }.isEmpty)
            trigger.pull(to: 0.7)
            #expect(recorder.frames.filter { !$0.isSilent }.count == 1, "the impact played before the pull's handling returned")
            try await terminal.waitFor("Release to refresh")
            try await terminal.waitFor("Impacts fired: 1")
            trigger.pull(to: 0)
            try await terminal.waitFor("Loading...")
            terminal.type("q")
            try await terminal.waitFor("\u{1B}[?25h\u{1B}[?1049l")
            _ = try await run.value
        } catch {
            terminal.closeMaster()
            _ = try? await run.value
            throw error
        }
        trigger.pull(to: 0.7)
        #expect(recorder.frames.filter { !$0.isSilent }.count == 1, "nothing plays once the demo has ended")
    }

    @Test func aHangUpEndsTheDemo() async throws {
        let terminal = try PseudoTerminal(columns: 40, rows: 12)
        let (lines, _) = AsyncStream.makeStream(of: String.self)
        let demo = InteractiveDemo(
            input: terminal.slave, output: terminal.slave, driver: RecordingDriver(),
            driverLines: lines, flashes: false, configuration: RefreshFeedbackConfiguration())
        let run = Task { try await demo.run() }
        do {
            try await terminal.waitFor("Pull down to refresh")
        } catch {
            terminal.closeMaster()
            _ = try? await run.value
            throw error
        }
        terminal.closeMaster()
        _ = try await run.value
    }

    @Test func aDescriptorThatIsNotATerminalIsRefused() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let (lines, _) = AsyncStream.makeStream(of: String.self)
        let demo = InteractiveDemo(
            input: ends[0], output: ends[1], driver: RecordingDriver(),
            driverLines: lines, flashes: false, configuration: RefreshFeedbackConfiguration())
        await #expect(throws: TerminalError.self) { try await demo.run() }
    }
}
