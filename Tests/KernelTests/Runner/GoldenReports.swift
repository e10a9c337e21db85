import CKernelTestSupport
import Glibc
import Haptics
import HapticsEvdev
import HapticsTesting
import VirtualDevices

/// What the kernel hands each emulated pad for a pattern, written as the text of a golden file:
/// one line per level change (or per upload, play and stop on a uinput pad), so that a change
/// in the bytes shows up in review.
///
/// The kernel's timing is not deterministic (the memless helper applies a level on its next
/// tick, a pad's driver sends from a work item, hid-nintendo paces its packets on the pad's
/// input reports), so real-time playback merges levels differently from run to run. Here the
/// evdev driver is stepped through the frames the engine renders, one level at a time, and
/// each level is waited for at the pad before the next: every level the pattern sets reaches
/// the pad, in order, and what is recorded is the bytes, not when they came. A line's time is
/// the start of the frame that set the level, from the rendered frames.
enum GoldenReports {
    /// A pattern the golden files cover, with its file's name and a title for its header.
    struct Pattern: Sendable {
        /// The golden file's name, without `.txt`.
        let name: String
        /// What the pattern is, for the file's header.
        let title: String
        /// The frames the engine hands a driver for it.
        let frames: [RumbleFrame]
    }

    /// The Haptica string the golden files cover: three impacts falling, a beat apart.
    static let hapticaString = "O-o-."

    /// The nine presets, the AHAP file at `ahapFile` and `hapticaString`, each as the frames
    /// the engine hands its driver.
    static func patterns(ahapFile: String) async throws -> [Pattern] {
        var patterns: [Pattern] = []
        for preset in Preset.allCases {
            patterns.append(Pattern(name: preset.name, title: "the preset \(preset.name)", frames: try await frames(of: preset.pattern)))
        }
        let base = String(ahapFile.split(separator: "/").last ?? Substring(ahapFile))
        let ahap = try PatternFile.load(contentsOf: ahapFile).pattern
        patterns.append(Pattern(name: "ahap", title: "the AHAP file \(base)", frames: try await frames(of: ahap)))
        let haptica = HapticaPattern.load(hapticaString).pattern
        patterns.append(Pattern(name: "haptica", title: "the Haptica string \(hapticaString)", frames: try await frames(of: haptica)))
        return patterns
    }

    /// The frames the engine hands a driver for `pattern`, on a manual clock, starting at 0.
    private static func frames(of pattern: HapticPattern) async throws -> [RumbleFrame] {
        let recorder = RecordingDriver()
        let clock = ManualClock()
        let engine = HapticEngine(driver: recorder, clock: clock)
        try await engine.start()
        let handle = engine.play(Renderer().render(pattern))
        await clock.run()
        if case .failed(let error)? = await handle.finished() { throw TestFailure(description: "rendering failed: \(error)") }
        let origin = recorder.frames.first?.start ?? .zero
        return recorder.frames.map { frame in
            var frame = frame
            frame.start -= origin
            return frame
        }
    }

    // MARK: - uhid pads

    /// How long a level is held while it is waited for at the pad: the effect must outlast the
    /// wait, or the memless helper would stop it and the pad would show a silence the pattern
    /// does not have.
    private static let heldFor = Duration.seconds(10)

    /// The level changes the frames make on `pad`: one line per distinct level its driver
    /// sent, then the stop after the last frame.
    static func lines(for frames: [RumbleFrame], on pad: any VirtualRumblePad) throws -> [String] {
        let padType = type(of: pad)
        let driver = EvdevDriver(selection: .path(pad.node))
        defer { driver.close() }
        try driver.prepare()
        var lines: [String] = []
        var current = MotorLevels.off
        /// Waits for `level` at the pad, then adds a line for each level the pad went through
        /// since its first `start` output reports (normally only `level`).
        func reach(_ level: MotorLevels, after start: Int, label: String) throws {
            func reports() -> [(bytes: [UInt8], levels: MotorLevels)] {
                pad.device.outputs.dropFirst(start).compactMap { output in padType.motorLevels(in: output.bytes).map { (output.bytes, $0) }
                }
            }
            let reached = Monotonic.wait(upTo: .seconds(3)) { reports().contains { $0.levels == level } }
            try expect(reached, "\(label): the pad never reported \(level); it reported \(reports().map(\.levels))")
            for report in reports() {
                if report.levels != current {
                    lines.append(line(label, padType.describe(report.bytes), hex(report.bytes, masking: padType.varyingBytes)))
                    current = report.levels
                }
                if report.levels == level { break }
            }
        }
        for frame in frames {
            let level = PadPlayback.levels(for: frame, on: pad)
            guard level != current else { continue }
            let start = pad.device.outputs.count
            var held = frame
            if !frame.isSilent { held.duration = heldFor }
            try driver.apply(held)
            try reach(level, after: start, label: milliseconds(frame.start))
        }
        let start = pad.device.outputs.count
        try driver.stop()
        if current != .off { try reach(.off, after: start, label: "end") }
        return lines
    }

