import HapticsModel

/// A player's clock, as the player reads it and arms its timer on every frame, with times as
/// offsets from the player's start; or no clock at all (`instant`), where time is the
/// playback's own and moves only as the player steps through its deadlines.
///
/// `PrecisionClock`, the clock devices play on, is used directly: its time and its timer (a
/// thread of the player's own), with no closure or existential in between. Each of those is
/// code of its own to run on every frame, and under emulation (the VM benchmark) every
/// distinct function a frame runs costs (BENCHMARKS.md). Any other clock is seen through
/// closures made once, so the player need not be generic over it.
struct PlayerClock: Sendable {
    private enum Time: Sendable {
        case precision(epoch: Int128)
        case other(now: @Sendable () -> Duration)
        case instant
    }

    /// A timer on the clock, taking deadlines as offsets from the player's start.
    enum Alarm: Sendable {
        case precision(epoch: Int128, timer: PrecisionClock.Timer)
        case other(arm: @Sendable (Duration) -> Void, disarm: @Sendable () -> Void)

        /// Calls the handler once `deadline` has passed, instead of at the deadline armed before.
        func arm(_ deadline: Duration) {
            switch self {
            case .precision(let epoch, let timer): timer.arm(atAttoseconds: epoch + deadline.attoseconds)
            case .other(let arm, _): arm(deadline)
            }
        }

        /// Calls the handler for no deadline until armed again.
        func disarm() {
            switch self {
            case .precision(_, let timer): timer.disarm()
            case .other(_, let disarm): disarm()
            }
        }
    }

    private let time: Time
    /// Makes a disarmed timer on the clock whose handler is the one given (the player makes it
    /// once it can hand over a handler that refers to it); `nil` without a clock.
    let alarm: @Sendable (_ handler: @escaping @Sendable () -> Void) -> Alarm?

    /// No clock: the player's time moves only when it steps to its next deadline itself.
    static let instant = PlayerClock(time: .instant) { _ in nil }

    private init(time: Time, alarm: @escaping @Sendable (_ handler: @escaping @Sendable () -> Void) -> Alarm?) {
        self.time = time
        self.alarm = alarm
    }

    /// `clock`, with the player starting now.
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        if let clock = clock as? PrecisionClock {
            let epoch = clock.now.sinceOrigin.attoseconds
            time = .precision(epoch: epoch)
            alarm = { handler in .precision(epoch: epoch, timer: PrecisionClock.Timer(handler: handler)) }
        } else {
            let epoch = clock.now
            time = .other(now: { epoch.duration(to: clock.now) })
            alarm = { handler in
                let timer = clock.makeDeadlineTimer(handler)
                return .other(arm: { timer.arm(at: epoch.advanced(by: $0)) }, disarm: { timer.disarm() })
            }
        }
    }

    /// The time now, as an offset from the player's start; `nil` without a clock, where the
    /// player's own time is the time.
    var now: Duration? {
        switch time {
        case .precision(let epoch): Duration(attoseconds: TimerThread.nowAttoseconds - epoch)
        case .other(let now): now()
        case .instant: nil
        }
    }
}
