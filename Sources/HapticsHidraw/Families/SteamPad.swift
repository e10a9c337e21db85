import HapticsModel

/// Valve's pads, the Steam Deck and the Steam Controller: FEATURE reports
/// (`SteamFeatureReport`) carrying the rumble command 0xEB for the handles' motors
/// (`SteamRumbleReport`, the Deck's) and the haptic pulse 0x8F for the trackpads
/// (`SteamPulseReport`).
///
/// The handles: a frame sets the motors' speeds, strong left and weak right, and a wake-up
/// at the frame's end stops them unless a newer frame came; `stop` stops them too.
/// The trackpads: a frame is one pulse when it is no longer than the train's period (an
/// impact, a transient: on for the frame's length), else a pulse train for the frame's
/// length whose period follows the frame's sharpness (the weak share of its levels: 40 ms
/// when dull, 10 ms when sharp), half on, half off. The gain follows the level, +6 dB (the
/// strongest the pad allows) at full level. A train goes out in parts of at most 100 ms
/// (`longestTrainReport`), each sent by a wake-up as the one before ends, so a process killed
/// mid-frame leaves no more than that playing (the controller ends a pulse report by itself;
/// nothing needs a reset). Where a frame plays on handles and trackpads, the pulse goes out in
/// a wake-up right after the rumble command.
struct SteamPad: HidrawPadFamily {
    static let profile = PadProfile.steamDeck
    static let parts = PadPart.handles.union(PadPart.trackpads)
    static let renderProfile = PadProfile.steamDeck
    static let sendsFeatureReports = true
    /// On Linux 7.3 hid-steam removes the Deck's gamepad while its client node is open.
    static let letsGoOfIdleNode = true

    /// Everything: the Deck's kernel drivers reach none of it.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> { wanted }

    /// A dull frame's pulse period.
    static let dullPeriod = Duration.milliseconds(40)
    /// A sharp frame's pulse period.
    static let sharpPeriod = Duration.milliseconds(10)
    /// The longest a pulse can be on (the report's u16 microseconds).
    static let longestPulse = Duration.microseconds(65_535)
    /// The longest a pulse train one report starts may run.
    static let longestTrainReport = Duration.milliseconds(100)

    /// The rest of a frame's pulse train: its pulse, period, the pulses still to send, and
    /// when the next part is due.
    private struct Train {
        /// The pulse the parts repeat (its count is each part's).
        var pulse: SteamPulseReport
        /// One pulse and its pause.
        let period: Duration
        /// The pulses still to send.
        var remaining: Int
        /// When the next part is due.
        var nextAt: Duration

        /// The pulses one part holds: as many periods as fit in `longestTrainReport`, one at least.
        var pulsesPerPart: Int { max(1, Int(SteamPad.longestTrainReport / period)) }

        /// The next part's report, the train moving past it.
        mutating func nextPart() -> SteamPulseReport {
            let count = min(remaining, pulsesPerPart)
            remaining -= count
            nextAt += period * count
            pulse.count = UInt16(count)
            return pulse
        }
    }

