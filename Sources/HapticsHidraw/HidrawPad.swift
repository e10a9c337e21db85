import HapticsModel
import Synchronization

/// One opened pad and what the driver set on it: the reports its frames, stops and resets
/// become, as pure functions of that state (the driver writes them).
struct HidrawPad: Sendable {
    /// The pad.
    let info: HidrawPadInfo
    /// Its open hidraw node.
    let fd: Int32
    /// The parts the driver plays on it.
    let parts: Set<PadPart>
    /// A number no other pad opened by this process has.
    let serial: Int
    /// Its guardian, where one could be forked.
    var guardian: HidrawGuardian?
    /// The reset reports the guardian holds, or `nil` while it is disarmed.
    var armedResets: [[UInt8]]?

    /// The Bluetooth DualSense's sequence number, or the Switch's packet counter: 0...15.
    var counter: UInt8 = 0
    /// The trigger effects `setTriggerEffect` set, which a silent frame returns the trigger to.
    var triggerEffects: [Actuator.Side: TriggerEffect] = [:]
    /// The DualSense triggers the driver changed.
    var touchedTriggers: Set<Actuator.Side> = []
    /// Whether the driver sent motor or actuator levels.
    var touchedMotors = false

    /// The Switch's report being kept fed, and until when (on the system's clock).
    var feeding: (report: SwitchRumbleReport, until: Duration)?
    /// Counts the frames that start a timer (the Switch's feeds, the DualSense's ends), so a
    /// timer of an earlier frame does nothing.
    var feedGeneration = 0

    /// When the Xbox's last report went out.
    var lastXboxReport: Duration?
    /// The Xbox report waiting for the 50 ms to pass.
    var pendingXboxReport: XboxRumbleReport?

    /// How often the Switch's sounding levels are re-sent: hid-nintendo's own 50 ms.
    static let switchFeedInterval = Duration.milliseconds(50)
    /// How long after a DualSense frame's end the driver silences it when no newer frame came.
    static let expiryGuard = Duration.milliseconds(50)
    /// The least time between two Xbox reports.
    static let xboxSpacing = Duration.milliseconds(50)

