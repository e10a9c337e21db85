// A libFuzzer fuzzer for the `.haptic` loader: whatever the bytes, loading returns a
// pattern or a typed error, and what loads renders and survives the AHAP writer's round trip
// (the written AHAP loads back and renders exactly the same frames). Built and run by
// scripts/fuzz.sh (`make fuzz`) against the Haptics product's public API.

import CLibFuzzer
import Haptics

/// Loads `size` bytes at `data` as a `.haptic` clip and renders what loads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLofeltHapticLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let loaded = try? LofeltHapticLoader.decode(bytes, file: "fuzz.haptic") {
        let renderer = Renderer(settings: RenderSettings(step: .milliseconds(50)))
        let track = renderer.render(loaded.pattern)
        let ahap = AHAPWriter.ahap(for: loaded.pattern, source: "fuzz.haptic")
        guard let written = try? AHAPLoader.decode(Array(ahap.utf8), file: "fuzz.ahap") else {
            fatalError("the AHAP written for a loaded .haptic clip does not load\n\(ahap)")
        }
        guard renderer.render(written.pattern) == track else {
            fatalError("the AHAP written for a loaded .haptic clip renders differently\n\(ahap)")
        }
    }
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzLofeltHapticLoader)
