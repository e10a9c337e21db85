import HapticsModel

/// Plays frames on one handle of a pad through a driver that drives both motors (evdev's
/// `FF_RUMBLE`): the frame's amplitude, the larger of its two levels, on the motor on that
/// side, and the other motor silent.
struct HandleDriver: HapticDriver {
    /// The driver of both motors.
    let base: any HapticDriver
    /// Whether the handle played is the strong motor's (else the weak one's), as the pad's
    /// profile places its actuators.
    let isStrong: Bool

    /// Prepares the base driver.
    func prepare() throws {
        try base.prepare()
    }

    /// Applies the frame with its amplitude on one motor and nothing on the other.
    func apply(_ frame: RumbleFrame) throws {
        var played = frame
        let amplitude = max(frame.strong, frame.weak)
        played.strong = isStrong ? amplitude : 0
        played.weak = isStrong ? 0 : amplitude
        try base.apply(played)
    }

    /// Stops the base driver.
    func stop() throws {
        try base.stop()
    }

    /// Closes the base driver.
    func close() {
        base.close()
    }
}
