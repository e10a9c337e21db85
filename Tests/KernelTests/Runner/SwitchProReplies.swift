import Synchronization

/// What a Switch Pro Controller answers over USB, as `hid-nintendo` asks it: the replies to
/// its USB commands and subcommands, its input report 0x30, its SPI flash and its HID report
/// descriptor. Report layouts follow the community's reverse engineering of the controller,
/// checked against what the driver reads.
///
/// Every input report starts with the same 13 bytes: the report id, a timer, battery and
/// connection, three bytes of buttons, three of each stick (two 12-bit values), and the
/// vibrator byte, which the driver requires to be non-zero before it re-sends rumble.
final class SwitchProReplies: Sendable {
    private struct State {
        var timer: UInt8 = 0
        var streaming = false
    }

    /// The pad's address, most significant byte first, as its device info gives it.
    let mac: [UInt8]
    private let state = Mutex(State())

    /// Every report, input and output, is 64 bytes over USB.
    static let reportSize = 64
    /// The stick calibration's centre and its reach either way, in the sticks' 12-bit units.
    static let stickCentre = 2048
    private static let stickReach = 1500

    /// A pad with address `mac`.
    init(mac: [UInt8]) {
        self.mac = mac
    }

    /// The input reports answering an output report: one for a USB command the pad
    /// acknowledges or a subcommand, none otherwise (rumble-only reports, and the USB command
    /// that turns the pad's USB timeout off, which a pad does not answer).
    func answer(to report: [UInt8]) -> [[UInt8]] {
        switch report.first {
        case 0x80? where report.count > 1 && report[1] != 0x04:
            return [Self.padded([0x81, report[1]])]
        case 0x01? where report.count > 10:
            let command = report[10]
            let arguments = Array(report.dropFirst(11))
            if command == 0x03, arguments.first == 0x30 { state.withLock { $0.streaming = true } }
            return [subcommandReply(command, arguments)]
        default:
            return []
        }
    }

    /// The next input report 0x30 (buttons released, sticks centred, the pad lying still),
    /// once the driver has asked for that report mode; nil before.
    func nextInputReport() -> [UInt8]? {
        guard state.withLock({ $0.streaming }) else { return nil }
        // Three IMU samples: the accelerometer reads 1 g (4096) on z, the gyroscope nothing.
        var motion: [UInt8] = []
        for _ in 0..<3 {
            motion += [0, 0, 0, 0] + UhidDevice.bytes(littleEndian: Int16(4096)) + [UInt8](repeating: 0, count: 6)
        }
        return Self.padded(header(0x30) + motion)
    }

    // MARK: - Replies

    /// Input report 0x21: the header, an acknowledgement, the subcommand echoed, its data.
    private func subcommandReply(_ command: UInt8, _ arguments: [UInt8]) -> [UInt8] {
        let (acknowledgement, data): (UInt8, [UInt8]) =
            switch command {
            case 0x02:
                // Device info: firmware 3.72, type 3 (Pro Controller), 2, the MAC, 1, and 1:
                // the colours are in the SPI flash.
                (0x82, [0x03, 0x48, 0x03, 0x02] + mac + [0x01, 0x01])
            case 0x10:
                // An SPI flash read echoes the address and length, then the bytes.
                (
                    0x90,
                    Array(arguments.prefix(5))
                        + Self.flash(at: Self.address(in: arguments), count: Int(arguments.count > 4 ? arguments[4] : 0))
                )
            default:
                (0x80, [])
            }
        return Self.padded(header(0x21) + [acknowledgement, command] + data)
    }

    /// The 13 bytes every input report starts with, the timer advanced.
    private func header(_ id: UInt8) -> [UInt8] {
        let timer = state.withLock { state in
            state.timer &+= 1
            return state.timer
        }
        // Battery full, powered by the host (0x81); no button; both sticks centred; the
        // vibrator byte a real pad sends.
        let stick = Self.packed(Self.stickCentre, Self.stickCentre)
        return [id, timer, 0x81, 0, 0, 0] + stick + stick + [0x70]
    }

    // MARK: - SPI flash

    /// `count` bytes of the SPI flash from `address`: the factory stick and IMU calibration
    /// where the driver reads them; erased flash (0xFF) elsewhere, so no user calibration.
    static func flash(at address: Int, count: Int) -> [UInt8] {
        let reach = packed(stickReach, stickReach)
        let centre = packed(stickCentre, stickCentre)
        let le16 = { (value: Int16) in UhidDevice.bytes(littleEndian: value) }
        // IMU: the accelerometer's offsets and scales, then the gyroscope's, three axes each;
        // the scales are the driver's own defaults (16384 and 13371).
        let imu =
            (le16(0) + le16(0) + le16(0)) + (le16(16384) + le16(16384) + le16(16384))
            + (le16(0) + le16(0) + le16(0)) + (le16(13371) + le16(13371) + le16(13371))
        let regions: [(start: Int, bytes: [UInt8])] = [
            (0x6020, imu),
            // The left stick: reach above, centre, reach below; the right: centre, below, above.
            (0x603D, reach + centre + reach),
            (0x6046, centre + reach + reach),
        ]
        return (address..<address + count).map { at in
            regions.lazy.compactMap { region in
                (region.start..<region.start + region.bytes.count).contains(at) ? region.bytes[at - region.start] : nil
            }.first ?? 0xFF
        }
    }

    /// The little-endian 32-bit address a read subcommand starts with.
    private static func address(in arguments: [UInt8]) -> Int {
        arguments.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Two 12-bit values in three bytes, the first in the low 12 bits.
    static func packed(_ first: Int, _ second: Int) -> [UInt8] {
        [UInt8(first & 0xFF), UInt8((first >> 8) & 0x0F | (second & 0x0F) << 4), UInt8((second >> 4) & 0xFF)]
    }

    /// `bytes` padded with zeros to a report's 64 bytes.
    private static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: max(reportSize - bytes.count, 0))
    }

    // MARK: - Descriptor

    /// The HID report descriptor, written for these tests from the HID 1.11 specification and
    /// the report ids and sizes a Pro Controller uses over USB (the HID core drops input
    /// reports whose id the descriptor does not declare; `hid-nintendo` reads them raw, so
    /// their usages do not matter): inputs 0x21, 0x30, 0x31, 0x3F and 0x81 of 63 bytes, outputs
    /// 0x01, 0x10 and 0x11 of 48 bytes and 0x80 of 63.
    static let reportDescriptor: [UInt8] = {
        var descriptor: [UInt8] = [
            0x05, 0x01,  // Usage Page (Generic Desktop)
            0x09, 0x05,  // Usage (Game Pad)
            0xA1, 0x01,  // Collection (Application)
            0x06, 0x00, 0xFF,  // Usage Page (Vendor Defined 0xFF00)
            0x15, 0x00,  //   Logical Minimum (0)
            0x26, 0xFF, 0x00,  // Logical Maximum (255)
            0x75, 0x08,  //   Report Size (8 bits)
        ]
        // Report ID (id), Usage (id), Report Count (count), Input or Output (Data, Variable, Absolute).
        for (id, count, main) in [
            (0x21, 63, 0x81), (0x30, 63, 0x81), (0x31, 63, 0x81), (0x3F, 63, 0x81), (0x81, 63, 0x81),
            (0x01, 48, 0x91), (0x10, 48, 0x91), (0x11, 48, 0x91), (0x80, 63, 0x91),
        ] as [(UInt8, UInt8, UInt8)] {
            descriptor += [0x85, id, 0x09, id, 0x95, count, main, 0x02]
        }
        return descriptor + [0xC0]  // End Collection
    }()
}
