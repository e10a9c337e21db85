import HapticsModel

/// Sony's DualSense: motors and adaptive triggers in one output report
/// (`DualSenseOutputReport`: 0x02 over USB, 0x31 with a sequence number and a CRC32 over
/// Bluetooth), carrying only the valid bits of what it sets.
///
/// A trigger at the locality plays each frame as its vibration mode, and a silent frame
/// returns it to the effect `setTriggerEffect` set (off by default). The handles, at a handle
/// locality, get the motor bits and bytes over USB (strong left, weak right, as
/// hid-playstation sends them). The pad holds what it is sent, so a sounding frame asks for a
/// wake-up 50 ms after its end, which silences the pad unless a newer frame came.
///
/// Over Bluetooth the handles play on the voice coils instead, as a waveform streamed in
/// reports 0x32 (`DualSenseVoiceCoils`), each step writing the reports due and asking for a
/// wake-up when the next one is; before a stream starts, a report 0x31 without the rumble
/// emulation bits (`valid_flag0` 0x01 and 0x02) hands the coils back from rumble emulation
/// (the frame's trigger report where the triggers play, else one with no valid bit). A stop
/// ends the stream with an all-silent report 0x32, and the reset reports (the guardian's and
/// `close`'s) hold one while the stream runs.
struct DualSensePad: HidrawPadFamily {
    static let profile = PadProfile.dualSense
    static let parts = PadPart.handles.union(PadPart.triggers)
    static let renderProfile = PadProfile.dualSense
    static let hasAdaptiveTriggers = true

    /// `dualsense-voice-coils` over Bluetooth at a handle locality (the handles play on the
    /// voice coils), else the DualSense's own.
    static func renderProfile(bluetooth: Bool, parts: Set<PadPart>) -> PadProfile {
        bluetooth && !parts.isDisjoint(with: PadPart.handles) ? .dualSenseVoiceCoils : .dualSense
    }

    /// How long after a frame's end the pad is silenced when no newer frame came.
    static let expiryGuard = Duration.milliseconds(50)

