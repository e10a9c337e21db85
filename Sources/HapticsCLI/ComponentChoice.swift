import PullToRefresh

/// Which MJRefresh component `haptics demo --trace` replays a gesture on (`--component`).
enum ComponentChoice: String, Sendable, CaseIterable {
    /// The header, pulled down (`MJRefreshHeader`).
    case header
    /// The footer pulled up like a header (`MJRefreshBackFooter`).
    case backFooter = "back-footer"
    /// The footer that refreshes by itself once shown (`MJRefreshAutoFooter`).
    case autoFooter = "auto-footer"

    /// The component kind the state machine models.
    var kind: RefreshComponentKind {
        switch self {
        case .header: .header
        case .backFooter: .backFooter
        case .autoFooter: .autoFooter
        }
    }
}
