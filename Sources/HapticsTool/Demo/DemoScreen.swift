import HapticsCommandLine
import PullToRefresh

/// Draws the demo as lines of text, as MJRefresh draws its normal header: the state's label
/// ("Pull down to refresh", "Release to refresh", "Loading..."), the last-updated time, and a
/// bar for `pullingPercent`, above a list that the pull moves down a row per 9 points; then the
/// footer, and a status area with the impacts and the driver's latest lines (their leading
/// spaces dropped, and their runs of spaces shortened when still too wide, so a frame line of
/// the terminal driver fits in 80 columns).
///
/// Pure: a state and a size in, exactly `rows` lines of exactly `columns` characters out.
struct DemoScreen: Sendable {
    /// One line of the screen.
    struct Line: Sendable, Hashable {
        /// The text, exactly as wide as the screen.
        var text: String
        /// Whether it is drawn in reverse video (the header's flash).
        var isInverse = false
    }

    /// Points of pull per row of the screen: a key press moves the list one row.
    static let pointsPerRow = KeyDecoder.step
    /// Cells in the `pullingPercent` bar.
    static let barCells = 20

    /// The screen's width in characters.
    let columns: Int
    /// The screen's height in lines.
    let rows: Int

    /// Creates a screen of the given size (each at least 1).
    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// The screen for `state`, top to bottom.
    func lines(for state: DemoState) -> [Line] {
        let top = [
            " haptics demo: pull to refresh (MJRefresh header, \(Self.number(RefreshComponentKind.header.defaultHeight)) pt)",
            " ↓/j pull   ↑/k push back   space/enter let go   q quit",
            String(repeating: "─", count: columns),
        ]
        let header = [Self.label(for: state.refreshState), Self.lastUpdated(state.lastUpdated), Self.bar(state.pullingPercent)]
        let footer = state.hasNoMoreData ? "No more data" : "Loads: \(state.loads) of \(DemoState.loadsBeforeNoMoreData)"
        let status = [" Impacts fired: \(state.impacts)"] + state.driverLines.map { statusLine(for: $0) }
        let statusHeight = 1 + DemoModel.driverLinesKept
        let fixedHeight = top.count + header.count + 1 + 1 + statusHeight
        let gap = min(max(0, Int(state.offset / Self.pointsPerRow)), max(0, rows - fixedHeight - 1))
        let listHeight = max(0, rows - fixedHeight - gap)
        let items = (0..<listHeight).map { index in
            let number = state.rowCount - index
            return number > 0 ? "   Item \(number)" : ""
        }

        var lines = top.map { Line(text: $0) }
        lines += Array(repeating: Line(text: ""), count: gap)
        lines += header.map { Line(text: centered($0), isInverse: state.isFlashing) }
        lines += items.map { Line(text: $0) }
        lines.append(Line(text: centered(footer)))
        lines.append(Line(text: String(repeating: "─", count: columns)))
        lines += (0..<statusHeight).map { Line(text: $0 < status.count ? status[$0] : "") }
        lines += Array(repeating: Line(text: ""), count: max(0, rows - lines.count))
        return lines.prefix(rows).map { Line(text: fitted($0.text), isInverse: $0.isInverse) }
    }

    /// The header's label for a state, with MJRefresh's arrow.
    private static func label(for state: RefreshState) -> String {
        switch state {
        case .idle: "↓ Pull down to refresh"
        case .pulling: "↑ Release to refresh"
        case .refreshing, .willRefresh: "Loading..."
        case .noMoreData: "No more data"
        }
    }

    /// MJRefresh's last-updated line.
    private static func lastUpdated(_ time: WallClockTime?) -> String {
        "Last updated: " + (time.map { "Today \($0)" } ?? "No record")
    }

    /// `[█████░░░] 57%`: full at 100%, the figure going on past it.
    private static func bar(_ percent: Double) -> String {
        let filled = Int((min(max(percent, 0), 1) * Double(barCells)).rounded(.down))
        let cells = String(repeating: "█", count: filled) + String(repeating: "░", count: barCells - filled)
        return "[\(cells)] \(Int((max(percent, 0) * 100).rounded()))%"
    }

    /// A whole number without a fraction.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A driver's line in the status area: its leading spaces dropped, and when it is still
    /// wider than the screen, each run of two or more spaces one shorter (the frame line of a
    /// time with four or five digits then fits in 80 columns, its bars still aligned).
    private func statusLine(for line: String) -> String {
        let shown = " " + line.drop { $0 == " " }
        guard shown.count > columns else { return shown }
        var compact = ""
        var previous: Character?
        for (index, character) in zip(shown.indices, shown) {
            let next = shown.index(after: index)
            let startsARun = character == " " && previous != " " && next < shown.endIndex && shown[next] == " "
            if !startsARun || index == shown.startIndex { compact.append(character) }
            previous = character
        }
        return compact
    }

    /// `text` with spaces before it to center it.
    private func centered(_ text: String) -> String {
        String(repeating: " ", count: max(0, (columns - text.count) / 2)) + text
    }

    /// `text` cut or padded to exactly the screen's width.
    private func fitted(_ text: String) -> String {
        text.count >= columns ? String(text.prefix(columns)) : text + String(repeating: " ", count: columns - text.count)
    }
}
