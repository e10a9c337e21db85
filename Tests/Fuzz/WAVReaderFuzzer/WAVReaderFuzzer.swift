// A libFuzzer fuzzer for the WAV reader and the sound analysis: whatever the bytes, reading
// them gives a sound of samples in -1...1 at a rate of 8 to 48 kHz, or a typed error; the
// sound's pattern has its events within the sound's length with levels in 0...1, and it
// renders. Built and run by scripts/fuzz.sh (`make fuzz`) against the Haptics product's public
// API.

import CLibFuzzer
import Haptics

/// Reads `size` bytes at `data` as a WAV file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAVReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let sound: Sound
    do throws(WAVError) {
        sound = try WAVReader.decode(bytes, file: "fuzz.wav")
    } catch {
        return 0
    }
    if !WAVReader.sampleRates.contains(sound.sampleRate) { fatalError("a sample rate of \(sound.sampleRate) Hz was read") }
    if let sample = sound.samples.first(where: { !(-1...1).contains($0) }) { fatalError("the sample \(sample) was read") }
    let pattern = SoundAnalysis().pattern(for: sound)
    for event in pattern.events {
        let inside = event.time >= 0 && event.time + event.duration <= sound.duration + SoundAnalysis.hop + 1e-9
        if !inside || !(0...1).contains(event.intensity) || !(0...1).contains(event.sharpness) {
            fatalError("an event outside the sound's \(sound.duration) s or 0...1: \(event)")
        }
    }
    _ = Renderer(settings: RenderSettings(step: .milliseconds(50))).render(pattern)
    return 0
}

// The entry point: libFuzzer's driver, on this command line.
cfuzzer_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzWAVReader)