    /// The parts played.
    let parts: Set<PadPart>
    /// Whether the motors may be turning.
    private var motorsSet = false
    /// The count of frames played, which tells a stale wake-up from a current one.
    private var generation = 0
    /// The pulse waiting to go out right after a rumble command.
    private var pendingPulse: SteamPulseReport?
    /// The current frame's train still to send, if any.
    private var train: Train?
    /// When the current frame's motors stop.
    private var motorsEnd: Duration?

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        self.parts = parts
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        generation += 1
        train = nil
        let end = now + frame.duration
        let pulse = frame.isSilent ? nil : firstPulse(for: frame, now: now)
        if let handles = parts.levels(of: frame, left: .leftHandle, right: .rightHandle), motorsSet || !frame.isSilent {
            let rumble = SteamRumbleReport(
                leftSpeed: SteamRumbleReport.speed(handles.left), rightSpeed: SteamRumbleReport.speed(handles.right))
            let silent = rumble == .stop
            motorsSet = !silent
            motorsEnd = silent ? nil : end
            pendingPulse = pulse
            let wake: HidrawPadStep.Wake? = pulse != nil ? .init(delay: .zero, generation: generation) : nextWake(now: now)
            return HidrawPadStep(report: rumble.bytes, leavesNothingSet: silent, wake: wake)
        }
        guard let pulse else { return HidrawPadStep() }
        return HidrawPadStep(report: pulse.bytes, wake: nextWake(now: now))
    }

    mutating func stop(now: Duration) -> HidrawPadStep {
        generation += 1
        pendingPulse = nil
        train = nil
        motorsEnd = nil
        guard motorsSet else { return HidrawPadStep() }
        motorsSet = false
        return HidrawPadStep(report: SteamRumbleReport.stop.bytes, leavesNothingSet: true)
    }

    /// The pulse waiting after a rumble command, the train's next part, or the motors' stop
    /// when the frame has ended (each followed by a wake-up for what is next); nothing when a
    /// newer frame came.
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep {
        guard generation == self.generation else { return HidrawPadStep() }
        if let waiting = pendingPulse {
            pendingPulse = nil
            return HidrawPadStep(report: waiting.bytes, wake: nextWake(now: now))
        }
        if var rest = train {
            let part = rest.nextPart()
            train = rest.remaining > 0 ? rest : nil
            return HidrawPadStep(report: part.bytes, wake: nextWake(now: now))
        }
        guard motorsSet else { return HidrawPadStep() }
        motorsSet = false
        motorsEnd = nil
        return HidrawPadStep(report: SteamRumbleReport.stop.bytes, leavesNothingSet: true)
    }

    mutating func wrote(_ step: HidrawPadStep, at time: Duration) {
        if step.leavesNothingSet { motorsSet = false }
    }

    /// The motors stopped; none while they are not turning (a pulse ends by itself).
    var resetReports: [[UInt8]] {
        motorsSet ? [SteamRumbleReport.stop.bytes] : []
    }

    /// The wake-up for what comes next: the train's next part (always before the frame's end),
    /// else the motors' stop while they turn.
    private func nextWake(now: Duration) -> HidrawPadStep.Wake? {
        guard let at = train?.nextAt ?? (motorsSet ? motorsEnd : nil) else { return nil }
        return HidrawPadStep.Wake(delay: max(.zero, at - now), generation: generation)
    }

    /// The first report of `frame`'s pulse on the trackpads played, or `nil` where none
    /// plays; a train longer than one part leaves the rest in `train`.
    private mutating func firstPulse(for frame: RumbleFrame, now: Duration) -> SteamPulseReport? {
        let side: SteamPulseReport.Side
        switch (parts.contains(.leftTrackpad), parts.contains(.rightTrackpad)) {
        case (true, true): side = .both
        case (true, false): side = .left
        case (false, true): side = .right
        case (false, false): return nil
        }
        let level = max(frame.scaledStrong, frame.scaledWeak)
        let period = Self.period(for: frame)
        let gain = SteamPulseReport.gain(level)
        guard frame.duration > period else {
            return SteamPulseReport(
                side: side, onMicroseconds: Self.microseconds(min(frame.duration, Self.longestPulse)), offMicroseconds: 0,
                count: 1, gain: gain)
        }
        let on = period / 2
        var whole = Train(
            pulse: SteamPulseReport(
                side: side, onMicroseconds: Self.microseconds(on), offMicroseconds: Self.microseconds(period - on), count: 0,
                gain: gain),
            period: period, remaining: Int((frame.duration / period).rounded(.up)), nextAt: now)
        let first = whole.nextPart()
        train = whole.remaining > 0 ? whole : nil
        return first
    }

    /// The train's period for `frame`: from 40 ms (all strong: dull) to 10 ms (all weak: sharp).
    static func period(for frame: RumbleFrame) -> Duration {
        let total = frame.strong + frame.weak
        let sharpness = total > 0 ? frame.weak / total : 0
        return dullPeriod - (dullPeriod - sharpPeriod) * sharpness
    }

    /// `duration` in whole microseconds, held to a u16.
    static func microseconds(_ duration: Duration) -> UInt16 {
        let value = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return UInt16(min(max(value, 0), Int64(UInt16.max)))
    }
}
