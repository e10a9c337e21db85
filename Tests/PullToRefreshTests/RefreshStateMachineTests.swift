import Haptics
import PullToRefresh
import Testing

/// One cell of the transition table: `input` applied to a `kind` machine in state `from` gives `to`.
struct TransitionRow: Sendable, CustomTestStringConvertible {
    let kind: RefreshComponentKind
    let from: RefreshState
    let input: RefreshInput
    let to: RefreshState

    var testDescription: String {
        "\(kind) \(from) + \(input) -> \(to)"
    }
}

struct RefreshStateMachineTests {
    /// One input of each sort; the offsets 20 and 60 lie below and above both default heights (54, 44).
    static let inputs: [RefreshInput] = [
        .drag(offset: 20), .drag(offset: 60), .scroll(offset: 20), .scroll(offset: 60), .release,
        .beginRefreshing(visible: true), .beginRefreshing(visible: false), .didAppear,
        .endRefreshing, .endRefreshingWithNoMoreData, .resetNoMoreData,
    ]

    /// The expected state after each of `inputs`, in the same order, for every reachable state.
    static let table: [RefreshComponentKind: [RefreshState: [RefreshState]]] = [
        .header: [
            //            drag20  drag60    scroll20     scroll60     release      begin(vis.)  begin(hidden) didAppear    end    nomore        reset
            .idle: [.idle, .pulling, .idle, .idle, .idle, .refreshing, .willRefresh, .idle, .idle, .idle, .idle],
            .pulling: [
                .idle, .pulling, .refreshing, .refreshing, .refreshing, .refreshing, .willRefresh, .pulling, .idle, .pulling, .pulling,
            ],
            .refreshing: [
                .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .idle, .refreshing,
                .refreshing,
            ],
            .willRefresh: [
                .willRefresh, .willRefresh, .willRefresh, .willRefresh, .willRefresh, .refreshing, .willRefresh, .refreshing, .idle,
                .willRefresh, .willRefresh,
            ],
        ],
        .backFooter: [
            .idle: [.idle, .pulling, .idle, .idle, .idle, .refreshing, .willRefresh, .idle, .idle, .noMoreData, .idle],
            .pulling: [
                .idle, .pulling, .refreshing, .refreshing, .refreshing, .refreshing, .willRefresh, .pulling, .idle, .noMoreData, .idle,
            ],
            .refreshing: [
                .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .idle, .noMoreData,
                .idle,
            ],
            .willRefresh: [
                .willRefresh, .willRefresh, .willRefresh, .willRefresh, .willRefresh, .refreshing, .willRefresh, .refreshing, .idle,
                .noMoreData, .idle,
            ],
            .noMoreData: [
                .noMoreData, .noMoreData, .noMoreData, .noMoreData, .noMoreData, .refreshing, .willRefresh, .noMoreData, .idle, .noMoreData,
                .idle,
            ],
        ],
        .autoFooter: [
            .idle: [.idle, .refreshing, .idle, .refreshing, .idle, .refreshing, .willRefresh, .idle, .idle, .noMoreData, .idle],
            .refreshing: [
                .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .refreshing, .idle, .noMoreData,
                .idle,
            ],
            .willRefresh: [
                .willRefresh, .willRefresh, .willRefresh, .willRefresh, .willRefresh, .refreshing, .willRefresh, .refreshing, .idle,
                .noMoreData, .idle,
            ],
            .noMoreData: [
                .noMoreData, .noMoreData, .noMoreData, .noMoreData, .noMoreData, .refreshing, .willRefresh, .noMoreData, .idle, .noMoreData,
                .idle,
            ],
        ],
    ]

    static let rows: [TransitionRow] = RefreshComponentKind.allCases.flatMap { kind in
        RefreshState.allCases.flatMap { from in
            let targets = table[kind]?[from] ?? []
            return zip(inputs, targets).map { TransitionRow(kind: kind, from: from, input: $0, to: $1) }
        }
    }