    // MARK: - uinput pads

    /// What a uinput pad receives for the frames: one line per upload, play, stop and erase,
    /// from the driver's preparing the pad to its stop after the last frame.
    static func lines(for frames: [RumbleFrame], on pad: VirtualGamepad) throws -> [String] {
        pad.reset()
        let driver = EvdevDriver(selection: .path(pad.node))
        defer { driver.close() }
        var lines: [String] = []
        /// Runs `step`, waits until the pad received a record `done` accepts, and adds a line
        /// for each record since.
        func record(_ label: String, until done: (VirtualGamepad.Record) -> Bool, _ step: () throws -> Void) throws {
            let start = pad.records.count
            try step()
            let arrived = Monotonic.wait(upTo: .seconds(3)) { pad.records.dropFirst(start).contains { done($0.record) } }
            try expect(arrived, "\(label): the pad did not receive what the driver sent: \(pad.records.dropFirst(start).map(\.record))")
            lines += pad.records.dropFirst(start).map { line(label, describe($0.record)) }
        }
        try record("prepare", until: isUpload) { try driver.prepare() }
        var playing = false
        for frame in frames {
            // A silent frame while nothing plays sends nothing.
            if frame.isSilent && !playing { continue }
            try record(milliseconds(frame.start), until: isPlay) { try driver.apply(frame) }
            playing = !frame.isSilent
        }
        try record("end", until: isErase) { try driver.stop() }
        return lines
    }

    private static func isUpload(_ record: VirtualGamepad.Record) -> Bool {
        if case .upload = record { true } else { false }
    }

    private static func isPlay(_ record: VirtualGamepad.Record) -> Bool {
        if case .play = record { true } else { false }
    }

    private static func isErase(_ record: VirtualGamepad.Record) -> Bool {
        if case .erase = record { true } else { false }
    }

    /// A uinput record as a line's fields.
    private static func describe(_ record: VirtualGamepad.Record) -> String {
        switch record {
        case .upload(let id, let type, let strong, let weak, let length):
            let kind = type == UInt16(FF_RUMBLE) ? "rumble" : type == UInt16(FF_PERIODIC) ? "periodic" : "type \(type)"
            return "upload id \(id) \(kind) strong \(strong) weak \(weak) length \(length)ms"
        case .erase(let id): return "erase id \(id)"
        case .play(let id, let value): return value == 0 ? "stop id \(id)" : "play id \(id)"
        case .gain(let gain): return "gain \(gain)"
        }
    }

    // MARK: - Text

    /// A line: the label in a column of 8, then the fields, two spaces apart.
    private static func line(_ label: String, _ fields: String...) -> String {
        ([label + String(repeating: " ", count: max(8 - label.count, 0))] + fields).joined(separator: "  ")
    }

    /// `120ms`: a frame's start in whole milliseconds.
    private static func milliseconds(_ start: Duration) -> String {
        "\(Int(start.inMilliseconds.rounded()))ms"
    }

    /// The report in hex, its id first, trailing zero bytes left out; `..` for the bytes at
    /// `masking`.
    static func hex(_ report: [UInt8], masking: Set<Int>) -> String {
        let length = (report.lastIndex { $0 != 0 } ?? 0) + 1
        return report.prefix(length).enumerated().map { index, byte in
            masking.contains(index) ? ".." : (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined(separator: " ")
    }
}
