import Glibc
import VirtualDevices

/// `haptics light` on a USB DualShock 4: its light bar is three LEDs, `:red`, `:green` and
/// `:blue` (hid-sony on 6.1; hid-playstation, from 6.2, keeps hid-sony's LEDs), each read as
/// it shows, so the bar is restored to the colour the driver gave it at probe (a player's
/// colour), whatever it is.
enum DualShock4LightTests {
    /// The test; none without `haptics`.
    static func all(haptics: String?) -> [KernelTest] {
        guard let haptics else { return [] }
        return [
            KernelTest(name: "uhid dualshock4: haptics light red --hold 0.5 turns the light bar red, then back to its colour before") {
                try await lightHolds(haptics: haptics)
            }
        ]
    }

    /// The colours the pad's output reports 0x05 set on the light bar after report `start`,
    /// each once in a row: bytes 6...8 when the first valid-flag byte (byte 1) has 0x02, the
    /// lightbar bit of both drivers (hid-sony sets 0x07 in every report).
    static func lightBarColors(_ pad: VirtualDualShock4, from start: Int) -> [[UInt8]] {
        var colors: [[UInt8]] = []
        for bytes in pad.device.outputs.dropFirst(start).map(\.bytes)
        where bytes.count > 8 && bytes[0] == 0x05 && bytes[1] & 0x02 != 0 && colors.last != Array(bytes[6...8]) {
            colors.append(Array(bytes[6...8]))
        }
        return colors
    }

    /// Red for the hold, then the colour of before. The three LEDs are written one after the
    /// other, so the reports between may carry mixes of the two colours.
    private static func lightHolds(haptics: String) async throws {
        let pad = try VirtualDualShock4()
        defer { pad.destroy() }
        let lit = Monotonic.wait(upTo: .seconds(3)) { !lightBarColors(pad, from: 0).isEmpty }
        try expect(lit, "the driver never set the light bar at probe")
        usleep(100_000)
        let before = try require(lightBarColors(pad, from: 0).last, "no colour at probe")
        let start = pad.device.outputs.count
        let (status, output) = try ChildProcess(haptics, ["light", "red", "--hold", "0.5", "--device", pad.node]).finish()
        try expect(status == 0, "haptics light exited \(status):\n\(output)")
        usleep(50_000)
        let colors = lightBarColors(pad, from: start)
        let red = try require(colors.firstIndex(of: [255, 0, 0]), "the light bar never turned red: \(colors)")
        try expect(
            red < colors.count - 1 && colors.last == before, "the light bar went through \(colors), expected red then the probe's \(before)"
        )
        print("  \(pad.driver): probe colour \(before), then \(colors)")
    }
}
