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
/// strongest the pad allows) at full level. Where a frame plays on handles and trackpads,
/// the pulse goes out in a wake-up right after the rumble command.
struct SteamPad: HidrawPadFamily {
    static let profile = PadProfile.steamDeck
    static let parts = PadPart.handles.union(PadPart.trackpads)
    static let renderProfile = PadProfile.steamDeck
    static let sendsFeatureReports = true

    /// Everything: the Deck's kernel drivers reach none of it.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> { wanted }

    /// A dull frame's pulse period.
    static let dullPeriod = Duration.milliseconds(40)
    /// A sharp frame's pulse period.
    static let sharpPeriod = Duration.milliseconds(10)
    /// The longest a pulse can be on (the report's u16 microseconds).
    static let longestPulse = Duration.microseconds(65_535)

    /// The parts played.
    let parts: Set<PadPart>
    /// Whether the motors may be turning.
    private var motorsSet = false
    /// The count of frames played, which tells a stale wake-up from a current one.
    private var generation = 0
    /// The pulse waiting to go out right after a rumble command.
    private var pendingPulse: SteamPulseReport?
    /// When the current frame's motors stop.
    private var motorsEnd: Duration?

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        self.parts = parts
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        generation += 1
        let end = now + frame.duration
        let pulse = frame.isSilent ? nil : pulse(for: frame)
        if let handles = parts.levels(of: frame, left: .leftHandle, right: .rightHandle), motorsSet || !frame.isSilent {
            let rumble = SteamRumbleReport(
                leftSpeed: SteamRumbleReport.speed(handles.left), rightSpeed: SteamRumbleReport.speed(handles.right))
            let silent = rumble == .stop
            motorsSet = !silent
            motorsEnd = silent ? nil : end
            pendingPulse = pulse
            let wake: HidrawPadStep.Wake? =
                pulse != nil
                ? .init(delay: .zero, generation: generation)
                : silent ? nil : .init(delay: frame.duration, generation: generation)
            return HidrawPadStep(report: rumble.bytes, leavesNothingSet: silent, wake: wake)
        }
        guard let pulse else { return HidrawPadStep() }
        return HidrawPadStep(report: pulse.bytes)
    }

    mutating func stop(now: Duration) -> HidrawPadStep {
        generation += 1
        pendingPulse = nil
        motorsEnd = nil
        guard motorsSet else { return HidrawPadStep() }
        motorsSet = false
        return HidrawPadStep(report: SteamRumbleReport.stop.bytes, leavesNothingSet: true)
    }

    /// The pulse waiting after a rumble command (with the motors' stop at the frame's end to
    /// follow), or the motors' stop when the frame has ended; nothing when a newer frame came.
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep {
        guard generation == self.generation else { return HidrawPadStep() }
        if let waiting = pendingPulse {
            pendingPulse = nil
            let stop = motorsEnd.map { HidrawPadStep.Wake(delay: max(.zero, $0 - now), generation: generation) }
            return HidrawPadStep(report: waiting.bytes, wake: stop)
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

    /// The pulse of `frame` on the trackpads played, or `nil` where none plays.
    private func pulse(for frame: RumbleFrame) -> SteamPulseReport? {
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
        let count = Int((frame.duration / period).rounded(.up))
        return SteamPulseReport(
            side: side, onMicroseconds: Self.microseconds(on), offMicroseconds: Self.microseconds(period - on),
            count: UInt16(min(count, Int(UInt16.max))), gain: gain)
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
