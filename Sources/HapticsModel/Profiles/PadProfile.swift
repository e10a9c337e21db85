/// What a pad can play, as its kernel driver drives it: a gamepad's counterpart of what
/// Android calls a vibrator's frequency profile.
///
/// The renderer takes one (`RenderSettings.pad`) to shape a track to the pad: levels snapped
/// to the pad's amplitude steps with nothing audible rounded to silence, no pulse shorter
/// than the pad can make felt, a held level re-sent before the pad would drop it, and
/// sharpness spread over the motors the way the pad can express it. The profiles of the pads
/// Haptics knows come from their drivers' sources (`PadProfile.known`); any other rumble
/// device gets `generic`, derived conservatively.
public struct PadProfile: Sendable, Hashable {
    /// The profile's name, as `haptics devices` and `haptics render --pad` write it:
    /// `dualsense`, `dualshock4`, `xbox-bt`, `switch-pro`, `switch-pro-hd`,
    /// `dualsense-voice-coils` or `generic`.
    public var name: String
    /// The pad and the kernel driver the facts come from, e.g. `DualSense (hid-playstation)`.
    public var title: String
    /// What plays the `FF_RUMBLE` effect's strong magnitude.
    public var strongActuator: Actuator
    /// What plays the `FF_RUMBLE` effect's weak magnitude.
    public var weakActuator: Actuator
    /// How the driver turns a magnitude into the steps the pad receives.
    public var steps: AmplitudeSteps
    /// How long the pad holds a level it was sent once, or `nil` when it holds it until told
    /// otherwise (by itself, or because its driver re-sends it).
    public var longestHold: Duration?
    /// How many effects the device holds at once (Haptics uses one).
    public var effectSlots: Int
    /// The shortest pulse that is still felt: an eccentric motor's spin-up, or how often the
    /// driver sends a new level at most.
    public var shortestPulse: Duration
    /// How sharpness is spread over the two motors.
    public var sharpness: SharpnessMapping
    /// What the pad's triggers can do, or `nil` when it has none that play (or they are not
    /// known). The kernel's `FF_RUMBLE` never reaches them.
    public var triggers: TriggerKind?
    /// How long a transient's pulse lasts on this pad, in place of the render settings'
    /// `minimumTransientPulse`; `nil` (every pad driven through evdev) keeps the settings'.
    /// A pad whose actuators follow a short burst (HD Rumble) takes a shorter one: a tap.
    public var transientPulse: Duration?

    /// Creates a profile.
    public init(
        name: String, title: String, strongActuator: Actuator, weakActuator: Actuator, steps: AmplitudeSteps,
        longestHold: Duration?, effectSlots: Int, shortestPulse: Duration, sharpness: SharpnessMapping, triggers: TriggerKind? = nil,
        transientPulse: Duration? = nil
    ) {
        self.name = name
        self.title = title
        self.strongActuator = strongActuator
        self.weakActuator = weakActuator
        self.steps = steps
        self.longestHold = longestHold
        self.effectSlots = effectSlots
        self.shortestPulse = shortestPulse
        self.sharpness = sharpness
        self.triggers = triggers
        self.transientPulse = transientPulse
    }

    /// The parts the kernel's `FF_RUMBLE` reaches: both handles, where the actuators' sides
    /// are known, else none that can be told apart.
    public var rumbleParts: Set<PadPart> {
        strongActuator.side != nil && weakActuator.side != nil ? PadPart.handles : []
    }

    /// Every part the pad has that plays: its handles (where their sides are known) and its
    /// triggers (where they play).
    public var parts: Set<PadPart> {
        rumbleParts.union(triggers == nil ? [] : PadPart.triggers)
    }

    /// How often the renderer re-sends a held level: at most every 2 s (as SDL does) and at
    /// most every half of `longestHold`; `nil` when the pad holds a level until told
    /// otherwise.
    public var resendInterval: Duration? {
        longestHold.map { min($0 / 2, .seconds(2)) }
    }
}
