public import HapticsModel

/// A haptic output together with the configuration that decides which cues it receives.
public struct RefreshFeedback: Sendable {
    /// Where the cues go, for example a `HapticEngine`.
    public let output: any HapticFeedback
    /// Which cues fire, and the hysteresis the component uses while this feedback is in effect.
    public let configuration: RefreshFeedbackConfiguration

    /// Pairs an output with a configuration (by default a light impact on entering `pulling`).
    public init(_ output: any HapticFeedback, configuration: RefreshFeedbackConfiguration = RefreshFeedbackConfiguration()) {
        self.output = output
        self.configuration = configuration
    }
}
