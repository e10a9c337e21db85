import HapticsModel

/// Microsoft's Xbox One S and Series pads over Bluetooth: four motors in output report 3
/// (`XboxRumbleReport`), and the triggers' positions in input report 1
/// (`XboxTriggerPositions`).
///
/// Each report owns all four motors for the frame's length (at most 2.55 s, so the pad stops
/// by itself): the handles and triggers at the locality play, every other motor is at 0. Two
/// reports never go out less than 50 ms apart, counted from when the last write returned: a
/// report due sooner waits for a wake-up, a newer one replacing it while it waits, so the pad
/// shows the newest levels and the last report, silence, always goes out. Silence (all four
/// motors at 0) hands the handles back to the kernel's driver.
///
/// Trigger motor effects (`TriggerMotorEffect`): while one other than off is set, each report
/// carries the trigger motors at the levels the triggers' positions give (the newest input
/// report's, both at rest until one comes), the handles at the level of the frame still
/// playing (0 when none is), for `followDuration`; a new position that changes a level sends
/// a report, and a sounding report is sent again every `refresh` while nothing changes, so
/// the motors run on for at most `followDuration` once the process stops sending.
struct XboxBluetoothPad: HidrawPadFamily {
    static let profile = PadProfile.xboxBluetooth
    static let parts = PadPart.handles.union(PadPart.triggers)
    static let renderProfile = PadProfile.xboxBluetooth
    static let hasTriggerMotors = true

    /// The least time between two reports.
    static let spacing = Duration.milliseconds(50)
    /// How long a report following the triggers plays.
    static let followDuration = Duration.milliseconds(250)
    /// How often a sounding report following the triggers is sent again.
    static let refresh = Duration.milliseconds(100)

