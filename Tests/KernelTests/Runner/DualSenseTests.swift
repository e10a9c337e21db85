import Glibc
import Haptics
import HapticsEvdev
import VirtualDevices

/// The evdev driver against a real kernel gamepad driver: a uhid DualSense bound by
/// `hid-playstation`, whose rumble goes through the kernel's memless force-feedback helper.
/// `PadPlayback` says what reaching the motors means and why.
enum DualSenseTests {
    /// The tests; the CLI's only when `haptics` gives its path.
    static func all(haptics: String?) -> [KernelTest] {
        var tests = [
            KernelTest(name: "uhid dualsense: hid-playstation binds and the gamepad node has FF_RUMBLE", body: binds),
            KernelTest(name: "uhid dualsense: every preset reaches the motors in order and ends silent", body: presetsReachTheMotors),
            KernelTest(name: "uhid dualsense: an AHAP file reaches the motors in order and ends silent", body: ahapFileReachesTheMotors),
            KernelTest(name: "uhid dualsense: 20 runs of success, error and in-place steps never show a stale level", body: noStaleLevels),
        ]
        if let haptics {
            tests.append(
                KernelTest(name: "uhid dualsense: haptics play heavy rumbles the pad fully, then stops it") {
                    try await cliRumbles(haptics: haptics)
                })
            tests.append(
                KernelTest(name: "uhid dualsense: haptics light red --hold 0.5 turns the light bar red, then back to its blue") {
                    try await lightHolds(haptics: haptics)
                })
            tests.append(
                KernelTest(name: "uhid dualsense: haptics light green restores the light bar on SIGINT and exits 130") {
                    try await lightRestoresOnSignal(haptics: haptics)
                })
            tests.append(
                KernelTest(name: "uhid dualsense: haptics light restores a colour written to the LED class before it, as read") {
                    try await lightRestoresWrittenColor(haptics: haptics)
                })
            tests.append(
                KernelTest(name: "uhid dualsense: haptics light with a bad colour exits 64 naming it and sends the light bar nothing") {
                    try await lightRefusesBadColor(haptics: haptics)
                })
        }
        return tests
    }

    /// Three sounding frames back to back (0.30/0.30 for 40 ms, then 1.00/0.60 and 0.36/0.59
    /// for 150 ms each): every frame after the first updates the playing effect in place.
    static let steps = """
        {"Version": 1.0, "Pattern": [
          {"Event": {"Time": 0.0, "EventType": "HapticContinuous", "EventDuration": 0.04, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.55}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
          {"Event": {"Time": 0.04, "EventType": "HapticContinuous", "EventDuration": 0.15, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
          {"Event": {"Time": 0.19, "EventType": "HapticContinuous", "EventDuration": 0.15, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.77}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.7}]}}
        ]}
        """

