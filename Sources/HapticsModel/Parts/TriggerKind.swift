/// What a pad's triggers can do, where they can do anything.
public enum TriggerKind: String, Sendable, Hashable, CaseIterable {
    /// Adaptive triggers (the DualSense's): a motor that sets resistance against the finger
    /// and vibrates the trigger at a chosen amplitude and frequency (`TriggerEffect`).
    case adaptive
    /// A rumble motor in each trigger (the Xbox One and Series pads' "impulse triggers").
    case motors
}
