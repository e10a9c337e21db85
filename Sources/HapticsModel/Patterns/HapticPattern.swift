/// What to feel, in device-independent terms: Core Haptics' model, onto which AHAP maps
/// one to one.
public struct HapticPattern: Sendable, Hashable {
    /// The events, in time order.
    public var events: [HapticEvent]
    /// Pattern-wide control curves (intensity and sharpness control), in time order.
    public var curves: [ParameterCurve]

    /// Creates a pattern; events and curves are sorted by time (stable for equal times).
    public init(events: [HapticEvent], curves: [ParameterCurve] = []) {
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.curves = curves.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Seconds from the start to the end of the last event (a transient counts as an instant).
    public var duration: Double {
        events.map { $0.time + $0.duration }.max() ?? 0
    }

    /// The same pattern with every event's intensity multiplied by `scale` (clamped to 0...1),
    /// as `UIImpactFeedbackGenerator.impactOccurred(intensity:)` scales an impact.
    public func scaled(by scale: Double) -> HapticPattern {
        let factor = min(max(scale, 0), 1)
        var copy = self
        for index in copy.events.indices { copy.events[index].intensity *= factor }
        return copy
    }

    /// The value of `control` at `time`, as the renderer applies it: the latest curve of that
    /// control started by then rules (of two starting together, the later one), and before
    /// any has started the control is neutral.
    public func value(of control: ParameterCurve.Control, at time: Double) -> Double {
        curves.last { $0.control == control && $0.time <= time }?.value(at: time) ?? control.neutralValue
    }
}
