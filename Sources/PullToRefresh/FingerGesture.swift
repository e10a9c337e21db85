/// Turns where the finger holds the list (an offset, the finger down or up) into MJRefresh's
/// inputs, the one rule every source of gestures follows: trace files, the demo's keys, a
/// gamepad's trigger.
///
/// - While the finger is down, each sample is a `drag` to its offset.
/// - When the finger lifts, a `release` comes first, then the list moves on its own.
/// - While the finger is up, each sample is a `scroll` (the list moving by itself: springing back,
///   or held at the header while it refreshes).
public struct FingerGesture: Sendable, Hashable {
    /// Whether the finger is on the list: from a sample with the finger down until it lifts.
    public private(set) var isFingerDown = false

    /// A gesture with the finger up.
    public init() {}

    /// The inputs for a sample: the list at `offset` points, the finger down or not.
    public mutating func inputs(offset: Double, fingerDown: Bool) -> [RefreshInput] {
        guard !fingerDown else {
            isFingerDown = true
            return [.drag(offset: offset)]
        }
        return lift() + [.scroll(offset: offset)]
    }

    /// The finger lifts where it is: a `release` when it was down, nothing otherwise.
    public mutating func lift() -> [RefreshInput] {
        defer { isFingerDown = false }
        return isFingerDown ? [.release] : []
    }
}
