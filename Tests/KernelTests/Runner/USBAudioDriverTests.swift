import Glibc
import VirtualDevices

/// `haptics --driver audio` on the USB DualSense over USB/IP (`VirtualUSBDualSense`): what
/// reaches the pad's isochronous stream, against what `haptics render --format wav` predicts.
enum USBAudioDriverTests {
    /// The tests, named "usb audio: haptics --driver audio ...", which need `haptics`.
    static func all(haptics: String?) -> [KernelTest] {
        guard let haptics else { return [] }
        return [
            KernelTest(name: "usb audio: haptics --driver audio plays heavy on channels 3-4 as render --format wav predicts, 1-2 silent") {
                try await heavyMatchesTheRender(haptics: haptics, driver: "audio")
            },
            KernelTest(name: "usb audio: haptics --driver auto plays the handles on the voice coils, as render --format wav predicts") {
                try await heavyMatchesTheRender(haptics: haptics, driver: "auto")
            },
            KernelTest(name: "usb audio: haptics --driver audio plays a sharpness 0.9 transient higher than a 0.1 one") {
                try await sharpnessRaisesTheFrequency(haptics: haptics)
            },
            KernelTest(name: "usb audio: haptics --driver audio falls silent within 100 ms of SIGINT, SIGTERM and kill -9") {
                try await silentAfterSignals(haptics: haptics)
            },
            KernelTest(name: "usb audio: after evdev rumble, haptics --driver audio hands the voice coils back before its stream") {
                try await handsBackAfterEvdevRumble(haptics: haptics)
            },
            KernelTest(
                name: "usb audio: with the card held by another program, haptics --driver auto plays evdev rumble after one note naming it"
            ) {
                try await busyCardFallsBackToEvdevRumble(haptics: haptics)
            },
            KernelTest(name: "usb audio: haptics devices shows the USB DualSense's sound card") {
                try await devicesShowTheCard(haptics: haptics)
            },
        ]
    }

    /// `play heavy` reaches channels 3 and 4 as `render heavy --format wav` has them (each
    /// correlates at 0.95 or more, aligned on the first non-zero sample), and 1-2 stay silent.
    static func heavyMatchesTheRender(haptics: String, driver: String) async throws {
        let render = try ChildProcess(haptics, ["render", "heavy", "--format", "wav"]).finishWithBytes()
        try expect(render.status == 0 && render.bytes.count > 44, "render heavy --format wav failed (status \(render.status))")
        let wave = render.bytes.dropFirst(44)
        let expected = stride(from: wave.startIndex, to: wave.endIndex - 1, by: 2).map {
            Int16(bitPattern: UInt16(wave[$0]) | UInt16(wave[$0 + 1]) << 8)
        }
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        let packets = try play(haptics, ["play", "heavy"], driver: driver, on: pad)
        try expect(packets.allSatisfy { USBAudioTests.isSilent($0.payload, channels: 0..<2) }, "channels 1-2 carried sound")
        for (channel, side) in [(2, "left"), (3, "right")] {
            let played = packets.flatMap { USBAudioTests.samples($0.payload, channel: channel) }
            let predicted = stride(from: channel - 2, to: expected.count, by: 2).map { expected[$0] }
            let start = try require(played.firstIndex { $0 != 0 }, "channel \(channel + 1) stayed silent")
            let first = try require(predicted.firstIndex { $0 != 0 }, "the render's \(side) channel is silent")
            let reference = Array(predicted[first...])
            let heard = Array(played[start...].prefix(reference.count))
            let correlation = Self.correlation(heard, reference)
            let span: Int = (played.lastIndex { $0 != 0 } ?? start) - start + 1
            let differs: Int = heard.indices.first { $0 < reference.count && heard[$0] != reference[$0] } ?? 0
            let from: Int = max(differs - 4, 0)
            let heardThere = Array(heard.dropFirst(from).prefix(12))
            let renderedThere = Array(reference.dropFirst(from).prefix(12))
            var gaps: [String] = []
            var index = start
            let sounding = Array(played[start...])
            while index - start < sounding.count {
                let offset = index - start
                if sounding[offset] == 0 {
                    let length = sounding[offset...].prefix { $0 == 0 }.count
                    if length >= 8 { gaps.append("\(offset)+\(length)") }
                    index += length
                } else {
                    index += 1
                }
            }
            let facts: String =
                "gaps \(gaps.prefix(12)); "
                + "\(heard.count) of \(reference.count) samples heard, sounding span \(span); first difference at \(differs): "
                + "\(heardThere) heard, \(renderedThere) rendered"
            try expect(
                correlation >= 0.95,
                "channel \(channel + 1) correlates \(Self.rounded(correlation)) with the render's \(side) channel (\(facts))")
        }
    }