    /// A fresh machine brought to `state` through public inputs.
    static func machine(_ kind: RefreshComponentKind, in state: RefreshState) -> RefreshStateMachine {
        var machine = RefreshStateMachine(kind: kind)
        let setUp: [RefreshInput] =
            switch state {
            case .idle: []
            case .pulling: [.drag(offset: 60)]
            case .refreshing: [.beginRefreshing(visible: true)]
            case .willRefresh: [.beginRefreshing(visible: false)]
            case .noMoreData: [.endRefreshingWithNoMoreData]
            }
        for input in setUp {
            _ = machine.event(input)
        }
        return machine
    }

    // MARK: - Transition table

    @Test func tableCoversEveryReachableStateAndInput() {
        #expect(Self.rows.count == (4 + 5 + 4) * Self.inputs.count)
    }

    @Test(arguments: rows)
    func transition(row: TransitionRow) throws {
        var machine = Self.machine(row.kind, in: row.from)
        try #require(machine.state == row.from)
        let action = machine.event(row.input)
        #expect(machine.state == row.to)
        let expected = row.from == row.to ? nil : RefreshTransition(from: row.from, to: row.to)
        #expect(action?.transition == expected)
    }

    @Test(arguments: [
        (RefreshComponentKind.header, Set<RefreshState>([.idle, .pulling, .refreshing, .willRefresh])),
        (.backFooter, Set(RefreshState.allCases)),
        (.autoFooter, Set<RefreshState>([.idle, .refreshing, .willRefresh, .noMoreData])),
    ])
    func reachableStates(kind: RefreshComponentKind, expected: Set<RefreshState>) {
        var reached: Set<RefreshState> = [.idle]
        var frontier = [RefreshStateMachine(kind: kind)]
        for _ in 0..<3 {
            frontier = frontier.flatMap { machine in
                Self.inputs.map { input in
                    var next = machine
                    _ = next.event(input)
                    reached.insert(next.state)
                    return next
                }
            }
        }
        #expect(reached == expected)
    }

    // MARK: - Threshold and impact

