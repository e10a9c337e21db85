// A libFuzzer fuzzer for the AHAP loader and the renderer: whatever the bytes, loading
// returns a pattern or a typed error, and rendering what loaded finishes. Built and run by
// scripts/fuzz.sh (`make fuzz`) against the Haptics product's public API.

import CLibFuzzer
import Haptics

/// Loads `size` bytes at `data` as AHAP and renders what loads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAPLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let loaded = try? AHAPLoader.decode(bytes, file: "fuzz.ahap") {
        _ = Renderer(settings: RenderSettings(step: .milliseconds(50))).render(loaded.pattern)
    }
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzAHAPLoader)
