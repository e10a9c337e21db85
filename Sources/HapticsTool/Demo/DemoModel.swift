import HapticsCommandLine
import PullToRefresh

/// What the interactive demo does, without a terminal, a clock or a driver: a header's
/// `RefreshStateMachine` driven by `DemoInput`s, and the `DemoState` the screen draws. Pure:
/// the cues the machine fires and the timers it starts come back as effects, for the caller
/// to play and run (`DemoStorage`).
///
/// The finger is down from the first pull or push until `release`; after a release the list
/// springs back to 0, or, when a refresh started, is held at the header's height until the
/// refresh ends.
struct DemoModel: Sendable {
    /// Something that happens to the demo.
    enum Event: Sendable, Hashable {
        /// The person did something.
        case input(DemoInput)
        /// The driver wrote a line (the terminal driver, one line per frame).
        case driverLine(String)
        /// The load a refresh started is done.
        case refreshFinished
        /// The flash with this number is over.
        case flashEnded(Int)
    }

    /// Something the caller must do for the model.
    enum Effect: Sendable, Hashable {
        /// Play the header's cue (an impact, say) on the demo's feedback, now.
        case play(RefreshCue)
        /// Hand `event` back to the model after `delay`.
        case schedule(Event, after: Duration)
    }

    /// How long a load takes.
    static let refreshDuration: Duration = .seconds(1)
    /// How long the header flashes for an impact.
    static let flashDuration: Duration = .milliseconds(300)
    /// How many of the driver's lines the state keeps.
    static let driverLinesKept = 2

    /// What the screen shows.
    private(set) var state = DemoState()
    /// Whether the person asked to quit.
    private(set) var isFinished = false

    /// The header.
    private var header: RefreshStateMachine
    /// Whether impacts flash the header.
    private let flashes: Bool
    /// The wall clock, for the last-updated time.
    private let now: @Sendable () -> WallClockTime
    /// The finger on the list: down from a pull or push until `release`.
    private var gesture = FingerGesture()
    /// How many flashes have started; the number of the latest.
    private var flashCount = 0

    /// Creates an idle demo whose header fires the cues `configuration` names, with its
    /// hysteresis; `flashes` says whether an impact also flashes the header (when the impacts
    /// are only drawn, not felt), and `now` tells the time of a completed refresh.
    init(configuration: RefreshFeedbackConfiguration, flashes: Bool, now: @escaping @Sendable () -> WallClockTime) {
        header = RefreshStateMachine(kind: .header, configuration: configuration)
        self.flashes = flashes
        self.now = now
    }

    /// The header's height, which is also its threshold, in points.
    private static let threshold = RefreshComponentKind.header.defaultHeight

    /// Applies `event` and returns the timers it starts.
    mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .input(.pull(let step)):
            return drag(to: state.offset + step)
        case .input(.push(let step)):
            return drag(to: max(0, state.offset - step))
        case .input(.drag(let offset)):
            return drag(to: max(0, offset))
        case .input(.release):
            return release()
        case .input(.quit):
            isFinished = true
            return []
        case .driverLine(let line):
            state.driverLines = Array((state.driverLines + [line]).suffix(Self.driverLinesKept))
            return []
        case .refreshFinished:
            return finishRefresh()
        case .flashEnded(let number):
            if number == flashCount { state.isFlashing = false }
            return []
        }
    }

    /// The finger, down, moves the list to `offset`.
    private mutating func drag(to offset: Double) -> [Effect] {
        state.offset = offset
        return send(gesture.inputs(offset: offset, fingerDown: true))
    }

    /// The finger is lifted: a refresh starts past the threshold, and the list springs back.
    private mutating func release() -> [Effect] {
        guard gesture.isFingerDown else { return [] }
        var effects = send(gesture.lift())
        state.offset = header.state == .refreshing ? Self.threshold : 0
        effects += send(gesture.inputs(offset: state.offset, fingerDown: false))
        return effects
    }

    /// The load is done: `endRefreshing`, and the list springs back unless the finger is down.
    private mutating func finishRefresh() -> [Effect] {
        guard header.state == .refreshing else { return [] }
        state.loads += 1
        state.lastUpdated = now()
        var effects = record(header.event(.endRefreshing))
        if !gesture.isFingerDown {
            state.offset = 0
            effects += send(gesture.inputs(offset: 0, fingerDown: false))
        }
        return effects
    }

    /// Sends each input to the header and takes in what it did.
    private mutating func send(_ inputs: [RefreshInput]) -> [Effect] {
        inputs.flatMap { record(header.event($0)) }
    }

    /// Takes in what an input did: the header's state, its cues to play, and the timers its
    /// action starts.
    private mutating func record(_ action: RefreshAction?) -> [Effect] {
        state.refreshState = header.state
        state.pullingPercent = header.pullingPercent
        guard let action else { return [] }
        var effects = action.cues.map(Effect.play)
        if action.transition?.to == .refreshing {
            effects.append(.schedule(.refreshFinished, after: Self.refreshDuration))
        }
        for case .intent(.impact) in action.cues {
            state.impacts += 1
            if flashes {
                flashCount += 1
                state.isFlashing = true
                effects.append(.schedule(.flashEnded(flashCount), after: Self.flashDuration))
            }
        }
        return effects
    }
}
