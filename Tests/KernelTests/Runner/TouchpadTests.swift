import CKernelTestSupport
import Glibc
import Haptics
import HapticsEvdev
import VirtualDevices

/// Haptic touchpads (`FF_HAPTIC`) against the real kernel, on a uinput pressure pad that
/// records every upload. On a kernel with `FF_HAPTIC` (6.18 and later: the 7.3 of the matrix)
/// the presets and the demo's threshold reach it as the pad's waveforms; on an older one (the
/// matrix's 6.1) the kernel refuses the upload with `EINVAL` before the pad sees it, and
/// haptics says which kernel touchpads need.
enum TouchpadTests {
    /// The waveforms a pad with a continuous buzz lists: the HID Haptics usages of
    /// `WAVEFORM_CLICK`, `WAVEFORM_BUZZ_CONTINUOUS`, `WAVEFORM_PRESS` and `WAVEFORM_RELEASE`.
    static let withBuzz: Set<UInt16> = [0x1003, 0x1004, 0x1006, 0x1007]

    static func all(haptics: String?) -> [KernelTest] {
        guard let haptics else { return [] }
        var tests = [
            KernelTest(name: "touchpad: haptics devices lists a pressure pad with FF_HAPTIC as a touchpad") {
                try listed(haptics: haptics)
            }
        ]
        if KernelVersion.current.isAtLeast(6, 18) {
            tests += [
                KernelTest(name: "touchpad: impacts, selection and notifications play as the pad's waveforms (7.3)") {
                    try presetsPlayAsWaveforms(haptics: haptics)
                },
                KernelTest(name: "touchpad: a pad without a continuous waveform clicks and says what it left out (7.3)") {
                    try continuousLeftOut(haptics: haptics)
                },
                KernelTest(name: "touchpad: the demo's threshold clicks the touchpad (7.3)") {
                    try demoClicks(haptics: haptics)
                },
            ]
        } else {
            tests.append(
                KernelTest(name: "touchpad: the kernel's EINVAL is explained, naming Linux 6.18 (6.1)") {
                    try olderKernelExplains(haptics: haptics)
                })
        }
        return tests
    }

    /// The waveforms and intensities the pad should get for `pattern`'s frames: what
    /// `TouchpadWaveforms` makes of them.
    static func expectedUploads(for pattern: HapticPattern, continuous: HapticWaveform?) -> [VirtualTouchpad.Record] {
        var mapping = TouchpadWaveforms(continuous: continuous)
        return Renderer().render(pattern).frames.flatMap { mapping.next($0) }.compactMap { step in
            guard case .play(let waveform, let level, _) = step else { return nil }
            return .upload(id: 0, usage: waveform.rawValue, intensity: level, accepted: true)
        }
    }

    /// The accepted uploads with an intensity: what the pad played (the driver's silent
    /// uploads when it opens the pad hold its slot and find its continuous waveform).
    static func played(_ records: [VirtualTouchpad.Record]) -> [VirtualTouchpad.Record] {
        records.filter { if case .upload(_, _, let intensity, true) = $0 { intensity > 0 } else { false } }
    }