    /// The kernel's driver takes the pad, and discovery sees a rumble gamepad.
    private static func binds() async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        try expect(pad.driver == "playstation", "\(pad.node) is driven by \(pad.driver), not hid-playstation")
        try expect(pad.isOpen, "hid-playstation did not open the pad")
        try expect(
            Set(pad.featureRequests).isSuperset(of: [0x09, 0x20, 0x05]),
            "the probe asked for feature reports \(pad.featureRequests), expected 0x09, 0x20 and 0x05")
        let devices = DeviceDiscovery().devices()
        let info = try require(devices.first { $0.node == pad.node }, "discovery does not list \(pad.node) among \(devices.map(\.node))")
        try expect(info.usbID == "054c:0ce6" && info.busName == "usb", "\(pad.node) is \(info.usbID) on \(info.busName)")
        let capabilities = info.capabilities
        try expect(
            capabilities.hasRumble && capabilities.isGamepad && !capabilities.prefersPeriodic,
            "\(pad.node) should be a rumble gamepad: \(capabilities)")
        try expect(info.name == VirtualDualSense.productName, "\(pad.node) is named \(info.name)")
        // The kernels differ: 7.3's hid-playstation also reports the headphone jack, as an
        // input device of its own named after the pad; 6.1's does not. Neither has force
        // feedback, so discovery lists the gamepad alone on both.
        let names = pad.device.inputDeviceNames()
        let jacks = names.filter { $0.hasSuffix("Headset Jack") }
        let kernel = KernelVersion.current
        if kernel.major == 7 && kernel.minor == 3 {
            try expect(jacks == ["\(VirtualDualSense.productName) Headset Jack"], "on \(kernel) the pad's input devices are \(names)")
        } else if kernel.major == 6 && kernel.minor == 1 {
            try expect(jacks.isEmpty, "on \(kernel) the pad's input devices are \(names)")
        }
        try expect(
            devices.filter { $0.name.hasPrefix(VirtualDualSense.productName) }.map(\.node) == [pad.node],
            "discovery lists more than the gamepad: \(devices.map(\.summary))")
    }

    /// Every preset, one after the other.
    private static func presetsReachTheMotors() async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let runs = try await PadPlayback.play(Preset.allCases.map { Renderer().render($0.pattern) }, on: pad)
        for (preset, run) in zip(Preset.allCases, runs) {
            try PadPlayback.check(run, on: pad, preset.name)
        }
    }

    /// An AHAP file with a transient and a continuous event under a curve.
    private static func ahapFileReachesTheMotors() async throws {
        // A transient, a pause, then a continuous event whose intensity curve ramps in 10 ms
        // frames: a playing effect updated in place every 10 ms.
        let text = """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.2}]}},
              {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.3, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.7}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.1, "ParameterCurveControlPoints": [
                {"Time": 0, "ParameterValue": 0.2}, {"Time": 0.3, "ParameterValue": 1.0}]}}
            ]}
            """
        let track = Renderer().render(try AHAPLoader.decode(Array(text.utf8), file: "dualsense.ahap").pattern)
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let run = try await PadPlayback.play([track], on: pad)[0]
        try PadPlayback.check(run, on: pad, "the AHAP file")
        // The ramp is 30 frames of 10 ms: merging may skip some levels, but a ramp that reached
        // the pad in a few jumps would mean updates are lost.
        let levels = PadPlayback.distinct(run.reports.map(\.levels))
        let ramp = levels.filter { $0 != .off }.count - 1  // every sounding level but the transient's
        try expect(ramp >= 10, "only \(ramp) of the ramp's 30 levels reached the pad: \(levels)")
    }

    /// The stale-level regression: twenty short runs, each checked on its own.
    private static func noStaleLevels() async throws {
        // Observed on 6.1: an in-place update of a playing effect, without a play event after
        // it, now and then left the old level on the motors. The presets success and error
        // stop between levels; `steps` updates the playing effect in place, and each of its
        // levels must last its frame, not the replay length of the one before.
        let named = [
            ("success", Renderer().render(Preset.notification(.success).pattern)),
            ("error", Renderer().render(Preset.notification(.error).pattern)),
            ("steps", Renderer().render(try AHAPLoader.decode(Array(steps.utf8), file: "steps.ahap").pattern)),
        ]
        let chosen = (0..<20).map { named[$0 % named.count] }
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let runs = try await PadPlayback.play(chosen.map(\.1), on: pad)
        for (index, run) in runs.enumerated() {
            try PadPlayback.check(run, on: pad, "\(chosen[index].0), run \(index + 1)")
        }
    }

    /// `haptics play heavy` on the pad, as a user would run it.
    private static func cliRumbles(haptics: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let start = pad.motorReports.count
        let (status, output) = try ChildProcess(haptics, ["play", "heavy", "--driver", "evdev", "--device", pad.node]).finish()
        try expect(status == 0, "haptics play exited \(status):\n\(output)")
        let levels = PadPlayback.distinct(PadPlayback.settle(pad, from: start).map(\.levels))
        let expected = [MotorLevels.off, MotorLevels(weak: 0xFF, strong: 0xFF), .off]
        try expect(levels == expected, "the pad went through \(levels), expected \(expected)")
    }

    /// The colours the pad's light bar was given after output report `start`, each once in a row.
    static func lightBarColors(_ pad: VirtualDualSense, from start: Int) -> [[UInt8]] {
        var colors: [[UInt8]] = []
        for color in pad.outputReports.dropFirst(start).compactMap(\.lightBarColor) where colors.last != color {
            colors.append(color)
        }
        return colors
    }

    /// hid-playstation's probe blue, the colour a never-written light bar is restored to.
    static let probeBlue: [UInt8] = [0, 0, 128]

    /// The number of output reports once the probe's blue has reached the pad: hid-playstation
    /// sends it from a work queue, which may run after the gamepad node appears.
    static func settled(_ pad: VirtualDualSense) throws -> Int {
        let lit = Monotonic.wait(upTo: .seconds(3)) { lightBarColors(pad, from: 0).contains(probeBlue) }
        try expect(lit, "the probe never set the light bar blue: \(lightBarColors(pad, from: 0))")
        return pad.outputReports.count
    }

    /// `haptics light red --hold 0.5`: red for the hold, then the probe's blue again.
    private static func lightHolds(haptics: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let start = try settled(pad)
        let began = Monotonic.now
        let (status, output) = try ChildProcess(haptics, ["light", "red", "--hold", "0.5", "--device", pad.node]).finish()
        let took = Monotonic.now - began
        try expect(status == 0, "haptics light exited \(status):\n\(output)")
        try expect(took >= .milliseconds(500), "haptics light --hold 0.5 returned after \(took)")
        usleep(50_000)
        let colors = lightBarColors(pad, from: start)
        try expect(colors == [[255, 0, 0], probeBlue], "the light bar went through \(colors), expected red then \(probeBlue)")
    }

    /// `haptics light green` holds until SIGINT, then restores the light bar and exits 130.
    private static func lightRestoresOnSignal(haptics: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let start = try settled(pad)
        let child = try ChildProcess(haptics, ["light", "green", "--device", pad.node])
        let lit = Monotonic.wait(upTo: .seconds(5)) { lightBarColors(pad, from: start).last == [0, 255, 0] }
        child.kill(SIGINT)
        let (status, output) = child.finish()
        try expect(lit, "the light bar never turned green: \(lightBarColors(pad, from: start))\n\(output)")
        try expect(status == 130, "haptics light exited \(status) after SIGINT:\n\(output)")
        usleep(50_000)
        let colors = lightBarColors(pad, from: start)
        try expect(colors == [[0, 255, 0], probeBlue], "the light bar went through \(colors), expected green then \(probeBlue)")
    }

    /// `haptics light purple`: exit 64 naming the colour, and no report sets the light bar.
    private static func lightRefusesBadColor(haptics: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let start = try settled(pad)
        let (status, output) = try ChildProcess(haptics, ["light", "purple", "--device", pad.node]).finish()
        try expect(status == 64, "haptics light purple exited \(status):\n\(output)")
        try expect(output.contains("'purple'"), "haptics light purple did not name the colour:\n\(output)")
        usleep(100_000)
        let colors = lightBarColors(pad, from: start)
        try expect(colors.isEmpty, "a bad colour reached the light bar: \(colors)")
    }

    /// A colour written to the LED class before `haptics light` (as a game or a udev rule
    /// would): read, and restored as read.
    private static func lightRestoresWrittenColor(haptics: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        _ = try settled(pad)
        let event = pad.node.split(separator: "/").last.map(String.init) ?? pad.node
        let leds = "/sys/class/input/\(event)/device/device/leds"
        var names: [String] = []
        if let directory = opendir(leds) {
            while let entry = readdir(directory) {
                names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
            }
            closedir(directory)
        }
        let led = try require(names.first { $0.hasSuffix(":rgb:indicator") }, "no multicolour LED in \(leds): \(names)")
        let fd = open("\(leds)/\(led)/multi_intensity", O_WRONLY)
        try expect(fd >= 0, "cannot open \(leds)/\(led)/multi_intensity")
        _ = "16 32 48".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let written: [UInt8] = [16, 32, 48]
        try expect(
            Monotonic.wait(upTo: .seconds(2)) { lightBarColors(pad, from: 0).last == written },
            "the written colour never reached the pad: \(lightBarColors(pad, from: 0))")
        let start = pad.outputReports.count
        let (status, output) = try ChildProcess(haptics, ["light", "red", "--hold", "0.2", "--device", pad.node]).finish()
        try expect(status == 0, "haptics light exited \(status):\n\(output)")
        usleep(50_000)
        let colors = lightBarColors(pad, from: start)
        try expect(colors == [[255, 0, 0], written], "the light bar went through \(colors), expected red then \(written)")
    }
}
