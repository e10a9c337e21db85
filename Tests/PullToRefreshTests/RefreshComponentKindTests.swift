import PullToRefresh
import Testing

struct RefreshComponentKindTests {
    @Test func defaultHeightsAreMJRefreshs() {
        #expect(RefreshComponentKind.header.defaultHeight == 54)
        #expect(RefreshComponentKind.backFooter.defaultHeight == 44)
        #expect(RefreshComponentKind.autoFooter.defaultHeight == 44)
    }

    @Test(arguments: RefreshComponentKind.allCases)
    func machineUsesTheDefaultHeightWhenNoneIsGiven(kind: RefreshComponentKind) {
        #expect(RefreshStateMachine(kind: kind).height == kind.defaultHeight)
        #expect(RefreshStateMachine(kind: kind, height: 80).height == 80)
    }
}
