// A libFuzzer fuzzer for the AHAP writer's round trip: whatever AHAP loads, writing it
// and loading what was written renders exactly the same frames. Built and run by
// scripts/fuzz.sh (`make fuzz`) against the Haptics product's public API.

import CLibFuzzer
import Haptics

/// Loads `size` bytes at `data` as AHAP and checks the round trip of what loads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAPWriter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let loaded = try? AHAPLoader.decode(bytes, file: "fuzz.ahap"), loaded.pattern.duration <= 120 else { return 0 }
    let written = AHAPWriter.ahap(for: loaded.pattern, source: "fuzz.ahap")
    let reloaded: LoadedPattern
    do {
        reloaded = try AHAPLoader.decode(Array(written.utf8), file: "written.ahap")
    } catch {
        fatalError("the written AHAP does not load: \(error)\n\(written)")
    }
    let renderer = Renderer(settings: RenderSettings(step: .milliseconds(10)))
    guard renderer.render(reloaded.pattern) == renderer.render(loaded.pattern) else {
        fatalError("the written AHAP renders differently\n\(written)")
    }
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzAHAPWriter)
