import CEvdev
import HapticsModel

/// How a frame becomes a kernel force-feedback effect.
///
/// Every effect has a finite length: the frame's duration plus `guardTime`, at least 1 ms
/// and at most 32767 ms, so a motor stops by itself even if the process hangs before the next
/// frame. The guard covers a late wake-up so motors do not gap between frames.
enum RumbleEffect {
    /// Added to each frame's duration in the effect's replay length.
    static let guardTime = Duration.milliseconds(50)
    /// The longest replay length the kernel's 16-bit field takes safely.
    static let maximumLength: UInt16 = 32767
    /// The period of the sine used on periodic-only devices.
    static let periodicPeriod: UInt16 = 20

    /// A level 0...1 as a rumble magnitude 0...0xFFFF.
    static func magnitude(_ level: Double) -> UInt16 {
        UInt16((min(max(level, 0), 1) * 65535).rounded())
    }

    /// The replay length for a frame lasting `duration`, in whole milliseconds rounded up.
    /// Reckoned in attoseconds, and divided in 64 bits where the sum fits (frames under 9 s),
    /// since this runs on every frame (see `HapticEngine`'s player on a frame's cost).
    static func replayLength(for duration: Duration) -> UInt16 {
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let total = duration.attoseconds + guardTime.attoseconds + Int128(perMillisecond - 1)
        let milliseconds = Int64(exactly: total).map { Int128($0 / perMillisecond) } ?? total / Int128(perMillisecond)
        return UInt16(min(max(milliseconds, 1), Int128(maximumLength)))
    }

    /// A level 0...1 as a rumble magnitude that `steps` does not turn into silence: the
    /// magnitude of `magnitude(_:)`, raised to the smallest that reaches the first step when
    /// the driver would round a level above zero to nothing.
    static func magnitude(_ level: Double, on steps: AmplitudeSteps) -> UInt16 {
        let plain = magnitude(level)
        guard level > 0, steps.step(forMagnitude: plain) == 0 else { return plain }
        return steps.magnitude(forStep: 1)
    }

    /// An `FF_RUMBLE` effect with the given id (-1 to allocate a slot), for a device whose
    /// driver has the amplitude steps `steps`.
    static func rumble(strong: Double, weak: Double, duration: Duration, id: Int16, steps: AmplitudeSteps = .magnitude) -> ff_effect {
        var effect = ff_effect()
        effect.type = UInt16(FF_RUMBLE)
        effect.id = id
        effect.replay.length = replayLength(for: duration)
        effect.u.rumble.strong_magnitude = magnitude(strong, on: steps)
        effect.u.rumble.weak_magnitude = magnitude(weak, on: steps)
        return effect
    }

    /// An `FF_PERIODIC` sine for devices without rumble: its magnitude is the stronger motor's
    /// level, as the kernel's memless helper folds periodic effects into both motors.
    static func periodic(strong: Double, weak: Double, duration: Duration, id: Int16) -> ff_effect {
        var effect = ff_effect()
        effect.type = UInt16(FF_PERIODIC)
        effect.id = id
        effect.replay.length = replayLength(for: duration)
        effect.u.periodic.waveform = UInt16(FF_SINE)
        effect.u.periodic.period = periodicPeriod
        effect.u.periodic.magnitude = Int16(magnitude(max(strong, weak)) / 2)
        return effect
    }

    /// An `FF_HAPTIC` effect (a haptic touchpad's waveform at `intensity` percent) with the
    /// given id (-1 to allocate a slot), lasting as a rumble frame of `duration` does.
    static func haptic(_ waveform: HapticWaveform, intensity: UInt16, duration: Duration, id: Int16) -> ff_effect {
        var effect = ff_effect()
        effect.type = UInt16(HAPTICS_FF_HAPTIC)
        effect.id = id
        effect.replay.length = replayLength(for: duration)
        var haptic = haptics_ff_haptic_effect()
        haptic.hid_usage = waveform.rawValue
        haptic.intensity = intensity
        haptics_set_haptic(&effect, haptic)
        return effect
    }
}