    /// Evdev rumble makes hid-playstation send report 0x02 with `HAPTICS_SELECT` (0x02 in
    /// `valid_flag0`), which hands the coils to the rumble emulation; `play --driver audio` then
    /// sends a report 0x02 with neither 0x01 nor 0x02 before the first sounding sample arrives.
    static func handsBackAfterEvdevRumble(haptics: String) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        let (rumbled, rumbleOutput) = try ChildProcess(
            haptics, ["play", "heavy", "--driver", "evdev", "--device", "Wireless Controller"]
        ).finish()
        try expect(rumbled == 0, "play heavy --driver evdev exited \(rumbled): \(rumbleOutput)")
        let emulation = pad.outputReports.filter { $0.count > 1 && $0[0] == 0x02 && $0[1] & 0x02 != 0 }
        try expect(!emulation.isEmpty, "evdev rumble sent no report 0x02 with HAPTICS_SELECT: \(pad.outputReports.map { $0.prefix(4) })")
        let before = pad.outputTransfers.count
        let packets = try play(haptics, ["play", "heavy"], on: pad)
        let sounding = try require(
            packets.first { !USBAudioTests.isSilent($0.payload, channels: 2..<4) }, "channels 3-4 stayed silent")
        let reports = pad.outputTransfers.dropFirst(before)
        let handBack = reports.first { $0.data.count > 1 && $0.data[0] == 0x02 && $0.data[1] & 0x03 == 0 }
        try expect(
            handBack.map { $0.time <= sounding.time } == true,
            "no report 0x02 without the rumble emulation bits came before the first sounding sample: "
                + "\(reports.map { ($0.data.prefix(3), $0.time - sounding.time) })")
    }

    /// With the card's playback PCM open in this program, `play heavy --driver auto` cannot
    /// open it: it exits 0 after one `note:` naming this program as the holder and saying the
    /// handles play through evdev rumble, and the rumble reaches the pad (report 0x02 with
    /// the rumble emulation's bit and a motor on) while no sound reaches channels 3-4.
    static func busyCardFallsBackToEvdevRumble(haptics: String) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        let (_, card) = try pad.waitForBinding()
        let node = "/dev/snd/pcmC\(card)D0p"
        let holder = open(node, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        try expect(holder >= 0, "open \(node): \(String(cString: strerror(errno)))")
        defer { close(holder) }
        let (reports, packets) = (pad.outputReports.count, pad.isochronousPackets.count)
        let (status, output) = try ChildProcess(haptics, ["play", "heavy", "--driver", "auto", "--device", "Wireless Controller"])
            .finish()
        let notes = output.split(separator: "\n").filter { $0.contains("note:") }
        try expect(
            status == 0 && notes.count == 1 && notes[0].contains("is busy: held by")
                && notes[0].contains("(pid \(getpid()))") && notes[0].hasSuffix("; playing the handles through evdev rumble"),
            "play heavy --driver auto with \(node) held exited \(status): \(output)")
        usleep(200_000)
        let rumble = pad.outputReports.dropFirst(reports).filter { $0.count > 4 && $0[0] == 0x02 && $0[1] & 0x01 != 0 }
        try expect(
            rumble.contains { $0[3] != 0 || $0[4] != 0 },
            "no report 0x02 turned a motor on: \(pad.outputReports.dropFirst(reports).map { $0.prefix(5) })")
        try expect(
            pad.isochronousPackets.dropFirst(packets).allSatisfy { USBAudioTests.isSilent($0.payload, channels: 0..<4) },
            "sound reached the pad's channels although its card was held")
    }

    /// A transient of sharpness 0.9 has a higher dominant frequency on channel 3 than one of
    /// sharpness 0.1.
    static func sharpnessRaisesTheFrequency(haptics: String) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        var frequencies: [Double] = []
        for sharpness in [0.1, 0.9] {
            let file = "/tmp/transient-\(Int(sharpness * 10)).ahap"
            try SignalledPlay.write(Self.transient(sharpness: sharpness), to: file)
            let packets = try play(haptics, ["play", file], on: pad)
            let samples = packets.flatMap { USBAudioTests.samples($0.payload, channel: 2) }
            let start = try require(samples.firstIndex { $0 != 0 }, "the sharpness \(sharpness) transient stayed silent")
            let end = samples.lastIndex { $0 != 0 } ?? start
            frequencies.append(Self.dominantFrequency(Array(samples[start...end])))
        }
        try expect(
            frequencies[1] > frequencies[0],
            "the sharpness 0.9 transient's dominant frequency (\(Int(frequencies[1])) Hz) is not above the 0.1 one's (\(Int(frequencies[0])) Hz)"
        )
    }

    /// A 5 s continuous event stopped by SIGINT (status 130), SIGTERM (143), then `kill -9` (137): no
    /// non-zero sample arrives later than 100 ms after the signal.
    static func silentAfterSignals(haptics: String) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        let file = "/tmp/continuous-5s.ahap"
        try SignalledPlay.write(SignalledPlay.continuous, to: file)
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGKILL, Int32(137))] {
            let before = pad.isochronousPackets.count
            let signalled = try SignalledPlay.stop(
                haptics, ["play", file, "--driver", "audio", "--device", "Wireless Controller"], with: signal, status: status,
                silence: "nothing arrived on channels 3-4"
            ) { pad.isochronousPackets.dropFirst(before).contains { !USBAudioTests.isSilent($0.payload, channels: 2..<4) } }
            let late = pad.isochronousPackets.dropFirst(before).filter {
                $0.time > signalled + .milliseconds(100) && !USBAudioTests.isSilent($0.payload, channels: 0..<4)
            }
            try expect(
                late.isEmpty,
                "sound arrived \(late.last.map { Int(($0.time - signalled).inMilliseconds) } ?? 0) ms after signal \(signal)")
            let last = pad.isochronousPackets.dropFirst(before).last { !USBAudioTests.isSilent($0.payload, channels: 0..<4) }
            let lastAt = last.map { Int(($0.time - signalled).inMilliseconds) } ?? 0
            print("note: after signal \(signal) the last sound reached the pad at \(lastAt) ms")
        }
    }

    /// `haptics devices` ends the pad's line with its card, and `--json` gives it as `audio`.
    static func devicesShowTheCard(haptics: String) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        let (node, card) = try pad.waitForBinding()
        let (status, output) = try ChildProcess(haptics, ["devices"]).finish()
        let line = output.split(separator: "\n").first { $0.contains(node) }.map(String.init) ?? ""
        try expect(
            status == 0 && line.hasSuffix("; voice coils on hw:Controller (USB audio: auto plays the handles there)"),
            "haptics devices (exit \(status)) lists \(node) as: \(line)")
        let json = try ChildProcess(haptics, ["devices", "--json"]).finish().output
        try expect(
            json.contains(#""audio":{"card":"hw:Controller","node":"/dev/snd/pcmC\#(card)D0p"}"#),
            "haptics devices --json: \(json)")
    }

    /// Plays `arguments` with `--driver DRIVER --device "Wireless Controller"` (`audio` unless
    /// told) to its end (status 0, no notice), then returns the packets that arrived from its
    /// start until the stream stopped.
    private static func play(
        _ haptics: String, _ arguments: [String], driver: String = "audio", on pad: VirtualUSBDualSense
    ) throws -> [USBIPServer.IsochronousPacket] {
        let before = pad.isochronousPackets.count
        let (status, output) = try ChildProcess(haptics, arguments + ["--driver", driver, "--device", "Wireless Controller"]).finish()
        try expect(
            status == 0 && !output.contains("note:"),
            "haptics \(arguments.joined(separator: " ")) --driver \(driver) exited \(status): \(output)")
        pad.waitUntilStreamStops()
        return Array(pad.isochronousPackets.dropFirst(before))
    }

    /// Pearson's correlation of two equally long series (0 when either is constant).
    static func correlation(_ a: [Int16], _ b: [Int16]) -> Double {
        let count = min(a.count, b.count)
        guard count > 1 else { return 0 }
        let x = a.prefix(count).map(Double.init)
        let y = b.prefix(count).map(Double.init)
        let (meanX, meanY) = (x.reduce(0, +) / Double(count), y.reduce(0, +) / Double(count))
        var (sxy, sxx, syy) = (0.0, 0.0, 0.0)
        for index in 0..<count {
            let (dx, dy) = (x[index] - meanX, y[index] - meanY)
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
    }

    /// The frequency, from 40 to 600 Hz in 2 Hz steps, at which `samples` (48 kHz) carry the
    /// most energy.
    static func dominantFrequency(_ samples: [Int16]) -> Double {
        var best = (frequency: 0.0, power: -1.0)
        for frequency in stride(from: 40.0, through: 600, by: 2) {
            var (re, im) = (0.0, 0.0)
            for (index, sample) in samples.enumerated() {
                let angle = 2 * Double.pi * frequency * Double(index) / 48_000
                re += Double(sample) * cos(angle)
                im -= Double(sample) * sin(angle)
            }
            let power = re * re + im * im
            if power > best.power { best = (frequency, power) }
        }
        return best.frequency
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// An AHAP pattern of one full-intensity transient at `sharpness`.
    private static func transient(sharpness: Double) -> String {
        """
        {"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [
        {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": \(sharpness)}]}}]}
        """
    }
}
