// A libFuzzer fuzzer for the feedbackd theme loader and the theme renderer: whatever the
// bytes, loading either fails with an error or gives a theme each of whose feedbacks renders
// with levels in 0...1, feedbackd's timeline never playing past its end, and the pad's
// rendering ending when feedbackd's timeline does. The pattern files a theme names read as a
// preset. Built and run by scripts/fuzz.sh (`make fuzz`) against the FeedbackTheme product's
// public API.

import CLibFuzzer
import FeedbackTheme
import Haptics

/// Reads `size` bytes at `data` as a theme file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThemeLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loader = ThemeLoader { _, _ throws(PatternLoadError) in LoadedPattern(pattern: Preset.impact(.medium).pattern) }
    guard let loaded = try? loader.decode(bytes, file: "fuzz.json") else { return 0 }
    let renderer = ThemeRenderer(maximumStrength: Double(bytes.first ?? 255) / 255)
    for feedback in loaded.theme.profiles.values.flatMap(\.values) {
        let exact = renderer.timeline(for: feedback)
        let pad = renderer.render(feedback)
        if pad.end != exact.end { fatalError("the pad's rendering ends at \(pad.end), feedbackd's at \(exact.end): \(feedback)") }
        for frame in exact.track.frames + pad.track.frames where !(0...1).contains(frame.strong) || !(0...1).contains(frame.weak) {
            fatalError("a level out of 0...1: \(frame) in \(feedback)")
        }
        if case .haptics = feedback { continue }
        if exact.track.duration > exact.end {
            fatalError("feedbackd's timeline plays to \(exact.track.duration), past its end \(exact.end)")
        }
    }
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzThemeLoader)
