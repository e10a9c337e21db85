public import HapticsModel

/// How the frames a gamepad would play become a haptic touchpad's waveforms: a pure mapping,
/// fed one frame at a time in order, that the evdev driver follows for `FF_HAPTIC` devices.
///
/// A touchpad clicks; it has no motor whose level follows a curve. So:
/// - a pulse (non-silent frames between silences) that ends within `tapSpan` of its start is a
///   tap: it plays as one click at its first frame's level in percent (the stronger motor's
///   level times the gain, at least 1 %): an impact's style and intensity, a selection's
///   tick, each beat of a notification;
/// - the frames of a pulse that end later than `tapSpan` after its start are a continuous
///   event: they play as the pad's continuous waveform (`continuous`) at each frame's level,
///   re-sent on every frame (each upload lasts its frame, as a rumble does), stopped at the
///   next silence; a pulse whose first frame is already that long starts with it instead of
///   a click. On a pad that lists no continuous waveform the pulse keeps its click and the
///   rest is left out, which the mapping says once (`Step.leftOut`).
public struct TouchpadWaveforms: Sendable, Hashable {
    /// What the driver does, in order, for one frame.
    public enum Step: Sendable, Hashable {
        /// Upload `waveform` at `intensity` percent, lasting `duration`, and play it.
        case play(HapticWaveform, intensity: UInt16, duration: Duration)
        /// Stop the continuous waveform playing.
        case stop
        /// A continuous part the pad cannot play is left out (said once per mapping).
        case leftOut
    }

    /// How long a pulse may last and still be one click: longer than every impact preset
    /// (the heaviest, `heavy`, lasts 160 ms) and than a beat of Haptica's strings (100 ms).
    public static let tapSpan = Duration.milliseconds(200)

    /// The pad's continuous waveform, or `nil` when it lists none.
    public let continuous: HapticWaveform?
    private var pulseStart: Duration?
    private var isPlayingContinuous = false
    private var hasLeftOut = false

    /// A mapping for a pad whose continuous waveform is `continuous` (`nil`: none).
    public init(continuous: HapticWaveform?) {
        self.continuous = continuous
    }

    /// An intensity in percent for a frame: the stronger motor's level times the gain,
    /// rounded, at least 1 for a frame that is not silent.
    public static func intensity(of frame: RumbleFrame) -> UInt16 {
        guard !frame.isSilent else { return 0 }
        return UInt16(max(1, (max(frame.scaledStrong, frame.scaledWeak) * 100).rounded()))
    }

    /// The steps for the next frame, in order (none: the pad goes on as it is).
    public mutating func next(_ frame: RumbleFrame) -> [Step] {
        guard !frame.isSilent else { return end() }
        let intensity = Self.intensity(of: frame)
        let isOnset = pulseStart == nil
        let start = pulseStart ?? frame.start
        pulseStart = start
        let isContinuous = frame.end - start > Self.tapSpan
        let click = Step.play(.click, intensity: intensity, duration: frame.duration)
        guard isContinuous else { return isOnset ? [click] : [] }
        if let continuous {
            isPlayingContinuous = true
            return [.play(continuous, intensity: intensity, duration: frame.duration)]
        }
        let rest: [Step] = hasLeftOut ? [] : [.leftOut]
        hasLeftOut = true
        return isOnset ? [click] + rest : rest
    }

    /// Ends the pulse playing (a silence, or the driver stopping): a stop when a continuous
    /// waveform plays.
    public mutating func end() -> [Step] {
        pulseStart = nil
        guard isPlayingContinuous else { return [] }
        isPlayingContinuous = false
        return [.stop]
    }
}
