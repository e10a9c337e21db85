import Glibc
import VirtualDevices

/// `haptics --driver hidraw` on a DualSense over Bluetooth (`VirtualDualSense(bluetooth:)`,
/// bound by hid-playstation): the voice coils' reports 0x32, against what `haptics render
/// --format wav` predicts at 3 kHz, and the silence that follows every exit.
enum BluetoothVoiceCoilTests {
    /// The tests, named "bluetooth voice coils: ...", which need `haptics`.
    static func all(haptics: String?) -> [KernelTest] {
        guard let haptics else { return [] }
        return [
            KernelTest(
                name:
                    "bluetooth voice coils: play heavy --driver hidraw streams sealed 0x32 reports carrying render --format wav at 3 kHz, then silence"
            ) {
                try await heavyMatchesTheRender(haptics: haptics)
            },
            KernelTest(name: "bluetooth voice coils: silent within 100 ms of SIGINT (exit 130), SIGTERM (143) and kill -9") {
                try await silentAfterSignals(haptics: haptics)
            },
        ]
    }

    /// How late after a signal a sounding report may still arrive: as over USB, 100 ms. A
    /// report's time is when the emulator's uhid reader takes it, which shares the guest's one
    /// emulated CPU with the player; with the release `haptics` the silent report arrives 1 to
    /// 9 ms after SIGINT, SIGTERM and `kill -9`, well inside the bound beside the stream's
    /// 21 ms lead.
    static let silenceDeadline = Duration.milliseconds(100)

    /// How long, in microseconds, the tests let hid-playstation finish setting a new pad up
    /// (its first output reports) before playing, so the guest's one CPU is not shared with it.
    static let settling: useconds_t = 500_000

    /// Whether `output` is a report 0x32 with a sample that is not 0 (cheap enough to poll: no
    /// CRC).
    static func sounds(_ output: UhidDevice.Output) -> Bool {
        output.bytes.count == 142 && output.bytes[0] == 0x32 && output.bytes[13..<77].contains { $0 != 0 }
    }

    /// `play heavy`: every report 0x32 is sealed and well formed, its counter +1 and its
    /// sequence +1 (mod 16) from the one before; a report 0x31 without the rumble emulation
    /// bits comes before the first; both channels correlate at 0.95 or more with the render
    /// taken every 16th frame and scaled to 8 bits (aligned on the first non-zero sample); the
    /// last is silent, and
    /// nothing sounds after the player exited.
    static func heavyMatchesTheRender(haptics: String) async throws {
        let render = try ChildProcess(haptics, ["render", "heavy", "--format", "wav"]).finishWithBytes()
        try expect(render.status == 0 && render.bytes.count > 44, "render heavy --format wav failed (status \(render.status))")
        let wave = render.bytes.dropFirst(44)
        let expected = stride(from: wave.startIndex, to: wave.endIndex - 1, by: 2).map {
            Int16(bitPattern: UInt16(wave[$0]) | UInt16(wave[$0 + 1]) << 8)
        }
        let pad = try VirtualDualSense(bluetooth: true)
        defer { pad.destroy() }
        usleep(Self.settling)
        let before = pad.device.outputs.count
        let (status, output) = try ChildProcess(haptics, ["play", "heavy", "--driver", "hidraw", "--device", "Wireless Controller"])
            .finish()
        let exited = Monotonic.now
        try expect(status == 0, "haptics play heavy --driver hidraw exited \(status): \(output)")
        usleep(200_000)
        let outputs = Array(pad.device.outputs.dropFirst(before))
        let reports = outputs.compactMap(DualSenseHapticsReport.init)
        let origin = reports.first?.at ?? exited
        let timeline = reports.map { "\n  \(Int((($0.at - origin).inMilliseconds).rounded()))ms \($0)" }.joined()
        try expect(!reports.isEmpty, "no report 0x32 reached the pad; haptics said: \(output)")
        try expect(reports.allSatisfy { $0.isSealed && $0.isWellFormed }, "a report 0x32 is not sealed or well formed: \(timeline)")
        for (previous, next) in zip(reports, reports.dropFirst()) {
            try expect(
                next.counter == previous.counter &+ 1 && next.sequence == (previous.sequence + 1) & 0x0F,
                "the counter or sequence did not go up by one: \(timeline)")
        }
        let firstIndex = try require(outputs.firstIndex { $0.bytes.first == 0x32 }, "no report 0x32")
        let handBack = try require(
            outputs[..<firstIndex].last.flatMap(DualSenseOutputReport.init), "no report 0x31 came before the first 0x32")
        try expect(
            handBack.validFlag0 & DualSenseOutputReport.motorBits == 0,
            "the report 0x31 before the stream sets the rumble emulation bits: \(handBack)")
        for (side, channel) in [("left", 0), ("right", 1)] {
            let played = reports.flatMap { side == "left" ? $0.left : $0.right }.map { Int16($0) }
            let predicted = stride(from: channel, to: expected.count, by: 2 * 16).map {
                Int16((Double(expected[$0]) * 127 / 32_767).rounded())
            }
            let start = try require(played.firstIndex { $0 != 0 }, "the \(side) actuator stayed silent: \(timeline)")
            let first = try require(predicted.firstIndex { $0 != 0 }, "the render's \(side) channel is silent")
            let reference = Array(predicted[first...])
            let heard = Array(played[start...].prefix(reference.count))
            let correlation = USBAudioDriverTests.correlation(heard, reference)
            print(
                "note: the \(side) actuator correlates \((correlation * 1000).rounded() / 1000) with the render over \(reference.count) samples"
            )
            try expect(
                correlation >= 0.95,
                "the \(side) actuator correlates \(correlation) with the render's every 16th frame (from the first difference: \(Array(heard.dropFirst(zip(heard, reference).prefix { $0 == $1 }.count).prefix(24))) heard, \(Array(reference.dropFirst(zip(heard, reference).prefix { $0 == $1 }.count).prefix(24))) rendered, \(zip(heard, reference).prefix { $0 == $1 }.count) alike); reports: \(timeline)"
            )
        }
        try expect(reports.last?.isSilent == true, "the last report 0x32 was not silent: \(timeline)")
        try expect(
            reports.allSatisfy { $0.at <= exited || $0.isSilent }, "a sounding report 0x32 arrived after the player exited: \(timeline)")
    }

