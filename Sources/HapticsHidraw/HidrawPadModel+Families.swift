extension HidrawPadModel {
    /// The families the driver writes reports for, one row each; a pad belongs to the family
    /// whose `profile` it has (which `PadProfile.matching` gives from its vendor, product and
    /// bus).
    static let families: [any HidrawPadFamily.Type] = [
        DualSensePad.self,
        SwitchProPad.self,
        XboxBluetoothPad.self,
        SteamPad.self,
        SteamControllerPad.self,
    ]

    /// Sony's DualSense: motors and adaptive triggers in output report 0x02 (USB) or 0x31
    /// (Bluetooth, with a CRC32).
    public static let dualSense = HidrawPadModel(DualSensePad.self)
    /// Nintendo's Switch Pro Controller: HD Rumble in output report 0x10.
    public static let switchPro = HidrawPadModel(SwitchProPad.self)
    /// Microsoft's Xbox One S and Series pads over Bluetooth: four motors in output report 3.
    public static let xboxBluetooth = HidrawPadModel(XboxBluetoothPad.self)
    /// Valve's Steam Deck: the rumble command 0xEB and trackpad pulses 0x8F, FEATURE reports.
    public static let steamDeck = HidrawPadModel(SteamPad.self)
    /// Valve's Steam Controller: trackpad pulses 0x8F, FEATURE reports.
    public static let steamController = HidrawPadModel(SteamControllerPad.self)
}
