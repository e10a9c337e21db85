public import HapticsModel
import Synchronization

/// A `HapticFeedback` stand-in that records every intent it is given, as a value, in order,
/// for tests of code that depends only on `HapticFeedback` (a control, a state machine such
/// as `PullToRefresh`'s). It plays nothing: each intent hands back a playback that has
/// already completed.
///
/// The conveniences (`impact`, `notify`, `selection`, `play`, `prepare`) arrive as the
/// `FeedbackIntent` they make, and the calls on an advanced playback (which are not intents:
/// they shape a playback already made) as calls of their own.
///
/// ```swift
/// let feedback = RecordingFeedback()
/// feedback.impact(.light, intensity: 1)
/// #expect(feedback.intents == [.impact(.light, intensity: 1)])
/// ```
public final class RecordingFeedback: HapticFeedback {
    /// One call the feedback received.
    public enum Call: Hashable, Sendable {
        /// `perform(_:)`, directly or through a convenience: the intent.
        case intent(FeedbackIntent)
        /// `makeAdvancedPlayback(for:)`, then `start(atTime:)` on what it returned.
        case playbackStarted(HapticPattern, atTime: Double)
        /// `sendParameters(_:atTime:)` on an advanced playback.
        case parameters([DynamicParameter], atTime: Double)
        /// `stop(atTime:)` on an advanced playback.
        case playbackStopped(atTime: Double)
    }

    private let recorded = Mutex<[Call]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Every call received, in order.
    public var calls: [Call] {
        recorded.withLock { $0 }
    }

    /// The intents received, in order: every call but those on advanced playbacks.
    public var intents: [FeedbackIntent] {
        calls.compactMap { call in
            if case .intent(let intent) = call { intent } else { nil }
        }
    }

    /// The styles of the impacts received, in order.
    public var impactStyles: [ImpactStyle] {
        intents.compactMap { intent in
            if case .impact(let style, _) = intent { style } else { nil }
        }
    }

    /// Forgets everything recorded so far.
    public func reset() {
        recorded.withLock { $0.removeAll() }
    }

    /// Records the intent; hands back a playback that has already completed (`nil` for
    /// `.prepare`).
    @discardableResult
    public func perform(_ intent: FeedbackIntent) -> PlaybackHandle? {
        recorded.withLock { $0.append(.intent(intent)) }
        return intent == .prepare ? nil : .ended(.completed)
    }

    /// A playback that records its calls here, in order with the others.
    public func makeAdvancedPlayback(for pattern: HapticPattern) -> any AdvancedPlayback {
        RecordingPlayback(pattern: pattern) { [weak self] call in self?.recorded.withLock { $0.append(call) } }
    }

    /// The advanced playback `RecordingFeedback` hands out: it plays nothing and records.
    private final class RecordingPlayback: AdvancedPlayback {
        let pattern: HapticPattern
        let record: @Sendable (Call) -> Void

        init(pattern: HapticPattern, record: @escaping @Sendable (Call) -> Void) {
            self.pattern = pattern
            self.record = record
        }

        func start(atTime time: Double) {
            record(.playbackStarted(pattern, atTime: time))
        }

        func stop(atTime time: Double) {
            record(.playbackStopped(atTime: time))
        }

        func sendParameters(_ parameters: [DynamicParameter], atTime time: Double) {
            record(.parameters(parameters, atTime: time))
        }
    }
}
