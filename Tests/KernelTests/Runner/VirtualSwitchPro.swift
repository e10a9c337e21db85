import CKernelTestSupport
import Glibc
import Synchronization
import VirtualDevices

/// A Nintendo Switch Pro Controller over USB (057e:2009) made with uhid, bound by the kernel's
/// `hid-nintendo`, which names its gamepad "Nintendo Switch Pro Controller".
///
/// The driver talks to the pad through output and input reports only, and its probe waits for
/// each answer, so the device side answers as a real pad does (`SwitchProReplies`): the USB
/// handshake (output 0x80, input 0x81), then subcommands in output report 0x01 answered by
/// input report 0x21 echoing the subcommand: SPI flash reads of the stick and IMU
/// calibration, report mode 0x30, vibration and IMU on, device info (controller type and MAC),
/// player and home LEDs. Once the driver asks for report mode 0x30, the device side streams
/// input reports 0x30 every 15 ms, as the pad does over USB: the driver sends nothing without
/// them, since it paces every output on the pad's input reports.
///
/// Rumble arrives in output report 0x10 (and in every subcommand report 0x01): a packet
/// counter, then 8 bytes, the left actuator's 4 then the right one's (`SwitchRumble`), each
/// recorded with its counter and time (`rumblePackets`); HD Rumble written through the pad's
/// hidraw node arrives the same way, with carriers and a step per band of its own.
/// `hid-nintendo` gives `strong_magnitude` to the left side and `weak_magnitude` to the right,
/// both on fixed 160 Hz and 320 Hz carriers: `MotorLevels` holds each side's amplitude step
/// (0...100), strong the left. The driver keeps levels in a ring of 8 (Linux 6.1 lets a burst
/// lap it; newer kernels overwrite the newest entry when it is full), sends them one packet at
/// a time, each on an input report at least 25 ms after the last (20 ms over USB on newer
/// kernels), and on input reports re-sends the newest every 50 ms, for five packets after the
/// last sounding level.
final class VirtualSwitchPro: VirtualRumblePad {
    /// The name `hid-nintendo` gives the gamepad's input device.
    static let productName = "Nintendo Switch Pro Controller"
    /// The HID device's name, as a real pad's USB descriptors give it.
    static let deviceName = "Nintendo Co., Ltd. Pro Controller"
    /// The name of the gamepad's input device: hid-nintendo's own on 6.1; on 7.3 the driver
    /// keeps the HID device's (a difference between the kernels of the matrix).
    static var inputName: String { KernelVersion.current.isAtLeast(7, 3) ? deviceName : productName }
    /// How often a Pro Controller sends its input report over USB.
    static let inputInterval = Duration.milliseconds(15)
    private static let serials = Atomic<UInt8>(0)

    /// `/dev/input/eventN` of the gamepad (the driver also makes an IMU node).
    let node: String
    /// The HID driver that bound the pad.
    let driver: String
    /// The uhid device behind the pad.
    let device: UhidDevice
    /// The pad's Bluetooth address, as its device info gives it (most significant byte first).
    let mac: [UInt8]
    private let replies: SwitchProReplies
    private let running = Atomic<Bool>(true)
    private let stopped = Atomic<Bool>(false)

    /// Creates the pad, waits for `hid-nintendo` to register it with rumble (failing with the
    /// kernel log's last lines when it does not), then for the driver to fall quiet.
    init() throws {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        let mac: [UInt8] = [0x02, 0x48, 0x54, 0x53, 0x50, serial]
        let replies = SwitchProReplies(mac: mac)
        self.mac = mac
        self.replies = replies
        (device, node, driver) = try UhidDevice.bound(
            UhidDevice.Identity(
                name: Self.deviceName, phys: "usb-haptics-kernel-tests-switchpro-\(serial)/input0",
                uniq: "", bus: BUS_USB, vendor: 0x057E, product: 0x2009, version: 0x0210,
                descriptor: SwitchProReplies.reportDescriptor),
            featureReport: { _ in nil },
            outputReport: { device, report in
                for reply in replies.answer(to: report) { try? device.input(reply) }
            }
        )
        do {
            try BackgroundThread.start { [self] in streamInputReports() }
        } catch {
            device.destroy()
            throw TestFailure(description: "the Switch Pro's input reports: \(error)")
        }
        // Newer kernels send the ring's unused slots and a silent packet once input reports
        // flow; let that pass, so that whatever comes next is the caller's doing.
        let started = Monotonic.now
        _ = Monotonic.wait(upTo: .seconds(2)) {
            Monotonic.now - max(device.outputs.last?.at ?? started, started) >= .milliseconds(200)
        }
    }

