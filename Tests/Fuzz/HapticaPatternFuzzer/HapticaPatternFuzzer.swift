// A libFuzzer fuzzer for the Haptica parser: whatever the text (taken as UTF-8, invalid
// sequences repaired) and whatever the wait, parsing gives a pattern whose impacts start at
// multiples of the wait and in order, and it renders. Built and run by scripts/fuzz.sh
// (`make fuzz`) against the Haptics product's public API.

import CLibFuzzer
import Haptics

/// Reads `size` bytes at `data`: the first byte picks the wait, the rest is the string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHapticaPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let wait = Double(first) / 1000
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let (notes, _) = HapticaPattern.notes(in: text, wait: wait)
    for (earlier, later) in zip(notes, notes.dropFirst()) where later.time < earlier.time {
        fatalError("notes out of order: \(earlier) before \(later)")
    }
    let loaded = HapticaPattern.load(text, wait: wait)
    if loaded.pattern.events.count != notes.count {
        fatalError("\(notes.count) notes gave \(loaded.pattern.events.count) events")
    }
    _ = Renderer(settings: RenderSettings(step: .milliseconds(50))).render(loaded.pattern)
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzHapticaPattern)
