extension PadProfile {
    /// Sony's USB vendor id.
    private static let sony: UInt16 = 0x054C
    /// Microsoft's.
    private static let microsoft: UInt16 = 0x045E
    /// Nintendo's.
    private static let nintendo: UInt16 = 0x057E
    /// Valve's.
    private static let valve: UInt16 = 0x28DE
    /// The Steam Deck's controller.
    private static let steamDeckProduct: UInt16 = 0x1205
    /// The Steam Controller, wired and through its wireless dongle.
    private static let steamControllerProducts: Set<UInt16> = [0x1102, 0x1142]
    /// `BUS_BLUETOOTH`.
    private static let bluetooth: UInt16 = 0x05

    /// DualSense and DualSense Edge.
    private static let dualSenseProducts: Set<UInt16> = [0x0CE6, 0x0DF2]
    /// DualShock 4 (first and second model) and its USB wireless adaptor.
    private static let dualShock4Products: Set<UInt16> = [0x05C4, 0x09CC, 0x0BA0]
    /// The Xbox pads hid-microsoft drives over Bluetooth (models 1708, 1914, 1797, and their
    /// Bluetooth LE firmware).
    private static let xboxBluetoothProducts: Set<UInt16> = [0x02E0, 0x02FD, 0x0B05, 0x0B13, 0x0B20, 0x0B22]
    /// The Switch Pro Controller.
    private static let switchProProduct: UInt16 = 0x2009

    /// The profile of a rumble device: by its vendor and product ids first, then by the name
    /// its kernel driver gives it; `generic` for anything else.
    ///
    /// An Xbox pad is `xbox-bt` only over Bluetooth, where hid-microsoft drives it (over USB,
    /// xpad does, with other steps). DualSense and DualShock 4 share the kernel name
    /// "Wireless Controller": their product ids tell them apart.
    public static func matching(vendor: UInt16, product: UInt16, bus: UInt16, name: String) -> PadProfile {
        switch vendor {
        case sony where dualSenseProducts.contains(product): return dualSense
        case sony where dualShock4Products.contains(product): return dualShock4
        case microsoft where bus == bluetooth && xboxBluetoothProducts.contains(product): return xboxBluetooth
        case nintendo where product == switchProProduct: return switchPro
        case valve where product == steamDeckProduct: return steamDeck
        case valve where steamControllerProducts.contains(product): return steamController
        default: break
        }
        if name.contains("DualSense") { return dualSense }
        if name == "Xbox Wireless Controller" && bus == bluetooth { return xboxBluetooth }
        if name == "Nintendo Switch Pro Controller" { return switchPro }
        return generic
    }
}

extension PadProfile {
    /// The one profile several devices played at once share: `nil` for no device, the
    /// devices' profile when they all have the same, else `generic` (what holds for any of
    /// them).
    public static func common(to profiles: [PadProfile]) -> PadProfile? {
        guard let first = profiles.first else { return nil }
        return profiles.allSatisfy { $0 == first } ? first : generic
    }
}
