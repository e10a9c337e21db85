import PullToRefresh
import Testing

struct RefreshStateTests {
    @Test func rawValuesAreMJRefreshs() {
        #expect(RefreshState.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(RefreshState(rawValue: 1) == .idle)
        #expect(RefreshState(rawValue: 2) == .pulling)
        #expect(RefreshState(rawValue: 3) == .refreshing)
        #expect(RefreshState(rawValue: 4) == .willRefresh)
        #expect(RefreshState(rawValue: 5) == .noMoreData)
    }

    @Test func descriptionIsTheCaseName() {
        #expect(RefreshState.allCases.map(\.description) == ["idle", "pulling", "refreshing", "willRefresh", "noMoreData"])
    }
}
