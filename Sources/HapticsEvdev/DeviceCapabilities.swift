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
    /// Whether the device advertises `FF_HAPTIC` (haptic touchpads, Linux 6.18 and later; a
    /// kernel before that refuses the uploads even when a device advertises the bit).
    public var hasHaptic: Bool
    /// Whether it is a touchpad that clicks by pressure (`INPUT_PROP_PRESSUREPAD`).
    public var isPressurePad: Bool

    /// Creates a description.
    public init(
        name: String, vendor: UInt16, product: UInt16, bus: UInt16, hasRumble: Bool,
        hasPeriodic: Bool, hasGain: Bool, isGamepad: Bool, effectSlots: Int, hasHaptic: Bool = false,
        isPressurePad: Bool = false
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
        self.hasHaptic = hasHaptic
        self.isPressurePad = isPressurePad
    }

    /// Whether it is a haptic touchpad: a pressure pad with `FF_HAPTIC`, driven with the
    /// pad's waveforms (`TouchpadWaveforms`) rather than motor levels.
    public var isHapticTouchpad: Bool { hasHaptic && isPressurePad }

    /// Whether Haptics can vibrate it: rumble, periodic effects, or a haptic touchpad's clicks.
    public var canVibrate: Bool { (hasRumble || hasPeriodic || isHapticTouchpad) && effectSlots > 0 }

    /// Whether it is driven with `FF_PERIODIC` rather than `FF_RUMBLE`: devices that take
    /// periodic effects and are not gamepads (phone vibrators, haptic actuators). The kernel
    /// advertises `FF_RUMBLE` on every periodic device and converts rumble to a periodic
    /// effect at a third of the strong motor plus a sixth of the weak one, so such a device
    /// would otherwise vibrate far too weakly.
    public var prefersPeriodic: Bool { hasPeriodic && (!hasRumble || !isGamepad) }
}