    /// Everything, once a trigger is wanted (a report owns all four motors); nothing for the
    /// handles alone, which the kernel's rumble plays.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> {
        wanted.isDisjoint(with: PadPart.triggers) ? [] : wanted
    }

    /// The report of the frame playing, and when the frame ends.
    private struct PlayingFrame {
        /// The frame's report.
        var report: XboxRumbleReport
        /// When the frame ends, on the system's monotonic clock.
        var end: Duration
    }

    /// The parts played.
    let parts: Set<PadPart>
    /// Whether a sounding report went out since the last reset.
    private var touchedMotors = false
    /// When the last report's write returned.
    private var lastReport: Duration?
    /// The last report sent or waiting to be.
    private var lastSent: XboxRumbleReport?
    /// The report waiting for the 50 ms to pass.
    private var pending: XboxRumbleReport?
    /// The trigger motor effects set, by side.
    private var motorEffects: [Actuator.Side: TriggerMotorEffect] = [:]
    /// The triggers' positions in the newest input report.
    private var positions = XboxTriggerPositions.rest
    /// The last sounding frame played, until a silent one.
    private var playing: PlayingFrame?
    /// The count of reports sent, which tells a refresh wake-up that is current (the last
    /// report's) from a stale one; the pending report's wake-up is generation 0.
    private var refreshGeneration = 0

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        self.parts = parts
    }

    var followsTriggers: Bool {
        motorEffects.values.contains { $0.effect != .off }
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        let report = report(for: frame)
        playing = frame.isSilent ? nil : PlayingFrame(report: report, end: now + frame.duration)
        return send(followsTriggers ? followingReport(now: now) : report, now: now)
    }

    mutating func setTriggerMotorEffect(_ effect: TriggerMotorEffect, on side: Actuator.Side, now: Duration) -> HidrawPadStep {
        motorEffects[side] = effect
        return sendIfChanged(followingReport(now: now), now: now)
    }

    mutating func followTriggers(input report: [UInt8], now: Duration) -> HidrawPadStep {
        guard let read = XboxTriggerPositions(report: report) else { return HidrawPadStep() }
        positions = read
        guard followsTriggers else { return HidrawPadStep() }
        return sendIfChanged(followingReport(now: now), now: now)
    }

    mutating func stop(now: Duration) -> HidrawPadStep {
        motorEffects = [:]
        playing = nil
        guard touchedMotors else { return HidrawPadStep() }
        return send(.silence, now: now)
    }

    /// Sends the report waiting (generation 0), or the current levels again (the current
    /// refresh generation, while following the triggers and nothing waits).
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep {
        if generation == 0 {
            guard let waiting = pending else { return HidrawPadStep() }
            pending = nil
            return send(waiting, now: now)
        }
        guard generation == refreshGeneration, pending == nil, followsTriggers else { return HidrawPadStep() }
        return send(followingReport(now: now), now: now)
    }

    mutating func wrote(_ step: HidrawPadStep, at time: Duration) {
        lastReport = time
        if step.leavesNothingSet { touchedMotors = false }
    }

    /// All four motors at 0; none when nothing sounded.
    var resetReports: [[UInt8]] {
        touchedMotors ? [XboxRumbleReport.silence.bytes] : []
    }

    /// 50 ms after the last report.
    var earliestNextReport: Duration? {
        lastReport.map { $0 + Self.spacing }
    }

    /// The report for `frame`: the handles and triggers at the locality, every other motor at
    /// 0, for the frame's length; silence for a silent frame.
    private func report(for frame: RumbleFrame) -> XboxRumbleReport {
        guard !frame.isSilent else { return .silence }
        let handles = parts.levels(of: frame, left: .leftHandle, right: .rightHandle) ?? (0, 0)
        let triggers = parts.levels(of: frame, left: .leftTrigger, right: .rightTrigger) ?? (0, 0)
        return XboxRumbleReport(
            leftTrigger: XboxRumbleReport.magnitude(triggers.left), rightTrigger: XboxRumbleReport.magnitude(triggers.right),
            leftHandle: XboxRumbleReport.magnitude(handles.left), rightHandle: XboxRumbleReport.magnitude(handles.right),
            duration10ms: XboxRumbleReport.units(frame.duration))
    }

    /// The report following the triggers at `now`: each trigger motor at the greater of its
    /// effect's level and the playing frame's, the handles at the playing frame's, for
    /// `followDuration`; silence when all four are at 0.
    private func followingReport(now: Duration) -> XboxRumbleReport {
        let frame = playing.flatMap { now < $0.end ? $0.report : nil } ?? .silence
        let left = max(frame.leftTrigger, triggerMagnitude(on: .left))
        let right = max(frame.rightTrigger, triggerMagnitude(on: .right))
        let report = XboxRumbleReport(
            leftTrigger: left, rightTrigger: right, leftHandle: frame.leftHandle, rightHandle: frame.rightHandle,
            duration10ms: XboxRumbleReport.units(Self.followDuration))
        return [left, right, frame.leftHandle, frame.rightHandle].allSatisfy { $0 == 0 } ? .silence : report
    }

    /// The magnitude of the trigger motor on `side` at its trigger's position.
    private func triggerMagnitude(on side: Actuator.Side) -> UInt8 {
        XboxRumbleReport.magnitude(motorEffects[side]?.level(at: positions.position(of: side)) ?? 0)
    }

    /// `report`, unless it is the one last sent or waiting (or silence with nothing sent).
    private mutating func sendIfChanged(_ report: XboxRumbleReport, now: Duration) -> HidrawPadStep {
        guard report != (lastSent ?? .silence) else { return HidrawPadStep() }
        return send(report, now: now)
    }

    /// The report now (with a refresh wake-up while it sounds and the triggers are followed),
    /// or held until 50 ms after the last one (with a wake-up, unless one is already waiting).
    private mutating func send(_ report: XboxRumbleReport, now: Duration) -> HidrawPadStep {
        if report != .silence { touchedMotors = true }
        lastSent = report
        if let last = lastReport, now - last < Self.spacing {
            let isWaiting = pending != nil
            pending = report
            return isWaiting ? HidrawPadStep() : HidrawPadStep(wake: .init(delay: last + Self.spacing - now, generation: 0))
        }
        pending = nil
        refreshGeneration += 1
        let refresh = followsTriggers && report != .silence ? HidrawPadStep.Wake(delay: Self.refresh, generation: refreshGeneration) : nil
        return HidrawPadStep(report: report.bytes, leavesNothingSet: report == .silence, wake: refresh)
    }
}
