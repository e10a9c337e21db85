import HapticsModel

/// MJRefresh's state machine for one header or footer, with the haptic cues its transitions fire.
///
/// Pure: no I/O and no clocks. Feed it inputs with `event(_:)`; each returns what happened.
/// The whole transition table is in `nextState(after:)`:
///
/// - `beginRefreshing(visible: true)` → `refreshing` from any state; `beginRefreshing(visible: false)`
///   → `willRefresh` unless already `refreshing`; `didAppear` promotes `willRefresh` to `refreshing`.
/// - `endRefreshing` → `idle` from any state (MJRefresh sets the state unconditionally).
/// - Footers: `endRefreshingWithNoMoreData` → `noMoreData` and `resetNoMoreData` → `idle`, from any state.
///   The header ignores both.
/// - Header and back footer: a `drag` past `height` takes `idle` to `pulling`; a `drag` back to
///   `height - hysteresis` or less takes `pulling` to `idle`; `release` (or any finger-up `scroll`)
///   takes `pulling` to `refreshing`.
/// - Auto footer: in `idle`, a `drag` or `scroll` that moves further out and shows at least
///   `height × triggerAutomaticallyRefreshPercent` starts refreshing; so does a `release` with the
///   whole footer showing. At most one refresh is triggered per drag (MJRefresh's `autoTriggerTimes = 1`);
///   finger-up scrolls are not limited.
/// - Anything else leaves the state as it is. Setting the same state again is not a transition.
///
/// Cues: entering `pulling` fires the configured impact; a drag from `pulling` back to `idle` fires the
/// deactivation cue, if any; `endRefreshing` from `refreshing` fires `.intent(.notification(.success))` if configured;
/// the first `drag` of a gesture fires `.intent(.prepare)` when the component is idle and can pull. With a
/// tension configured, each drag of the header or back footer that leaves it idle at or past the
/// tension's start fires `.tension(pullingPercent)`, and the first input after which that no
/// longer holds (entering `pulling`, a release, a drag back below the start) fires
/// `.tensionEnded`, before the transition's own cues.
public struct RefreshStateMachine: Sendable {
    /// Which component this machine models.
    public let kind: RefreshComponentKind
    /// The component's height in points, which is also the pull threshold.
    public let height: Double
    /// How much of the auto footer, as a fraction of its height, must show before it refreshes by itself.
    /// Default 1 (MJRefresh: the whole footer). Only the auto footer uses it.
    public let triggerAutomaticallyRefreshPercent: Double
    /// Which cues fire and the hysteresis of the threshold.
    public var configuration: RefreshFeedbackConfiguration
    /// The current state; `idle` at first.
    public private(set) var state: RefreshState = .idle
    /// How far the component is pulled, as a fraction of its height (`offset / height`, 0 when not pulled).
    /// It is 1 while refreshing (MJRefresh's `beginRefreshing`) and drops to 0 when a refresh ends.
    public private(set) var pullingPercent: Double = 0

    private var isFingerDown = false
    private var lastOffset: Double = 0
    private var hasAutoRefreshedDuringDrag = false
    private var isTense = false

    /// Creates an idle machine.
    ///
    /// - Parameters:
    ///   - kind: The component to model.
    ///   - height: The threshold in points; `nil` uses the kind's MJRefresh default (54 header, 44 footers).
    ///     Must be greater than 0.
    ///   - triggerAutomaticallyRefreshPercent: For the auto footer, the fraction of its height that must
    ///     show before it refreshes by itself (MJRefresh default 1).
    ///   - configuration: The feedback options; by default a light impact on entering `pulling`.
    public init(
        kind: RefreshComponentKind,
        height: Double? = nil,
        triggerAutomaticallyRefreshPercent: Double = 1,
        configuration: RefreshFeedbackConfiguration = RefreshFeedbackConfiguration()
    ) {
        let threshold = height ?? kind.defaultHeight
        precondition(threshold > 0, "A refresh component needs a height greater than 0 points, got \(threshold)")
        self.kind = kind
        self.height = threshold
        self.triggerAutomaticallyRefreshPercent = triggerAutomaticallyRefreshPercent
        self.configuration = configuration
    }

    /// Applies one input and returns what it did, or `nil` when it changed nothing and fired no cue.
    public mutating func event(_ input: RefreshInput) -> RefreshAction? {
        var cues: [RefreshCue] = []
        if case .drag = input, !isFingerDown {
            hasAutoRefreshedDuringDrag = false
            if kind != .autoFooter, state == .idle {
                cues.append(.intent(.prepare))
            }
        }
        let previous = state
        state = nextState(after: input)
        track(input, leaving: previous)
        cues += tensionCues(after: input)
        guard state != previous else {
            return cues.isEmpty ? nil : RefreshAction(transition: nil, cues: cues)
        }
        let transition = RefreshTransition(from: previous, to: state)
        cues += self.cues(for: transition, after: input)
        return RefreshAction(transition: transition, cues: cues)
    }