    init(info: HidrawPadInfo, fd: Int32, parts: Set<PadPart>) {
        self.info = info
        self.fd = fd
        self.parts = parts
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// The last serial handed out.
    private static let serials = Atomic<Int>(0)

    // MARK: - Levels per part

    /// The levels of the left and the right part among `pair` (two handles or two triggers)
    /// for `frame`: strong left and weak right where the locality has both, the frame's
    /// amplitude on the one it has, nothing where it has none.
    private func levels(_ frame: RumbleFrame, left: PadPart, right: PadPart) -> (left: Double, right: Double)? {
        switch (parts.contains(left), parts.contains(right)) {
        case (true, true): (frame.scaledStrong, frame.scaledWeak)
        case (true, false): (max(frame.scaledStrong, frame.scaledWeak), 0)
        case (false, true): (0, max(frame.scaledStrong, frame.scaledWeak))
        case (false, false): nil
        }
    }

    // MARK: - DualSense

    /// The DualSense report for `frame`: each trigger at the locality vibrating with the
    /// frame's character (or back to its set effect on silence), and the motors at the handle
    /// localities (strong left, weak right, as the kernel's driver sends them).
    mutating func dualSenseReport(_ frame: RumbleFrame) -> [UInt8] {
        var report = DualSenseOutputReport()
        let character = FrameCharacter(frame)
        for side in Actuator.Side.allCases where parts.contains(side == .left ? .leftTrigger : .rightTrigger) {
            let block =
                frame.isSilent ? DualSenseTriggerBlock(triggerEffects[side] ?? .off) : DualSenseTriggerBlock(vibrationOf: character)
            if side == .left { report.leftTrigger = block } else { report.rightTrigger = block }
            touchedTriggers.insert(side)
        }
        if let handles = levels(frame, left: .leftHandle, right: .rightHandle) {
            report.motors = (Self.byte(handles.left), Self.byte(handles.right))
            touchedMotors = true
        }
        return dualSenseBytes(report)
    }

    /// The DualSense report that sets the trigger on `side` to `effect`.
    mutating func triggerReport(_ effect: TriggerEffect, on side: Actuator.Side) -> [UInt8] {
        triggerEffects[side] = effect
        touchedTriggers.insert(side)
        let block = DualSenseTriggerBlock(effect)
        return dualSenseBytes(
            side == .left ? DualSenseOutputReport(leftTrigger: block) : DualSenseOutputReport(rightTrigger: block))
    }

    /// The DualSense report that resets what the driver set: the triggers it changed off, the
    /// motors at 0 if it drove them, nothing else (no other valid bit).
    func dualSenseReset() -> DualSenseOutputReport {
        DualSenseOutputReport(
            motors: touchedMotors ? (0, 0) : nil, rightTrigger: touchedTriggers.contains(.right) ? .off : nil,
            leftTrigger: touchedTriggers.contains(.left) ? .off : nil)
    }

    private mutating func dualSenseBytes(_ report: DualSenseOutputReport) -> [UInt8] {
        let bytes = report.bytes(bluetooth: info.isBluetooth, sequence: counter)
        if info.isBluetooth { counter = (counter + 1) & 0x0F }
        return bytes
    }

    private static func byte(_ level: Double) -> UInt8 {
        UInt8((min(max(level, 0), 1) * 255).rounded())
    }

    // MARK: - Switch Pro

    /// The Switch report for `frame`: the frame's HD Rumble on each handle at the locality,
    /// silence on the other.
    mutating func switchReport(_ frame: RumbleFrame) -> SwitchRumbleReport {
        let rumble = SwitchHDRumble(frame)
        if !frame.isSilent { touchedMotors = true }
        return nextSwitchReport(
            left: parts.contains(.leftHandle) ? rumble : .silence, right: parts.contains(.rightHandle) ? rumble : .silence)
    }

    /// The same levels under the next packet counter.
    mutating func nextSwitchReport(left: SwitchHDRumble, right: SwitchHDRumble) -> SwitchRumbleReport {
        let report = SwitchRumbleReport(counter: counter, left: left, right: right)
        counter = (counter + 1) & 0x0F
        return report
    }

    // MARK: - Xbox

    /// The Xbox report for `frame`: the handles and triggers at the locality, every other
    /// motor at 0, for the frame's length (at most 2.55 s); silence for a silent frame.
    mutating func xboxReport(_ frame: RumbleFrame) -> XboxRumbleReport {
        guard !frame.isSilent else { return .silence }
        touchedMotors = true
        let handles = levels(frame, left: .leftHandle, right: .rightHandle) ?? (0, 0)
        let triggers = levels(frame, left: .leftTrigger, right: .rightTrigger) ?? (0, 0)
        return XboxRumbleReport(
            leftTrigger: XboxRumbleReport.magnitude(triggers.left), rightTrigger: XboxRumbleReport.magnitude(triggers.right),
            leftHandle: XboxRumbleReport.magnitude(handles.left), rightHandle: XboxRumbleReport.magnitude(handles.right),
            duration10ms: XboxRumbleReport.units(frame.duration))
    }

    // MARK: - Resets

    /// The reports that reset what the driver set, for the guardian (and `close`): the
    /// DualSense's changed triggers off and motors at 0; three Switch silences; the Xbox's
    /// four motors at 0. Empty when nothing needs a reset.
    func resetReports() -> [[UInt8]] {
        switch info.model {
        case .dualSense:
            guard touchedMotors || !touchedTriggers.isEmpty else { return [] }
            return [dualSenseReset().bytes(bluetooth: info.isBluetooth, sequence: counter)]
        case .switchPro:
            guard touchedMotors else { return [] }
            return (0..<3).map { SwitchRumbleReport(counter: counter &+ UInt8($0), left: .silence, right: .silence).bytes }
        case .xboxBluetooth:
            guard touchedMotors else { return [] }
            return [XboxRumbleReport.silence.bytes]
        }
    }
}
