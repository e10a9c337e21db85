package import HapticsModel

/// How a frame plays at a locality on a driver that only has the two rumble levels (evdev, the
/// terminal, a recording): a handle locality puts the frame on that handle's motor alone.
///
/// Every known profile has the strong motor on the left and the weak one on the right, so
/// `left-handle` sends the frame's amplitude (the larger of its levels, as `FrameCharacter`
/// reads it) as the strong level and 0 as the weak one, and `right-handle` the reverse. Every
/// other locality passes the frame unchanged: `all` and `handles` play both motors; a line
/// driver (the terminal, a recording) shows what a trigger locality's triggers play through
/// `TriggerLineDriver` instead.
package struct HandleRouting: Sendable, Hashable {
    /// The locality the frames are routed for.
    package let locality: Locality

    /// Creates the routing for `locality`.
    package init(_ locality: Locality) {
        self.locality = locality
    }

    /// Whether the routing changes frames: only for one handle.
    package var changesFrames: Bool { locality == .leftHandle || locality == .rightHandle }

    /// `frame` as it plays at the locality; its timing and gain unchanged.
    package func route(_ frame: RumbleFrame) -> RumbleFrame {
        let amplitude = max(frame.strong, frame.weak)
        switch locality {
        case .leftHandle:
            return RumbleFrame(start: frame.start, duration: frame.duration, strong: amplitude, weak: 0, gain: frame.gain)
        case .rightHandle:
            return RumbleFrame(start: frame.start, duration: frame.duration, strong: 0, weak: amplitude, gain: frame.gain)
        case .all, .handles, .triggers, .leftTrigger, .rightTrigger, .trackpads, .leftTrackpad, .rightTrackpad:
            return frame
        }
    }
}
