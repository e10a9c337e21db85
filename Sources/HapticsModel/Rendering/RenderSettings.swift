import HapticsPlatform

/// The documented choices the renderer makes when it turns a pattern into motor levels.
public struct RenderSettings: Sendable, Hashable {
    /// How sharpness divides an event's amplitude between the two motors.
    ///
    /// Sharpness below `crossover` drives the strong (low-frequency) motor fully and the weak
    /// motor in proportion; above it, the reverse. At the crossover both run fully:
    /// `strong = min(1, (1 − s) / (1 − crossover))`, `weak = min(1, s / crossover)`.
    public struct MotorSplit: Sendable, Hashable {
        /// The sharpness at which both motors run at the event's full amplitude, in (0, 1).
        public var crossover: Double

        /// Creates a split; the default crossover 0.5 treats both motors alike at medium
        /// sharpness.
        public init(crossover: Double = 0.5) {
            self.crossover = min(max(crossover, 0.01), 0.99)
        }

        /// The strong motor's share of the amplitude at sharpness `s`.
        public func strongShare(_ s: Double) -> Double { min(1, (1 - s) / (1 - crossover)) }
        /// The weak motor's share of the amplitude at sharpness `s`.
        public func weakShare(_ s: Double) -> Double { min(1, s / crossover) }
    }

    /// How an intensity (0...1, perceptual, as AHAP writes it) becomes a motor amplitude.
    ///
    /// `amplitude = intensity ^ exponent`. The default exponent 2 maps the intensities
    /// people give UIKit's impact styles (light 0.4, medium 0.7, heavy 1.0) onto the
    /// amplitudes Nice Vibrations plays on gamepads for them (0.16, 0.49, 1.0).
    public struct IntensityResponse: Sendable, Hashable {
        /// The power applied to intensity; 1 is linear.
        public var exponent: Double

        /// Creates a response curve with the given exponent (at least 0.1).
        public init(exponent: Double = 2) {
            self.exponent = max(exponent, 0.1)
        }

        /// The amplitude for an intensity.
        public func amplitude(for intensity: Double) -> Double {
            intensity <= 0 ? 0 : power(intensity, exponent)
        }
    }

    /// The length of one frame before merging. Devices cannot follow much faster than about
    /// 10 ms; the default is 10 ms.
    public var step: Duration
    /// How sharpness divides amplitude between the motors.
    public var split: MotorSplit
    /// How long a transient's pulse lasts, rounded up to whole steps: long enough for an
    /// eccentric-mass motor to spin up. The default is 40 ms.
    public var minimumTransientPulse: Duration
    /// How intensity becomes amplitude.
    public var response: IntensityResponse
    /// The pad the track is shaped for, or `nil` for none: levels exact, as the kernel's
    /// 16-bit magnitudes carry them. See `Renderer` for what a pad changes.
    public var pad: PadProfile?

    /// Creates settings; a step under 1 ms is raised to 1 ms.
    public init(
        step: Duration = .milliseconds(10),
        split: MotorSplit = MotorSplit(),
        minimumTransientPulse: Duration = .milliseconds(40),
        response: IntensityResponse = IntensityResponse(),
        pad: PadProfile? = nil
    ) {
        self.step = max(step, .milliseconds(1))
        self.split = split
        self.minimumTransientPulse = minimumTransientPulse
        self.response = response
        self.pad = pad
    }

    /// How long a transient's pulse lasts before rounding to steps: the pad's own
    /// `transientPulse` where it has one, else `minimumTransientPulse`, or the pad's shortest
    /// felt pulse when that is longer.
    public var transientPulse: Duration {
        if let pulse = pad?.transientPulse { return pulse }
        return max(minimumTransientPulse, pad?.shortestPulse ?? .zero)
    }

    /// The shares of an event's amplitude the strong and the weak motor get at sharpness `s`:
    /// the pad's sharpness mapping, or `split` without a pad.
    public func shares(_ s: Double) -> (strong: Double, weak: Double) {
        (pad?.sharpness ?? .split).shares(s, split: split)
    }
}
