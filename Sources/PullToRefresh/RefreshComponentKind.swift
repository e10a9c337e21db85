/// Which MJRefresh component a state machine models. Each has a name, its raw value:
/// `header`, `back-footer`, `auto-footer`.
public enum RefreshComponentKind: String, Sendable, Hashable, CaseIterable {
    /// The header above the content (`MJRefreshHeader`): pull down past its height and let go to refresh.
    case header
    /// The footer below the content that works like the header, pulled up (`MJRefreshBackFooter`).
    case backFooter = "back-footer"
    /// The footer that starts refreshing by itself once enough of it has scrolled into view
    /// (`MJRefreshAutoFooter`). It has no pulling state, so it never fires the threshold impact.
    case autoFooter = "auto-footer"

    /// MJRefresh's default height in points, which is also the pull threshold:
    /// 54 for the header (`MJRefreshHeaderHeight`), 44 for footers (`MJRefreshFooterHeight`).
    public var defaultHeight: Double {
        switch self {
        case .header: 54
        case .backFooter, .autoFooter: 44
        }
    }
}
