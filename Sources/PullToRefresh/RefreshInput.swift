/// Something that happens to a pull-to-refresh component: a gesture sample or a call from the app.
///
/// Offsets are in points past the component's edge: how far the header is pulled down below the top
/// of the content, or how much of a footer shows below its bottom. Zero or less means not pulled.
public enum RefreshInput: Sendable, Hashable {
    /// The finger is down and the content is at `offset` (MJRefresh: a content-offset change while dragging).
    /// The first `drag` at rest, or after a `release` or `scroll`, starts a new drag.
    case drag(offset: Double)
    /// The finger was lifted (MJRefresh: the pan gesture ended). Without a finger down it does nothing.
    case release
    /// The content moved to `offset` with the finger up, bouncing back or coasting
    /// (MJRefresh: a content-offset change while not dragging).
    case scroll(offset: Double)
    /// The app starts a refresh (`beginRefreshing`). `visible` says whether the component is on screen
    /// (MJRefresh: it has a window); if it is not, the component waits in `willRefresh` until `didAppear`.
    case beginRefreshing(visible: Bool)
    /// The component was shown on screen (MJRefresh: `drawRect:`), which starts a refresh waiting in `willRefresh`.
    case didAppear
    /// The app finished loading (`endRefreshing`): back to idle.
    case endRefreshing
    /// The app finished loading and there is nothing more to load (`endRefreshingWithNoMoreData`, footers only).
    case endRefreshingWithNoMoreData
    /// The app has more to load again (`resetNoMoreData`, footers only): back to idle.
    case resetNoMoreData
}
