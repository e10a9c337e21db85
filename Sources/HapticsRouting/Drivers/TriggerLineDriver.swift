import HapticsHidraw
package import HapticsModel
package import HapticsPlayback

/// A driver that writes, for each frame, what a trigger locality's triggers play, where a line
/// driver (the terminal, a recording) writes its frames: the vibration the hidraw driver sends
/// a DualSense's trigger (`DualSenseTriggerBlock(vibrationOf:)`), the frame's amplitude
/// (`FrameCharacter`, gain applied: what any pad's trigger plays) at the frequency its
/// sharpness gives (`DualSenseTriggerBlock.hertz`, 10 to 160 Hz).
///
/// In JSON, `{"t_ms":0,"duration_ms":60,"trigger":"left","amplitude":1,"frequency_hz":85}`
/// (`trigger` is `left`, `right` or `both`; a silent frame has `frequency_hz` null, the
/// trigger back to no effect); in text, the time, the trigger, the amplitude with its bar, the
/// frequency and the duration.
package struct TriggerLineDriver: HapticDriver {
    /// The trigger locality played: `triggers`, `left-trigger` or `right-trigger`.
    package let locality: Locality
    /// The line driver the lines go to (its format and its writer).
    package let lines: StdoutDriver

    /// A driver writing what `locality`'s triggers play through `lines`.
    package init(_ lines: StdoutDriver, locality: Locality) {
        self.lines = lines
        self.locality = locality
    }

    /// Whether `locality` names triggers only.
    package static func plays(_ locality: Locality) -> Bool {
        locality.parts.allSatisfy(\.isTrigger)
    }

    /// Nothing to get ready.
    package func prepare() { lines.prepare() }

    /// Writes what the triggers play for `frame`.
    package func apply(_ frame: RumbleFrame) {
        lines.write(line(for: frame))
    }

    /// Writes the stop line.
    package func stop() { lines.stop() }

    /// Nothing to release.
    package func close() { lines.close() }

    /// The line for `frame`, in the line driver's format.
    package func line(for frame: RumbleFrame) -> String {
        let character = FrameCharacter(frame)
        let hertz = frame.isSilent ? nil : Int(DualSenseTriggerBlock.hertz(character.sharpness))
        switch lines.format {
        case .json:
            let object = JSONValue.object([
                ("t_ms", .number(frame.start.inMilliseconds)), ("duration_ms", .number(frame.duration.inMilliseconds)),
                ("trigger", .string(side)), ("amplitude", .number(frame.isSilent ? 0 : character.amplitude)),
                ("frequency_hz", hertz.map { .number(Double($0)) } ?? .null),
            ])
            return JSONWriter.string(object, layout: .compact, numbers: FrameFormat.numbers)
        case .text:
            let time = "\(Int(frame.start.inMilliseconds.rounded()))"
            let length = frame.isSilent && frame.duration == .zero ? "off" : "\(Int(frame.duration.inMilliseconds.rounded())) ms"
            let frequency = hertz.map { "\($0) Hz" } ?? ""
            return String(repeating: " ", count: max(0, 7 - time.count)) + time + " ms  " + name + " "
                + FrameFormat.level(frame.isSilent ? 0 : character.amplitude) + "  "
                + String(repeating: " ", count: max(0, 6 - frequency.count)) + frequency + "  " + length
        }
    }

    /// The trigger in a JSON line: `left`, `right` or `both`.
    private var side: String {
        switch locality {
        case .leftTrigger: "left"
        case .rightTrigger: "right"
        case .all, .handles, .leftHandle, .rightHandle, .triggers, .trackpads, .leftTrackpad, .rightTrackpad: "both"
        }
    }

    /// The trigger in a text line, padded to one width.
    private var name: String {
        switch locality {
        case .leftTrigger: "left trigger "
        case .rightTrigger: "right trigger"
        case .all, .handles, .leftHandle, .rightHandle, .triggers, .trackpads, .leftTrackpad, .rightTrackpad: "triggers     "
        }
    }
}