    private static func listed(haptics: String) throws {
        let pad = try VirtualTouchpad(name: "Haptics Glass Touchpad", waveforms: withBuzz)
        defer { pad.destroy() }
        let (status, listing) = try ChildProcess(haptics, ["devices"]).finish()
        let line = listing.split(separator: "\n").first { $0.contains(pad.node) } ?? ""
        try expect(
            status == 0 && line.contains("Haptics Glass Touchpad") && line.contains("touchpad"), "haptics devices (\(status)):\n\(listing)")
        let (jsonStatus, json) = try ChildProcess(haptics, ["devices", "--json"]).finish()
        try expect(
            jsonStatus == 0 && json.contains(#""node":"\#(pad.node)","name":"Haptics Glass Touchpad""#)
                && json.contains(#""kind":"touchpad""#),
            "haptics devices --json (\(jsonStatus)):\n\(json)")
    }

    private static func presetsPlayAsWaveforms(haptics: String) throws {
        let pad = try VirtualTouchpad(name: "Haptics Glass Touchpad", waveforms: withBuzz)
        defer { pad.destroy() }
        let runs: [(arguments: [String], preset: Preset, intensity: Double)] =
            ImpactStyle.allCases.map { (["impact", $0.rawValue], .impact($0), 1) }
            + [(["impact", "heavy", "--intensity", "0.5"], .impact(.heavy), 0.5), (["select"], .selection, 1)]
            + NotificationType.allCases.map { (["notify", $0.rawValue], .notification($0), 1) }
        var clicks: [String: UInt16] = [:]
        for run in runs {
            pad.reset()
            let (status, output) = try ChildProcess(haptics, run.arguments + ["--driver", "evdev", "--device", "Glass Touchpad"]).finish()
            try expect(status == 0, "haptics \(run.arguments.joined(separator: " ")) exited \(status):\n\(output)")
            let records = pad.records
            // As the engine plays impactOccurred(intensity:): the pattern scaled, then rendered.
            let pattern = run.intensity < 1 ? run.preset.pattern.scaled(by: run.intensity) : run.preset.pattern
            let expected = expectedUploads(for: pattern, continuous: .buzzContinuous)
            try expect(
                !expected.isEmpty && played(records) == expected,
                "haptics \(run.arguments.joined(separator: " ")): the pad played \(played(records)), expected \(expected)")
            try expect(
                records.last == .erase(id: 0), "haptics \(run.arguments.joined(separator: " ")) did not erase its effect: \(records)")
            if case .upload(_, 0x1003, let intensity, _) = expected.first { clicks[run.arguments.joined(separator: " ")] = intensity }
        }
        try expect(
            clicks["impact heavy"] == 100 && (1..<100).contains(clicks["impact heavy --intensity 0.5"] ?? 0), "heavy's clicks: \(clicks)")
        try expect(
            (clicks["impact light"] ?? 0) < (clicks["impact medium"] ?? 0)
                && (clicks["impact medium"] ?? 0) < (clicks["impact heavy"] ?? 0),
            "light, medium and heavy do not click in order: \(clicks)")
    }

    private static func continuousLeftOut(haptics: String) throws {
        let pad = try VirtualTouchpad(name: "Haptics Click Touchpad", waveforms: [0x1003])
        defer { pad.destroy() }
        let (status, output) = try ChildProcess(haptics, ["notify", "success", "--driver", "evdev", "--device", pad.node]).finish()
        try expect(status == 0, "haptics notify success exited \(status):\n\(output)")
        try expect(output.contains("lists no continuous waveform"), "no notice of the continuous part left out:\n\(output)")
        let expected = expectedUploads(for: Preset.notification(.success).pattern, continuous: nil)
        try expect(played(pad.records) == expected, "the pad played \(played(pad.records)), expected \(expected)")
        let refused = pad.records.filter { if case .upload(_, _, _, false) = $0 { true } else { false } }
        try expect(refused.count == 2, "the driver should have tried both continuous waveforms once: \(pad.records)")
    }

    /// `haptics demo --input` with a gamepad's trigger pulling (`--input` takes a pad that can
    /// vibrate) and the touchpad as the output: the threshold's light impact is one click.
    private static func demoClicks(haptics: String) throws {
        let pad = try VirtualTouchpad(name: "Haptics Glass Touchpad", waveforms: withBuzz)
        defer { pad.destroy() }
        let trigger = try VirtualGamepad(name: "Haptics Trigger Pad", gain: false)
        defer { trigger.destroy() }
        let demo = try TerminalProcess(haptics, ["demo", "--input", trigger.node, "--driver", "evdev", "--device", pad.node])
        let drawn = demo.wait(for: "haptics demo: pull to refresh")
        if drawn {
            for value: Int32 in [0, 40, 100, 150, 200, 255, 0] {
                trigger.emit(axis: ABS_RZ, value: value)
                usleep(20_000)
            }
        }
        let expected = expectedUploads(for: Preset.impact(.light).pattern, continuous: .buzzContinuous)
        let clicked = pad.wait { expected.contains($0) }
        demo.type("q")
        let (status, output) = demo.finish()
        try expect(drawn, "haptics demo (\(status)) did not draw its screen:\n\(output)")
        try expect(clicked, "the touchpad did not get the threshold's click \(expected): \(pad.records)")
        try expect(status == 0, "haptics demo exited \(status):\n\(output)")
    }

    private static func olderKernelExplains(haptics: String) throws {
        let pad = try VirtualTouchpad(name: "Haptics Glass Touchpad", waveforms: withBuzz)
        defer { pad.destroy() }
        let (status, output) = try ChildProcess(haptics, ["impact", "heavy", "--driver", "evdev", "--device", pad.node]).finish()
        try expect(status != 0, "haptics impact heavy on a touchpad succeeded on \(KernelVersion.current.release):\n\(output)")
        try expect(
            output.contains("has no FF_HAPTIC") && output.contains("Linux 6.18 or newer") && output.contains(KernelVersion.current.release),
            "the error does not name the kernel needed:\n\(output)")
        try expect(pad.records.isEmpty, "the kernel should refuse FF_HAPTIC before the pad sees it: \(pad.records)")
    }
}
