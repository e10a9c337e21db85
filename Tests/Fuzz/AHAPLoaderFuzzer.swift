// libFuzzer's entry point for the AHAP loader and the renderer: whatever the bytes, loading
// returns a pattern or a typed error, and rendering what loaded finishes. Built and run by
// scripts/fuzz.sh (`make fuzz`), compiled together with the core's sources.

/// Loads `size` bytes at `data` as AHAP and renders what loads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAPLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let loaded = try? AHAPLoader.decode(bytes, file: "fuzz.ahap") {
        _ = Renderer(settings: RenderSettings(step: .milliseconds(50))).render(loaded.pattern)
    }
    return 0
}