    /// What the driver sent after the pad started: USB commands (`0x80 NN`) and subcommands
    /// (`0x01 NN`), as `0x80:02`, `0x01:10`..., in order.
    var probe: [String] {
        device.outputs.compactMap { output in
            let bytes = output.bytes
            switch bytes.first {
            case 0x80? where bytes.count > 1: return "80:" + Self.hex(bytes[1])
            case 0x01? where bytes.count > 10: return "01:" + Self.hex(bytes[10])
            default: return nil
            }
        }
    }

    /// Every rumble packet received so far (reports 0x10 and 0x01), decoded, in order.
    var rumblePackets: [SwitchRumblePacket] { device.outputs.compactMap(SwitchRumblePacket.init) }

    /// A level is sure to go out once the driver sends a packet while the level is queued: it
    /// sends one on an input report at least 25 ms after the last (20 ms on newer kernels),
    /// later when its ring is backed up. 150 ms is three of the driver's 50 ms re-send periods.
    static var surelyReported: Duration { .milliseconds(150) }

    /// A full ring of 8 levels, sent one every 25 to 40 ms, drains in under 300 ms.
    static var backlog: Duration { .milliseconds(300) }

    /// The packet counter (byte 1) differs from run to run.
    static var varyingBytes: Set<Int> { [1] }

    /// `left 320/160Hz step 100 (1.003)  right ...`: both sides decoded.
    static func describe(_ report: [UInt8]) -> String {
        guard let (left, right) = rumble(in: report) else { return "-" }
        return "left \(left)  right \(right)"
    }

    /// Each side's amplitude step: the left (strong) and right (weak) 4-byte groups decoded.
    static func motorLevels(in report: [UInt8]) -> MotorLevels? {
        guard let (left, right) = rumble(in: report) else { return nil }
        return MotorLevels(weak: UInt8(right.step), strong: UInt8(left.step))
    }

    /// The left and right rumble of an output report 0x10 or 0x01, when both decode.
    static func rumble(in report: [UInt8]) -> (left: SwitchRumble, right: SwitchRumble)? {
        guard report.count >= 10, report[0] == 0x10 || report[0] == 0x01,
            let left = SwitchRumble(report[2..<6]), let right = SwitchRumble(report[6..<10])
        else { return nil }
        return (left, right)
    }

    /// `hid-nintendo` sends the strong magnitude to the left actuator and the weak one to the
    /// right, each snapped to an amplitude step.
    static func levels(strong: UInt16, weak: UInt16) -> MotorLevels {
        MotorLevels(weak: UInt8(SwitchRumble.step(forMagnitude: weak)), strong: UInt8(SwitchRumble.step(forMagnitude: strong)))
    }

    /// Stops streaming input reports, then unplugs the pad.
    func destroy() {
        if running.exchange(false, ordering: .sequentiallyConsistent) {
            _ = Monotonic.wait { stopped.load(ordering: .sequentiallyConsistent) }
        }
        device.destroy()
    }

    /// The device side's second thread: an input report 0x30 every 15 ms once the driver has
    /// asked for that report mode, until `destroy()`.
    private func streamInputReports() {
        var next = Monotonic.now
        while running.load(ordering: .sequentiallyConsistent) {
            if let report = replies.nextInputReport() { try? device.input(report) }
            next += Self.inputInterval
            let wait = next - Monotonic.now
            if wait > .zero { usleep(UInt32(wait.inMilliseconds * 1000)) } else { next = Monotonic.now }
        }
        stopped.store(true, ordering: .sequentiallyConsistent)
    }

    private static func hex(_ byte: UInt8) -> String {
        (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }
}