    @Test func enteringPullingFiresTheImpactExactlyOnce() {
        var machine = RefreshStateMachine(kind: .header)
        let actions = [0, 30, 53, 55, 60, 70, 66].map { machine.event(.drag(offset: Double($0))) }
        let impacts = actions.compactMap { $0 }.flatMap(\.cues).filter { $0 == .intent(.impact(.light, intensity: 1)) }
        #expect(impacts.count == 1)
        #expect(
            actions[3]
                == RefreshAction(
                    transition: RefreshTransition(from: .idle, to: .pulling),
                    cues: [.intent(.impact(.light, intensity: 1))]
                ))
        #expect(actions[4] == nil)
        #expect(actions[5] == nil)
        #expect(actions[6] == nil)
    }

    @Test func everyCrossingIntoPullingFiresAgain() {
        var machine = RefreshStateMachine(kind: .header)
        let offsets: [Double] = [60, 40, 60, 40, 60]
        let impacts = offsets.compactMap { machine.event(.drag(offset: $0)) }
            .flatMap(\.cues)
            .filter { if case .intent(.impact) = $0 { true } else { false } }
        #expect(impacts.count == 3)
    }

    @Test func impactUsesTheConfiguredStyleAndIntensity() {
        var machine = RefreshStateMachine(
            kind: .header,
            configuration: RefreshFeedbackConfiguration(impactStyle: .rigid, impactIntensity: 0.6)
        )
        #expect(machine.event(.drag(offset: 60))?.cues == [.intent(.prepare), .intent(.impact(.rigid, intensity: 0.6))])
    }

    @Test func thresholdMustBeExceeded() {
        var machine = RefreshStateMachine(kind: .header)
        #expect(machine.event(.drag(offset: 54))?.transition == nil)
        #expect(machine.state == .idle)
        #expect(machine.event(.drag(offset: 54.01))?.transition == RefreshTransition(from: .idle, to: .pulling))
        #expect(machine.event(.drag(offset: 54))?.transition == RefreshTransition(from: .pulling, to: .idle))
    }

    @Test func customHeightIsTheThreshold() {
        var machine = RefreshStateMachine(kind: .header, height: 80)
        _ = machine.event(.drag(offset: 70))
        #expect(machine.state == .idle)
        _ = machine.event(.drag(offset: 81))
        #expect(machine.state == .pulling)
    }

    @Test(arguments: [
        (RefreshComponentKind.header, RefreshState.idle, RefreshInput.endRefreshing),
        (.header, .idle, .release),
        (.header, .pulling, .drag(offset: 70)),
        (.header, .refreshing, .beginRefreshing(visible: true)),
        (.header, .refreshing, .beginRefreshing(visible: false)),
        (.header, .willRefresh, .beginRefreshing(visible: false)),
        (.backFooter, .noMoreData, .endRefreshingWithNoMoreData),
        (.backFooter, .idle, .resetNoMoreData),
        (.autoFooter, .refreshing, .beginRefreshing(visible: true)),
        (.autoFooter, .noMoreData, .endRefreshingWithNoMoreData),
    ])
    func settingTheSameStateAgainFiresNothing(kind: RefreshComponentKind, state: RefreshState, input: RefreshInput) throws {
        var machine = Self.machine(kind, in: state)
        try #require(machine.state == state)
        #expect(machine.event(input) == nil)
        #expect(machine.state == state)
    }

    // MARK: - Hysteresis

    @Test func hysteresisKeepsPullingUntilTheOffsetFallsBelowTheBand() {
        var machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(hysteresis: 5))
        _ = machine.event(.drag(offset: 60))
        #expect(machine.event(.drag(offset: 53)) == nil)
        #expect(machine.event(.drag(offset: 55)) == nil)
        #expect(machine.event(.drag(offset: 49.5)) == nil)
        #expect(machine.state == .pulling)
        #expect(machine.event(.drag(offset: 49))?.transition == RefreshTransition(from: .pulling, to: .idle))
        #expect(machine.event(.drag(offset: 54)) == nil)
        #expect(machine.event(.drag(offset: 55))?.cues == [.intent(.impact(.light, intensity: 1))])
    }

    @Test func releasingInsideTheHysteresisBandRefreshes() {
        var machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(hysteresis: 5))
        _ = machine.event(.drag(offset: 60))
        _ = machine.event(.drag(offset: 52))
        #expect(machine.event(.release)?.transition == RefreshTransition(from: .pulling, to: .refreshing))
    }

    @Test func negativeHysteresisCountsAsZero() {
        var machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(hysteresis: -10))
        _ = machine.event(.drag(offset: 60))
        #expect(machine.event(.drag(offset: 54))?.transition == RefreshTransition(from: .pulling, to: .idle))
    }

    // MARK: - Deactivation and success cues

    @Test func leavingPullingByDragFiresNoCueByDefault() {
        var machine = RefreshStateMachine(kind: .header)
        _ = machine.event(.drag(offset: 60))
        #expect(
            machine.event(.drag(offset: 40))
                == RefreshAction(
                    transition: RefreshTransition(from: .pulling, to: .idle),
                    cues: []
                ))
    }

    @Test(arguments: [FeedbackIntent.impact(.soft, intensity: 0.3), .selection])
    func leavingPullingByDragFiresTheDeactivationCue(cue: FeedbackIntent) {
        var machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(deactivationCue: cue))
        _ = machine.event(.drag(offset: 60))
        #expect(machine.event(.drag(offset: 40))?.cues == [.intent(cue)])
        #expect(machine.event(.drag(offset: 30)) == nil)
    }

    @Test func endingRefreshingFromPullingIsNotADeactivation() {
        var machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(deactivationCue: .selection))
        _ = machine.event(.drag(offset: 60))
        #expect(machine.event(.endRefreshing)?.cues == [])
        #expect(machine.state == .idle)
    }

    @Test func endingARefreshNotifiesSuccessOnlyWhenConfigured() {
        var quiet = Self.machine(.header, in: .refreshing)
        #expect(quiet.event(.endRefreshing)?.cues == [])

        var notifying = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(notifiesSuccessOnEnd: true))
        _ = notifying.event(.beginRefreshing(visible: true))
        #expect(
            notifying.event(.endRefreshing)
                == RefreshAction(
                    transition: RefreshTransition(from: .refreshing, to: .idle),
                    cues: [.intent(.notification(.success))]
                ))
    }

    @Test func onlyTheEndOfARefreshNotifiesSuccess() {
        let configuration = RefreshFeedbackConfiguration(notifiesSuccessOnEnd: true)
        var waiting = RefreshStateMachine(kind: .header, configuration: configuration)
        _ = waiting.event(.beginRefreshing(visible: false))
        #expect(waiting.event(.endRefreshing)?.cues == [])

        var footer = RefreshStateMachine(kind: .backFooter, configuration: configuration)
        _ = footer.event(.beginRefreshing(visible: true))
        #expect(footer.event(.endRefreshingWithNoMoreData)?.cues == [])
        #expect(footer.event(.endRefreshing)?.cues == [])
    }

    // MARK: - Prepare

    @Test func firstDragOfAGesturePrepares() {
        var machine = RefreshStateMachine(kind: .header)
        #expect(machine.event(.drag(offset: 0)) == RefreshAction(transition: nil, cues: [.intent(.prepare)]))
        #expect(machine.event(.drag(offset: 10)) == nil)
        #expect(machine.event(.release) == nil)
        #expect(machine.event(.drag(offset: 5))?.cues == [.intent(.prepare)])
    }

    @Test func dragStartingPastTheThresholdPreparesBeforeTheImpact() {
        var machine = RefreshStateMachine(kind: .backFooter)
        #expect(
            machine.event(.drag(offset: 50))
                == RefreshAction(
                    transition: RefreshTransition(from: .idle, to: .pulling),
                    cues: [.intent(.prepare), .intent(.impact(.light, intensity: 1))]
                ))
    }

    @Test func dragAfterAFingerUpScrollPreparesAgain() {
        var machine = RefreshStateMachine(kind: .header)
        _ = machine.event(.drag(offset: 10))
        _ = machine.event(.scroll(offset: 5))
        #expect(machine.event(.drag(offset: 8))?.cues == [.intent(.prepare)])
    }

    @Test(arguments: [RefreshState.refreshing, .willRefresh, .noMoreData])
    func dragStartingWhereNoImpactCanFollowDoesNotPrepare(state: RefreshState) throws {
        var machine = Self.machine(.backFooter, in: state)
        try #require(machine.state == state)
        #expect(machine.event(.drag(offset: 10)) == nil)
    }

    @Test func autoFooterNeverPrepares() {
        var machine = RefreshStateMachine(kind: .autoFooter)
        #expect(machine.event(.drag(offset: 10)) == nil)
    }

    // MARK: - Back footer

    @Test func backFooterPullsRefreshesRunsOutAndResets() {
        var machine = RefreshStateMachine(kind: .backFooter)
        #expect(machine.event(.drag(offset: 44)) == RefreshAction(transition: nil, cues: [.intent(.prepare)]))
        #expect(machine.event(.drag(offset: 45))?.cues == [.intent(.impact(.light, intensity: 1))])
        #expect(machine.event(.release)?.transition == RefreshTransition(from: .pulling, to: .refreshing))
        #expect(machine.event(.endRefreshingWithNoMoreData)?.transition == RefreshTransition(from: .refreshing, to: .noMoreData))
        #expect(machine.event(.drag(offset: 80)) == nil)
        #expect(machine.event(.release) == nil)
        #expect(machine.state == .noMoreData)
        #expect(machine.event(.resetNoMoreData)?.transition == RefreshTransition(from: .noMoreData, to: .idle))
        #expect(machine.event(.drag(offset: 50))?.cues == [.intent(.prepare), .intent(.impact(.light, intensity: 1))])
    }

    // MARK: - Auto footer

    @Test func autoFooterRefreshesOnceTheTriggerPercentShowsWithoutAnImpact() {
        var machine = RefreshStateMachine(kind: .autoFooter, triggerAutomaticallyRefreshPercent: 0.5)
        #expect(machine.event(.drag(offset: 21.9)) == nil)
        #expect(
            machine.event(.drag(offset: 22))
                == RefreshAction(
                    transition: RefreshTransition(from: .idle, to: .refreshing),
                    cues: []
                ))
    }

    @Test func autoFooterDoesNotRefreshWhileMovingBack() {
        var machine = RefreshStateMachine(kind: .autoFooter)
        _ = machine.event(.beginRefreshing(visible: true))
        _ = machine.event(.drag(offset: 60))
        _ = machine.event(.endRefreshing)
        #expect(machine.event(.scroll(offset: 50)) == nil)
        #expect(machine.event(.scroll(offset: 45)) == nil)
        #expect(machine.state == .idle)
        #expect(machine.event(.scroll(offset: 46))?.transition == RefreshTransition(from: .idle, to: .refreshing))
    }

    @Test func autoFooterRefreshesAtMostOncePerDrag() {
        var machine = RefreshStateMachine(kind: .autoFooter)
        _ = machine.event(.drag(offset: 50))
        #expect(machine.state == .refreshing)
        _ = machine.event(.endRefreshing)
        #expect(machine.event(.drag(offset: 60)) == nil)
        #expect(machine.event(.release) == nil)
        #expect(machine.state == .idle)
        #expect(machine.event(.drag(offset: 70))?.transition == RefreshTransition(from: .idle, to: .refreshing))
    }

    @Test func autoFooterFingerUpScrollsAreNotLimitedPerDrag() {
        var machine = RefreshStateMachine(kind: .autoFooter)
        _ = machine.event(.drag(offset: 50))
        _ = machine.event(.endRefreshing)
        #expect(machine.event(.scroll(offset: 80))?.transition == RefreshTransition(from: .idle, to: .refreshing))
    }

    @Test func autoFooterReleaseWithTheWholeFooterShowingRefreshes() {
        var machine = RefreshStateMachine(kind: .autoFooter, triggerAutomaticallyRefreshPercent: 1.5)
        _ = machine.event(.drag(offset: 50))
        #expect(machine.state == .idle)
        #expect(machine.event(.release)?.transition == RefreshTransition(from: .idle, to: .refreshing))
    }

    @Test func autoFooterReleaseWithPartOfTheFooterShowingStaysIdle() {
        var machine = RefreshStateMachine(kind: .autoFooter, triggerAutomaticallyRefreshPercent: 1.5)
        _ = machine.event(.drag(offset: 43))
        #expect(machine.event(.release) == nil)
        #expect(machine.state == .idle)
    }

    // MARK: - Pulling percent

    @Test func pullingPercentFollowsTheOffsetAndRefreshing() {
        var machine = RefreshStateMachine(kind: .header)
        #expect(machine.pullingPercent == 0)
        _ = machine.event(.drag(offset: 27))
        #expect(machine.pullingPercent == 0.5)
        _ = machine.event(.drag(offset: 81))
        #expect(machine.pullingPercent == 1.5)
        _ = machine.event(.drag(offset: -10))
        #expect(machine.pullingPercent == 0)
        _ = machine.event(.beginRefreshing(visible: true))
        #expect(machine.pullingPercent == 1)
        _ = machine.event(.drag(offset: 20))
        #expect(machine.pullingPercent == 1)
        _ = machine.event(.endRefreshing)
        #expect(machine.pullingPercent == 0)
    }
}