    /// The transition table: the state after `input`, given the current state and gesture.
    private func nextState(after input: RefreshInput) -> RefreshState {
        switch (input, state) {
        // Every component (MJRefreshComponent).
        case (.beginRefreshing(visible: true), _):
            return .refreshing
        case (.beginRefreshing(visible: false), .refreshing):
            return .refreshing
        case (.beginRefreshing(visible: false), _):
            return .willRefresh
        case (.didAppear, .willRefresh):
            return .refreshing
        case (.endRefreshing, _):
            return .idle

        // Footers only (MJRefreshFooter).
        case (.endRefreshingWithNoMoreData, _) where kind != .header:
            return .noMoreData
        case (.resetNoMoreData, _) where kind != .header:
            return .idle

        // Header and back footer (MJRefreshHeader, MJRefreshBackFooter).
        case (.drag(let offset), .idle) where kind != .autoFooter:
            return offset > height ? .pulling : .idle
        case (.drag(let offset), .pulling):
            return offset <= height - max(0, configuration.hysteresis) ? .idle : .pulling
        case (.release, .pulling), (.scroll, .pulling):
            return .refreshing

        // Auto footer (MJRefreshAutoFooter).
        case (.drag(let offset), .idle) where kind == .autoFooter:
            return !hasAutoRefreshedDuringDrag && autoRefreshes(at: offset) ? .refreshing : .idle
        case (.scroll(let offset), .idle) where kind == .autoFooter:
            return autoRefreshes(at: offset) ? .refreshing : .idle
        case (.release, .idle) where kind == .autoFooter:
            return isFingerDown && !hasAutoRefreshedDuringDrag && lastOffset >= height ? .refreshing : .idle

        default:
            return state
        }
    }

    /// The tension cues once `state` and `pullingPercent` follow `input`.
    private mutating func tensionCues(after input: RefreshInput) -> [RefreshCue] {
        let tense =
            configuration.tension.map { tension in
                kind != .autoFooter && state == .idle && isFingerDown && pullingPercent >= tension.startPercent
            } ?? false
        defer { isTense = tense }
        if isTense && !tense { return [.tensionEnded] }
        guard tense, case .drag = input else { return [] }
        return [.tension(min(pullingPercent, 1))]
    }

    /// Whether moving the auto footer to `offset` starts a refresh: it must move further out
    /// and show at least `triggerAutomaticallyRefreshPercent` of its height.
    private func autoRefreshes(at offset: Double) -> Bool {
        offset > lastOffset && offset >= height * triggerAutomaticallyRefreshPercent
    }

    /// The cues a transition fires under the configuration.
    private func cues(for transition: RefreshTransition, after input: RefreshInput) -> [RefreshCue] {
        switch (transition.from, transition.to, input) {
        case (.idle, .pulling, _):
            return [.intent(.impact(configuration.impactStyle, intensity: configuration.impactIntensity))]
        case (.pulling, .idle, .drag):
            return configuration.deactivationCue.map { [.intent($0)] } ?? []
        case (.refreshing, .idle, .endRefreshing) where configuration.notifiesSuccessOnEnd:
            return [.intent(.notification(.success))]
        default:
            return []
        }
    }

    /// Updates the gesture and `pullingPercent` once `state` holds the state after `input`.
    private mutating func track(_ input: RefreshInput, leaving previous: RefreshState) {
        switch input {
        case .drag(let offset):
            if kind == .autoFooter, previous == .idle, state == .refreshing {
                hasAutoRefreshedDuringDrag = true
            }
            isFingerDown = true
            follow(offset)
        case .release:
            isFingerDown = false
        case .scroll(let offset):
            isFingerDown = false
            follow(offset)
        case .beginRefreshing, .didAppear, .endRefreshing, .endRefreshingWithNoMoreData, .resetNoMoreData:
            break
        }
        if state != previous {
            if state == .refreshing || state == .willRefresh {
                pullingPercent = 1
            } else if previous == .refreshing {
                pullingPercent = 0
            }
        }
    }

    /// Records the offset and, unless refreshing, the pulling percent it makes.
    private mutating func follow(_ offset: Double) {
        lastOffset = offset
        if state != .refreshing {
            pullingPercent = max(0, offset) / height
        }
    }
}
