/// What each actuator of a pad can play, on the path that drives it: Android's vibrator
/// frequency profile and Core Haptics' capabilities, for a gamepad.
///
/// Derived from the profile the path renders with (`switch-pro` through the kernel,
/// `switch-pro-hd` through hidraw), one entry per part in `PadPart` order:
/// - each handle's actuator (its side's locality; one `handles` entry when the sides are not
///   known), with its kind, the band its path sets (`Actuator.frequencyBand`), the profile's
///   amplitude steps and shortest pulse;
/// - each trigger, where the pad's triggers play (`TriggerKind`): an adaptive trigger is a
///   `trigger` with its own band and steps, a trigger motor an `eccentric` one on the
///   profile's steps; both with the trigger's shortest pulse where it has one.
public struct PadLimits: Sendable, Hashable {
    /// The actuators, handles first, left before right.
    public var actuators: [ActuatorLimits]

    /// Creates limits from a list of actuators.
    public init(actuators: [ActuatorLimits]) {
        self.actuators = actuators
    }

    /// The limits of a pad played with `profile`.
    public init(profile: PadProfile) {
        let steps = profile.steps.topStep
        let handles = [profile.strongActuator, profile.weakActuator].sorted { $0.side == .left && $1.side != .left }
        var actuators: [ActuatorLimits] = []
        if handles.allSatisfy({ $0.side != nil }) {
            actuators = handles.map { actuator in
                ActuatorLimits(
                    locality: actuator.side == .left ? .leftHandle : .rightHandle, kind: ActuatorLimits.Kind(actuator.kind),
                    frequencyBand: actuator.frequencyBand, amplitudeSteps: steps, shortestPulse: profile.shortestPulse)
            }
        } else {
            actuators = [
                ActuatorLimits(
                    locality: .handles, kind: ActuatorLimits.Kind(profile.strongActuator.kind),
                    frequencyBand: profile.strongActuator.frequencyBand, amplitudeSteps: steps, shortestPulse: profile.shortestPulse)
            ]
        }
        if let triggers = profile.triggers {
            for locality in [Locality.leftTrigger, .rightTrigger] {
                actuators.append(
                    ActuatorLimits(
                        locality: locality, kind: triggers == .adaptive ? .trigger : .eccentric, frequencyBand: triggers.frequencyBand,
                        amplitudeSteps: triggers.amplitudeSteps ?? steps, shortestPulse: triggers.shortestPulse ?? profile.shortestPulse))
            }
        }
        self.actuators = actuators
    }

    /// A haptic touchpad (`FF_HAPTIC`): the whole pad, its waveforms' intensity in percent, a
    /// click for the shortest pulse, as long as the render settings' transient pulse.
    public static let touchpad = PadLimits(actuators: [
        ActuatorLimits(
            locality: .all, kind: .touchpad, frequencyBand: nil, amplitudeSteps: 100,
            shortestPulse: RenderSettings().minimumTransientPulse)
    ])

    /// The actuators that play at `locality`: those whose locality is one of its parts (or
    /// all of them for `all`), and a `handles` entry for any handle locality.
    public func actuators(at locality: Locality) -> [ActuatorLimits] {
        actuators.filter { actuator in
            locality == .all || actuator.locality == .all || !actuator.locality.parts.isDisjoint(with: locality.parts)
        }
    }
}
