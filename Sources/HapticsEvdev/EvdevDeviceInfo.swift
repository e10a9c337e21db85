public import HapticsModel

/// One input device node that can vibrate, as `DeviceDiscovery` finds it.
public struct EvdevDeviceInfo: Sendable, Hashable {
    /// The node, e.g. `/dev/input/event5`.
    public var node: String
    /// Identity and abilities.
    public var capabilities: DeviceCapabilities
    /// Whether this user may write to the node; rumble needs it, listing does not.
    public var isWritable: Bool

    /// Creates a description of `node`.
    public init(node: String, capabilities: DeviceCapabilities, isWritable: Bool) {
        self.node = node
        self.capabilities = capabilities
        self.isWritable = isWritable
    }

    /// The device's name.
    public var name: String { capabilities.name }

    /// `vendor:product` in hex, as lsusb writes it, e.g. `054c:0ce6`.
    public var usbID: String { "\(hex(capabilities.vendor)):\(hex(capabilities.product))" }

    /// The bus by name: usb, bluetooth, virtual, or the number.
    public var busName: String {
        switch capabilities.bus {
        case 0x03: "usb"
        case 0x05: "bluetooth"
        case 0x06: "virtual"
        case 0x19: "host"
        default: "bus \(capabilities.bus)"
        }
    }

    /// What the device can play: its pad's profile by vendor and product ids or kernel name,
    /// `generic` for any other device. A haptic touchpad plays waveforms, not motor levels: it is
    /// listed without a profile.
    public var profile: PadProfile {
        PadProfile.matching(vendor: capabilities.vendor, product: capabilities.product, bus: capabilities.bus, name: name)
    }

    /// `touchpad` for haptic touchpads, `rumble` for two-motor devices, `periodic` for those
    /// driven with periodic effects.
    public var kind: String {
        capabilities.isHapticTouchpad ? "touchpad" : capabilities.prefersPeriodic ? "periodic" : "rumble"
    }

    /// One line: node, name, ids, bus, kind, slots, gain, profile, and last `read-only` when
    /// this user may not write to the node.
    public var summary: String {
        var parts = ["\(node)  \(name)  [\(usbID) \(busName)]  \(kind), \(capabilities.effectSlots) slots"]
        if capabilities.hasGain { parts.append("FF_GAIN") }
        if !capabilities.isHapticTouchpad { parts.append("profile \(profile.name)") }
        if !isWritable { parts.append("read-only") }
        return parts.joined(separator: ", ")
    }

    /// One compact JSON object.
    public var json: String {
        var fields: [(key: String, value: JSONValue)] = [
            ("node", .string(node)), ("name", .string(name)),
            ("vendor", .string(hex(capabilities.vendor))), ("product", .string(hex(capabilities.product))),
            ("bus", .string(busName)), ("kind", .string("\(kind)")),
            ("rumble", .bool(capabilities.hasRumble)), ("periodic", .bool(capabilities.hasPeriodic)),
            ("gain", .bool(capabilities.hasGain)), ("slots", .number(Double(capabilities.effectSlots))),
            ("gamepad", .bool(capabilities.isGamepad)), ("haptic", .bool(capabilities.hasHaptic)),
            ("pressurepad", .bool(capabilities.isPressurePad)), ("writable", .bool(isWritable)),
        ]
        if !capabilities.isHapticTouchpad { fields.append(("profile", .string(profile.name))) }
        return JSONWriter.string(.object(fields), layout: .compact, numbers: .rounded(decimals: 0))
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
