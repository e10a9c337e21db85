public import Haptics
import Synchronization

/// A `HapticFeedback` stand-in that records every call, in order, for tests of code that
/// depends only on `HapticFeedback` (a control, a state machine such as `PullToRefresh`'s).
/// It plays nothing: each call hands back a playback that has already completed.
///
/// ```swift
/// let feedback = RecordingFeedback()
/// feedback.impact(.light, intensity: 1)
/// #expect(feedback.calls == [.impact(.light, intensity: 1)])
/// ```
public final class RecordingFeedback: HapticFeedback {
    /// One call the feedback received.
    public enum Call: Hashable, Sendable {
        /// `prepare()`.
        case prepare
        /// `impact(_:intensity:)`.
        case impact(ImpactStyle, intensity: Double)
        /// `notify(_:)`.
        case notification(NotificationType)
        /// `selection()`.
        case selection
        /// `play(_:repetition:)`.
        case pattern(HapticPattern, Repetition)
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

    /// The styles of the impacts received, in order.
    public var impactStyles: [ImpactStyle] {
        calls.compactMap { call in
            if case .impact(let style, _) = call { style } else { nil }
        }
    }

    /// Forgets everything recorded so far.
    public func reset() {
        recorded.withLock { $0.removeAll() }
    }

    /// Records the call.
    public func prepare() {
        recorded.withLock { $0.append(.prepare) }
    }

    /// Records the impact.
    @discardableResult
    public func impact(_ style: ImpactStyle, intensity: Double) -> PlaybackHandle {
        record(.impact(style, intensity: intensity))
    }

    /// Records the notification.
    @discardableResult
    public func notify(_ type: NotificationType) -> PlaybackHandle {
        record(.notification(type))
    }

    /// Records the selection tick.
    @discardableResult
    public func selection() -> PlaybackHandle {
        record(.selection)
    }

    /// Records the pattern.
    @discardableResult
    public func play(_ pattern: HapticPattern, repetition: Repetition) -> PlaybackHandle {
        record(.pattern(pattern, repetition))
    }

    /// A playback that records its calls here, in order with the others.
    public func makeAdvancedPlayback(for pattern: HapticPattern) -> any AdvancedPlayback {
        RecordingPlayback(pattern: pattern) { [weak self] call in self?.recorded.withLock { $0.append(call) } }
    }

    private func record(_ call: Call) -> PlaybackHandle {
        recorded.withLock { $0.append(call) }
        return .ended(.completed)
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
