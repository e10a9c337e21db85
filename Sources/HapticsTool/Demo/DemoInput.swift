import HapticsCommandLine

/// One thing the person at the demo does, whatever the device: the demo consumes a stream of
/// these, so another input source (a gamepad's trigger, say) can be plugged in beside the keys.
enum DemoInput: Sendable, Hashable {
    /// The finger, down, pulls the list `step` points further.
    case pull(step: Double)
    /// The finger, down, pushes the list `step` points back up.
    case push(step: Double)
    /// The finger, down, holds the list pulled `offset` points (an analog trigger).
    case drag(to: Double)
    /// The finger is lifted.
    case release
    /// Leave the demo.
    case quit
}