    /// The triggers, which only hidraw reaches; the handles stay with the kernel's rumble.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> {
        wanted.intersection(PadPart.triggers)
    }

    /// The triggers, and over Bluetooth the handles too (they play on the voice coils).
    static func partsTakenOver(from wanted: Set<PadPart>, bluetooth: Bool) -> Set<PadPart> {
        wanted.intersection(bluetooth ? PadPart.triggers.union(PadPart.handles) : PadPart.triggers)
    }

    /// The parts played.
    let parts: Set<PadPart>
    /// Whether the pad is connected over Bluetooth.
    let isBluetooth: Bool
    /// The Bluetooth report's sequence number, 0...15.
    private var sequence: UInt8 = 0
    /// The trigger effects `setTriggerEffect` set, which a silent frame returns the trigger to.
    private var triggerEffects: [Actuator.Side: TriggerEffect] = [:]
    /// The triggers changed since the last reset.
    private var touchedTriggers: Set<Actuator.Side> = []
    /// Whether the motors were driven since the last reset.
    private var touchedMotors = false
    /// Counts the frames and stops, so the wake-up of an earlier frame does nothing.
    private var generation = 0
    /// The voice coils' stream, over Bluetooth at a handle locality.
    private var coils: DualSenseVoiceCoils?
    /// When the triggers' sounding frame expires (beside the voice coils' stream), or `nil`.
    private var triggerExpiry: Duration?

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        self.parts = parts
        self.isBluetooth = isBluetooth
        if isBluetooth && !parts.isDisjoint(with: PadPart.handles) { coils = DualSenseVoiceCoils(parts: parts) }
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        generation += 1
        if coils != nil { return playOnCoils(frame, now: now) }
        let report = frameReport(frame)
        guard !frame.isSilent, frame.duration > .zero else { return HidrawPadStep(report: report) }
        return HidrawPadStep(report: report, wake: .init(delay: frame.duration + Self.expiryGuard, generation: generation))
    }

    mutating func setTriggerEffect(_ effect: TriggerEffect, on side: Actuator.Side) -> HidrawPadStep {
        triggerEffects[side] = effect
        touchedTriggers.insert(side)
        let block = DualSenseTriggerBlock(effect)
        return HidrawPadStep(
            report: bytes(side == .left ? DualSenseOutputReport(leftTrigger: block) : DualSenseOutputReport(rightTrigger: block)))
    }

    mutating func stop(now: Duration) -> HidrawPadStep {
        generation += 1
        triggerEffects = [:]
        triggerExpiry = nil
        let reset = resetReport
        var reports = coils?.stop() ?? []
        if reset.motors != nil || reset.leftTrigger != nil || reset.rightTrigger != nil { reports.insert(bytes(reset), at: 0) }
        guard !reports.isEmpty else { return HidrawPadStep() }
        return HidrawPadStep(reports: reports, leavesNothingSet: true)
    }

    /// Silences the pad when no newer frame or stop came since the frame that asked; beside
    /// the voice coils' stream, writes the reports due and silences the triggers once their
    /// frame expired.
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep {
        guard generation == self.generation else { return HidrawPadStep() }
        guard coils != nil else { return HidrawPadStep(report: frameReport(Self.silence)) }
        var reports: [[UInt8]] = []
        if let expiry = triggerExpiry, expiry <= now {
            reports.append(frameReport(Self.silence))
            triggerExpiry = nil
        }
        reports += coils?.reports(now: now) ?? []
        return HidrawPadStep(reports: reports, wake: nextWake(now: now))
    }

    /// A silent frame.
    private static let silence = RumbleFrame(start: .zero, duration: .zero, strong: 0, weak: 0)

    /// `frame` beside the voice coils' stream: the triggers' report, or the hand-back from
    /// rumble emulation where the stream starts, then the reports due.
    private mutating func playOnCoils(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep {
        var reports: [[UInt8]] = []
        let starting = coils?.isStreaming == false
        if !parts.isDisjoint(with: PadPart.triggers) {
            reports.append(frameReport(frame))
            triggerExpiry = frame.isSilent || frame.duration <= .zero ? nil : now + frame.duration + Self.expiryGuard
        }
        let due = coils?.play(frame, split: RenderSettings(pad: .dualSenseVoiceCoils).split, now: now) ?? []
        if starting && reports.isEmpty && !due.isEmpty { reports.append(bytes(DualSenseOutputReport())) }
        return HidrawPadStep(reports: reports + due, wake: nextWake(now: now))
    }

    /// The wake-up for the voice coils' next report or the triggers' expiry, whichever comes
    /// first; none when neither is pending.
    private func nextWake(now: Duration) -> HidrawPadStep.Wake? {
        guard let due = [coils?.nextDue, triggerExpiry].compactMap({ $0 }).min() else { return nil }
        return HidrawPadStep.Wake(delay: max(due - now, .zero), generation: generation)
    }

    mutating func wrote(_ step: HidrawPadStep, at time: Duration) {
        guard step.leavesNothingSet else { return }
        touchedMotors = false
        touchedTriggers = []
    }

    /// The changed triggers off and the motors at 0, in one report, and an all-silent report
    /// 0x32 while the voice coils' stream runs (`DualSenseVoiceCoils.silence`); none when
    /// nothing changed.
    var resetReports: [[UInt8]] {
        var reports: [[UInt8]] = []
        if touchedMotors || !touchedTriggers.isEmpty { reports.append(resetReport.bytes(bluetooth: isBluetooth, sequence: sequence)) }
        if coils?.isStreaming == true { reports.append(DualSenseVoiceCoils.silence) }
        return reports
    }

    /// The report for `frame`: each trigger at the locality vibrating with the frame's
    /// character (or back to its set effect on silence), and the motors at the handle
    /// localities where the voice coils do not play them.
    private mutating func frameReport(_ frame: RumbleFrame) -> [UInt8] {
        var report = DualSenseOutputReport()
        let character = FrameCharacter(frame)
        for side in Actuator.Side.allCases where parts.contains(side == .left ? .leftTrigger : .rightTrigger) {
            let block =
                frame.isSilent ? DualSenseTriggerBlock(triggerEffects[side] ?? .off) : DualSenseTriggerBlock(vibrationOf: character)
            if side == .left { report.leftTrigger = block } else { report.rightTrigger = block }
            touchedTriggers.insert(side)
        }
        if coils == nil, let handles = parts.levels(of: frame, left: .leftHandle, right: .rightHandle) {
            report.motors = (Self.byte(handles.left), Self.byte(handles.right))
            touchedMotors = true
        }
        return bytes(report)
    }

    /// The report that resets what was set: the changed triggers off, the motors at 0 if
    /// they were driven, nothing else (no other valid bit).
    private var resetReport: DualSenseOutputReport {
        DualSenseOutputReport(
            motors: touchedMotors ? (0, 0) : nil, rightTrigger: touchedTriggers.contains(.right) ? .off : nil,
            leftTrigger: touchedTriggers.contains(.left) ? .off : nil)
    }

    /// The report's bytes for the bus, under the next sequence number over Bluetooth.
    private mutating func bytes(_ report: DualSenseOutputReport) -> [UInt8] {
        let bytes = report.bytes(bluetooth: isBluetooth, sequence: sequence)
        if isBluetooth { sequence = (sequence + 1) & 0x0F }
        return bytes
    }

    private static func byte(_ level: Double) -> UInt8 {
        UInt8((min(max(level, 0), 1) * 255).rounded())
    }
}
