/// Something that pulls the demo's list as a trigger does (`GamepadPullReader`): from
/// `start(_:)` on, it hands each change of the pull, 0 (at rest) to 1 (fully pulled), to the
/// handler on a thread of its own, as it reads it.
protocol PullSource: Sendable {
    /// Starts reading, handing each pull to `onPull`.
    func start(_ onPull: @escaping @Sendable (Double) -> Void)
}
