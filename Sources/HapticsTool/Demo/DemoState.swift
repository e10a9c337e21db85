import HapticsCommandLine
import PullToRefresh

/// Everything the demo's screen shows, as plain values: what `DemoScreen` draws.
struct DemoState: Sendable, Hashable {
    /// How many loads the list has before the footer says "No more data".
    static let loadsBeforeNoMoreData = 3
    /// How many rows the list starts with.
    static let initialRows = 8
    /// How many rows each load adds at the top.
    static let rowsPerLoad = 5

    /// The header's state.
    var refreshState: RefreshState = .idle
    /// How far the header is pulled, as a fraction of its height (MJRefresh's `pullingPercent`).
    var pullingPercent = 0.0
    /// How far the list is pulled down, in points.
    var offset = 0.0
    /// How many refreshes have completed.
    var loads = 0
    /// When the last refresh ended, or `nil` before the first.
    var lastUpdated: WallClockTime?
    /// How many impacts have fired.
    var impacts = 0
    /// Whether the header is flashing for an impact.
    var isFlashing = false
    /// The driver's latest lines, oldest first.
    var driverLines: [String] = []

    /// Whether everything has been loaded (the footer's `noMoreData`).
    var hasNoMoreData: Bool { loads >= Self.loadsBeforeNoMoreData }

    /// The number of rows in the list.
    var rowCount: Int { Self.initialRows + Self.rowsPerLoad * min(loads, Self.loadsBeforeNoMoreData) }
}
