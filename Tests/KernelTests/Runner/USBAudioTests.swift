import Glibc
import VirtualDevices

/// The USB DualSense over USB/IP (`VirtualUSBDualSense`): the kernel's own drivers bind its
/// HID and audio functions.
enum USBAudioTests {
    /// The tests, named "usb audio ..."; those that play need `toneWriter`, a plain alsa-lib
    /// player (ToneWriter/tone-writer.c).
    /// With `latencyRounds` (and `haptics`), also the latency side by side: the plain writer's
    /// and `haptics play rigid --driver audio`'s, each from its start to its first non-zero
    /// sample at the device, over that many plays each.
    static func all(toneWriter: String?, haptics: String? = nil, latencyRounds: Int? = nil) -> [KernelTest] {
        [KernelTest(name: "usb audio: hid-playstation and snd-usb-audio bind the USB DualSense", body: bindsBothFunctions)]
            + (toneWriter.map { writer in
                [
                    KernelTest(name: "usb audio: a plain ALSA writer's tone arrives on channels 3-4, 1-2 silent, silent after kill -9") {
                        try await toneArrives(writer: writer)
                    }
                ]
            } ?? [])
            + (toneWriter.flatMap { writer in
                latencyRounds.map { rounds in
                    [
                        KernelTest(name: "usb audio latency: haptics --driver audio and a plain C alsa-lib writer, start to first sample") {
                            try await latencySideBySide(writer: writer, haptics: haptics, rounds: rounds)
                        }
                    ]
                }
            } ?? [])
    }

