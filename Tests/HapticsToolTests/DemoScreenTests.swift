import Haptics
import PullToRefresh
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct DemoScreenTests {
    /// A screen of the usual size.
    private let screen = DemoScreen(columns: 80, rows: 24)

    /// The lines' text for `state`.
    private func text(_ state: DemoState) -> [String] {
        screen.lines(for: state).map(\.text)
    }

    /// The first line with `needle`.
    private func row(of needle: String, in state: DemoState) -> Int? {
        text(state).firstIndex { $0.contains(needle) }
    }

    @Test(arguments: [(80, 24), (120, 40), (30, 12), (10, 5), (1, 1)])
    func everyLineFillsTheScreenExactly(columns: Int, rows: Int) {
        var state = DemoState()
        state.offset = 200
        state.driverLines = [String(repeating: "x", count: 300)]
        let lines = DemoScreen(columns: columns, rows: rows).lines(for: state)
        #expect(lines.count == rows)
        #expect(lines.allSatisfy { $0.text.count == columns })
    }

    @Test func atRestTheHeaderInvitesAPull() {
        let lines = text(DemoState())
        #expect(lines.contains { $0.contains("↓ Pull down to refresh") })
        #expect(lines.contains { $0.contains("Last updated: No record") })
        #expect(lines.contains { $0.contains("[░░░░░░░░░░░░░░░░░░░░] 0%") })
        #expect(lines.contains { $0.contains("Loads: 0 of 3") })
        #expect(lines.contains { $0.contains("Impacts fired: 0") })
    }

    @Test func pastTheThresholdItSaysReleaseAndTheBarIsFull() {
        var state = DemoState()
        state.refreshState = .pulling
        state.offset = 63
        state.pullingPercent = 63.0 / 54
        let lines = text(state)
        #expect(lines.contains { $0.contains("↑ Release to refresh") })
        #expect(lines.contains { $0.contains("[████████████████████] 117%") })
        #expect(!lines.contains { $0.contains("Pull down to refresh") })
    }

    @Test func theBarFollowsThePullingPercent() {
        var state = DemoState()
        state.pullingPercent = 0.5
        #expect(text(state).contains { $0.contains("[██████████░░░░░░░░░░] 50%") })
    }

    @Test func whileRefreshingItSaysLoadingWithTheLastUpdate() {
        var state = DemoState()
        state.refreshState = .refreshing
        state.lastUpdated = WallClockTime(hour: 9, minute: 5)
        let lines = text(state)
        #expect(lines.contains { $0.contains("Loading...") })
        #expect(lines.contains { $0.contains("Last updated: Today 09:05") })
    }

    @Test func thePullMovesTheHeaderDownARowPerKeyStep() throws {
        var pulled = DemoState()
        pulled.offset = 27
        let atRest = try #require(row(of: "Pull down to refresh", in: DemoState()))
        #expect(row(of: "Pull down to refresh", in: pulled) == atRest + 3)
    }

    @Test func aFlashInvertsTheHeaderAndNothingElse() {
        var state = DemoState()
        state.isFlashing = true
        let lines = screen.lines(for: state)
        let inverted = lines.filter(\.isInverse).map(\.text)
        #expect(inverted.count == 3)
        #expect(inverted.first?.contains("Pull down to refresh") == true)
        #expect(DemoScreen(columns: 80, rows: 24).lines(for: DemoState()).allSatisfy { !$0.isInverse })
    }

    @Test func afterThreeLoadsTheFooterSaysNoMoreData() {
        var state = DemoState()
        state.loads = 2
        #expect(text(state).contains { $0.contains("Loads: 2 of 3") })
        state.loads = 3
        let lines = text(state)
        #expect(lines.contains { $0.contains("No more data") })
        #expect(!lines.contains { $0.contains("Loads:") })
    }

    @Test func newRowsComeFirst() {
        var state = DemoState()
        state.loads = 1
        let items = text(state).filter { $0.hasPrefix("   Item ") }
        #expect(items.first?.hasPrefix("   Item 13 ") == true)
    }

    @Test func theStatusAreaShowsImpactsAndTheDriversLatestLines() throws {
        var state = DemoState()
        state.impacts = 1
        state.driverLines = ["     83 ms  strong 0.16", "    123 ms  off"]
        let lines = text(state)
        let status = try #require(row(of: "Impacts fired: 1", in: state))
        #expect(lines[status + 1].hasPrefix(" 83 ms  strong 0.16"))
        #expect(lines[status + 2].hasPrefix(" 123 ms  off"))
        #expect(status + 2 == lines.count - 1)
    }

    @Test(arguments: [1234, 12345])
    func aFrameLineWithALongTimeFitsEightyColumnsWithItsDuration(milliseconds: Int) {
        let frame = RumbleFrame(start: .milliseconds(milliseconds), duration: .milliseconds(160), strong: 1, weak: 0.5)
        var state = DemoState()
        state.driverLines = [FrameFormat.text.line(for: frame)]
        let line = text(state).first { $0.contains("strong") } ?? ""
        #expect(line.count == 80)
        #expect(line.hasPrefix(" \(milliseconds) ms strong 1.00 "))
        #expect(String(line.reversed().drop { $0 == " " }.reversed()).hasSuffix(" 160 ms"), "\(line)")
    }
}
