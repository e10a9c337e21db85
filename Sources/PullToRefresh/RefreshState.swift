/// The state of a pull-to-refresh component, as MJRefresh's `MJRefreshState` names it.
///
/// The raw values are MJRefresh's: `MJRefreshStateIdle` is 1, `MJRefreshStateNoMoreData` is 5.
public enum RefreshState: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// At rest, or pulled less than the threshold.
    case idle = 1
    /// Pulled past the threshold with the finger down: letting go now starts a refresh.
    case pulling = 2
    /// Loading: the app is refreshing its content.
    case refreshing = 3
    /// A refresh was asked for while the component was off screen; it starts when the component appears.
    case willRefresh = 4
    /// A footer that has loaded everything: pulls do nothing until `resetNoMoreData`.
    case noMoreData = 5

    /// The case name (`idle`, `pulling`, `refreshing`, `willRefresh`, `noMoreData`),
    /// as written in replayed trace events.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .pulling: "pulling"
        case .refreshing: "refreshing"
        case .willRefresh: "willRefresh"
        case .noMoreData: "noMoreData"
        }
    }
}
