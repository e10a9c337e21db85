/// What a pad's triggers can do, where they can do anything.
public enum TriggerKind: String, Sendable, Hashable, CaseIterable {
    /// Adaptive triggers (the DualSense's): a motor that sets resistance against the finger
    /// and vibrates the trigger at a chosen amplitude and frequency (`TriggerEffect`).
    case adaptive
    /// A rumble motor in each trigger (the Xbox One and Series pads' "impulse triggers").
    case motors

    /// The vibration frequencies a pattern can choose, in Hz: 10 to 160 Hz on an adaptive
    /// trigger (the slow pulses to the fast buzz its motor follows); `nil` for a rumble motor.
    public var frequencyBand: ClosedRange<Double>? {
        switch self {
        case .adaptive: 10...160
        case .motors: nil
        }
    }

    /// The amplitude steps above silence: an adaptive trigger's eight; `nil` for rumble
    /// motors, which take the pad's own steps.
    public var amplitudeSteps: Int? {
        switch self {
        case .adaptive: 8
        case .motors: nil
        }
    }

    /// The shortest pulse the triggers play, where it is not the pad's: 50 ms for the trigger
    /// motors, whose pad takes a report at most every 50 ms.
    public var shortestPulse: Duration? {
        switch self {
        case .adaptive: nil
        case .motors: .milliseconds(50)
        }
    }
}