    /// A 5 s continuous event stopped by SIGINT (status 130), SIGTERM (143), then `kill -9`
    /// (137): a silent report 0x32 follows the signal, and no sounding one arrives later than
    /// `silenceDeadline` after it.
    static func silentAfterSignals(haptics: String) async throws {
        let pad = try VirtualDualSense(bluetooth: true)
        defer { pad.destroy() }
        usleep(Self.settling)
        let file = "/tmp/bluetooth-continuous-5s.ahap"
        try SignalledPlay.write(SignalledPlay.continuous, to: file)
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGKILL, Int32(137))] {
            let before = pad.device.outputs.count
            let signalled = try SignalledPlay.stop(
                haptics, ["play", file, "--driver", "hidraw", "--device", "Wireless Controller"], with: signal, status: status,
                silence: "no sounding report 0x32 arrived"
            ) { pad.device.outputs.dropFirst(before).contains(where: Self.sounds) }
            let after = pad.device.outputs.dropFirst(before).compactMap(DualSenseHapticsReport.init).filter { $0.at >= signalled }
            let timeline = after.map { "\n  \(Int((($0.at - signalled).inMilliseconds).rounded()))ms \($0)" }.joined()
            try expect(after.allSatisfy(\.isSealed), "after signal \(signal) a report 0x32 is not sealed: \(timeline)")
            let silence = try require(after.first(where: \.isSilent), "no silent report 0x32 followed signal \(signal): \(timeline)")
            try expect(
                silence.at - signalled <= silenceDeadline,
                "the silence came \(Int((silence.at - signalled).inMilliseconds)) ms after signal \(signal): \(timeline)")
            try expect(after.last?.isSilent == true, "after signal \(signal) the last report 0x32 sounds: \(timeline)")
            let late = after.filter { $0.at > signalled + silenceDeadline && !$0.isSilent }
            try expect(late.isEmpty, "sound arrived later than \(silenceDeadline) after signal \(signal): \(timeline)")
            print(
                "note: after signal \(signal) the silent report 0x32 reached the pad \(Int((silence.at - signalled).inMilliseconds)) ms later"
            )
        }
    }
}
