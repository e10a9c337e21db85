import HapticsCommandLine

/// Turns a gamepad trigger's pull (0...1) into the demo's gestures: pulling drags the list in
/// proportion, letting the trigger go back to rest lifts the finger.
struct TriggerGesture: Sendable {
    /// How far a fully pulled trigger drags the list, in points: the 54 pt threshold sits at
    /// 60 % of the trigger's travel.
    static let fullPull = 90.0
    /// Below this the trigger counts as at rest (released), so its noise does not drag.
    static let restBelow = 0.03

    private var isPulling = false

    /// The gesture for a new trigger position, or `nil` when nothing changes.
    mutating func input(for fraction: Double) -> DemoInput? {
        guard fraction >= Self.restBelow else {
            defer { isPulling = false }
            return isPulling ? .release : nil
        }
        isPulling = true
        return .drag(to: fraction * Self.fullPull)
    }
}
