/// What a device node says about itself: identity and force-feedback abilities.
public struct DeviceCapabilities: Sendable, Hashable {
    /// The device's name, e.g. "Sony Interactive Entertainment DualSense Wireless Controller".
    public var name: String
    /// The USB or Bluetooth vendor id.
    public var vendor: UInt16
    /// The product id.
    public var product: UInt16
    /// The bus (`BUS_USB` 3, `BUS_BLUETOOTH` 5, `BUS_VIRTUAL` 6, ...).
    public var bus: UInt16
    /// Whether the device plays `FF_RUMBLE` (two motors).
    public var hasRumble: Bool
    /// Whether the device plays `FF_PERIODIC` (phone vibrators, some wheels).
    public var hasPeriodic: Bool
    /// Whether the device takes a master gain (`FF_GAIN`).
    public var hasGain: Bool
    /// Whether it has gamepad or joystick buttons.
    public var isGamepad: Bool
    /// How many effects it can hold at once.
    public var effectSlots: Int

    /// Creates a description.
    public init(
        name: String, vendor: UInt16, product: UInt16, bus: UInt16, hasRumble: Bool,
        hasPeriodic: Bool, hasGain: Bool, isGamepad: Bool, effectSlots: Int
    ) {
        self.name = name
        self.vendor = vendor
        self.product = product
        self.bus = bus
        self.hasRumble = hasRumble
        self.hasPeriodic = hasPeriodic
        self.hasGain = hasGain
        self.isGamepad = isGamepad
        self.effectSlots = effectSlots
    }

    /// Whether Haptics can vibrate it: rumble, or at least periodic effects.
    public var canVibrate: Bool { (hasRumble || hasPeriodic) && effectSlots > 0 }

    /// Whether it is driven with `FF_PERIODIC` rather than `FF_RUMBLE`: devices that take
    /// periodic effects and are not gamepads (phone vibrators, haptic actuators). The kernel
    /// advertises `FF_RUMBLE` on every periodic device and converts rumble to a periodic
    /// effect at a third of the strong motor plus a sixth of the weak one, so such a device
    /// would otherwise vibrate far too weakly.
    public var prefersPeriodic: Bool { hasPeriodic && (!hasRumble || !isGamepad) }
}