    /// Starts the plain writer (a 200 Hz tone for 100 ms, 256-frame periods) and, given
    /// `haptics`, `haptics play rigid --driver audio`, alternately, `rounds` times each, and
    /// prints the p50 and p99 of the time from each start to the end of the 1 ms slot whose
    /// packet first carries a non-zero sample on channels 3-4 (and the p50 of two stages on the
    /// way: the stream set up, snd-usb-audio's SET_INTERFACE as the PCM is prepared, and the
    /// submission of the first transfer that carries sound), then the figures as one
    /// `@@AUDIO-LATENCY` JSON line (scripts/bench-audio-latency.sh keeps it).
    static func latencySideBySide(writer: String, haptics: String?, rounds: Int) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        let players: [(name: String, program: String, arguments: [String])] =
            [("c_writer", writer, ["hw:Controller", "200", "100", "256"])]
            + (haptics.map { [("haptics", $0, ["play", "rigid", "--driver", "audio", "--device", "Wireless Controller"])] } ?? [])
        var latencies = [[Double]](repeating: [], count: players.count)
        var stages = [(configured: [Double], submitted: [Double])](repeating: ([], []), count: players.count)
        for round in 0..<rounds {
            for (index, player) in players.enumerated() {
                let before = pad.isochronousPackets.count
                let start = Monotonic.now
                let child = try ChildProcess(player.program, player.arguments)
                var first: USBIPServer.IsochronousPacket?
                _ = Monotonic.wait(upTo: .seconds(3)) {
                    first = pad.isochronousPackets.dropFirst(before).first { !isSilent($0.payload, channels: 2..<4) }
                    return first != nil
                }
                let (status, output) = child.finish()
                let arrival = try require(first, "round \(round): no sample of \(player.name) arrived (exit \(status)): \(output)")
                latencies[index].append((arrival.time - start).inMilliseconds)
                let configured = pad.server.controlRequests.first { $0.time > start && $0.data[1] == 0x0B }
                stages[index].configured.append(((configured?.time ?? arrival.submitted) - start).inMilliseconds)
                stages[index].submitted.append((arrival.submitted - start).inMilliseconds)
                usleep(50_000)
            }
        }
        var fields: [String] = []
        for (index, player) in players.enumerated() {
            let (p50, p99) = LatencyBenchmark.summary(latencies[index])
            let configured = LatencyBenchmark.summary(stages[index].configured).p50
            let submitted = LatencyBenchmark.summary(stages[index].submitted).p50
            print(
                "usb audio latency, \(player.name): p50 \((p50 * 100).rounded() / 100) ms, p99 \((p99 * 100).rounded() / 100) ms over \(rounds) plays"
                    + " (p50s: stream set up \((configured * 100).rounded() / 100) ms, first transfer submitted \((submitted * 100).rounded() / 100) ms)"
            )
            fields.append("\"\(player.name)\":{\"start_to_first_sample_ms\":{\"p50\":\(p50),\"p99\":\(p99)}}")
        }
        print("@@AUDIO-LATENCY {\(fields.joined(separator: ","))}")
    }

    /// hid-playstation registers the gamepad and sends its output reports on the interrupt OUT
    /// endpoint; snd-usb-audio makes card `Controller` whose playback stream is 4 channels of
    /// S16_LE at 48 kHz.
    static func bindsBothFunctions() async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        let (_, card) = try pad.waitForBinding()
        let stream = readText("/proc/asound/card\(card)/stream0") ?? ""
        for fact in ["Format: S16_LE", "Channels: 4", "Rates: 48000"] {
            try expect(stream.contains(fact), "card \(card)'s stream0 lacks \"\(fact)\":\n\(stream)")
        }
        try expect(
            Monotonic.wait(upTo: .seconds(2)) { pad.outputReports.contains { $0.first == 0x02 } },
            "hid-playstation sent no output report 0x02 on the interrupt OUT endpoint")
    }

    /// A 200 Hz tone written to `hw:Controller` by the plain C writer arrives in the
    /// isochronous data on channels 3-4 (its zero crossings give 200 Hz within 5 %), with
    /// channels 1-2 silent; after `kill -9` no non-zero sample arrives later than 100 ms.
    static func toneArrives(writer: String) async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        let child = try ChildProcess(writer, ["hw:Controller", "200", "10000", "256"])
        let sounding = Monotonic.wait(upTo: .seconds(3)) { pad.isochronousPackets.contains { !isSilent($0.payload, channels: 2..<4) } }
        guard sounding else {
            child.kill(SIGKILL)
            throw TestFailure(description: "no tone arrived on channels 3-4; the writer said: \(child.finish().output)")
        }
        usleep(300_000)
        child.kill(SIGKILL)
        let killed = Monotonic.now
        _ = child.finish()
        usleep(300_000)
        let packets = pad.isochronousPackets
        let playing = packets.filter { $0.time < killed }
        try expect(playing.allSatisfy { isSilent($0.payload, channels: 0..<2) }, "channels 1-2 carried sound")
        let left = playing.flatMap { samples($0.payload, channel: 2) }
        let start = try require(left.firstIndex { $0 != 0 }, "channel 3 stayed silent")
        let tone = left[start...]
        let crossings = zip(tone, tone.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let frequency = Double(crossings) / 2 / (Double(tone.count) / 48_000)
        try expect(abs(frequency - 200) < 10, "channel 3's tone is \(Int(frequency)) Hz, expected 200 Hz")
        try expect(
            playing.map { samples($0.payload, channel: 2) } == playing.map { samples($0.payload, channel: 3) },
            "channels 3 and 4 differ")
        let late = packets.filter { $0.time > killed + .milliseconds(100) && !isSilent($0.payload, channels: 0..<4) }
        try expect(
            late.isEmpty,
            "sound arrived \(late.last.map { Int(($0.time - killed).inMilliseconds) } ?? 0) ms after kill -9")
    }

    /// The 16-bit samples of `channel` (0-based) in a packet of 4-channel frames.
    static func samples(_ payload: [UInt8], channel: Int) -> [Int16] {
        stride(from: channel * 2, to: payload.count - 1, by: 8).map {
            Int16(bitPattern: UInt16(payload[$0]) | UInt16(payload[$0 + 1]) << 8)
        }
    }

    /// Whether every sample of `channels` in the packet is zero.
    static func isSilent(_ payload: [UInt8], channels: Range<Int>) -> Bool {
        channels.allSatisfy { samples(payload, channel: $0).allSatisfy { $0 == 0 } }
    }
}
