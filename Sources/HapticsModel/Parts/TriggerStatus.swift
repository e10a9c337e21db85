/// What an adaptive trigger reports back, as Apple's `GCDualSenseAdaptiveTrigger` offers it
/// (`status`, `armPosition`), with the trigger's own position and the mode the pad says it
/// runs.
///
/// Positions run along the travel, 0 at rest and 1 fully pulled, as `TriggerEffect`'s do.
public struct TriggerStatus: Sendable, Hashable {
    /// What the effect is doing.
    public var state: TriggerState
    /// Where the trigger's stepped mechanical arm stands (the effect's stop), 0...1: not the
    /// finger's position but the motor's, in the pad's ten steps.
    public var armPosition: Double
    /// How far the finger has pulled the trigger, 0...1 (the trigger's analog value).
    public var position: Double
    /// The kind of effect the pad says it runs: `off`, `feedback`, `weapon` or `vibration`
    /// (a slope or positional mode runs as the kind it is sent as), or `nil` when the pad
    /// names one of its own.
    public var mode: TriggerMode?

    /// A trigger's status.
    public init(state: TriggerState, armPosition: Double, position: Double, mode: TriggerMode?) {
        self.state = state
        self.armPosition = armPosition
        self.position = position
        self.mode = mode
    }

    /// The status read as that of `effect`, the effect the trigger was set to: the pad runs a
    /// slope as zone feedback and reports it as feedback, so under `slopeFeedback` feedback's
    /// no load reads as `slopeFeedbackReady`, and its load as `slopeFeedbackApplyingLoad`
    /// before the slope's end and `slopeFeedbackFinished` from the end on (the trigger
    /// pulled to `end` or past it, where the end strength holds). Any other status, or effect,
    /// reads as it is.
    public func reading(as effect: TriggerEffect) -> TriggerStatus {
        guard case .slopeFeedback(_, let end, _, _) = effect else { return self }
        var status = self
        switch state {
        case .feedbackNoLoad: status.state = .slopeFeedbackReady
        case .feedbackLoadApplied: status.state = position >= end ? .slopeFeedbackFinished : .slopeFeedbackApplyingLoad
        default: break
        }
        return status
    }
}
