import HapticsModel
import Testing

/// `haptics render --format wav`: the voice coils' waveform as a WAV file.
@Suite struct RenderWaveTests {
    /// The little-endian unsigned integer of `width` bytes at `offset`.
    private func number(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int {
        (0..<width).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    @Test func theHeaderSaysSixteenBitStereoAt48kHzAndTheDataIsTheSynthesizers() async throws {
        let (code, console) = await CapturedConsole.run("render", "rigid", "--format", "wav")
        #expect(code == .success, "\(console.err)")
        let bytes = console.bytes
        try #require(bytes.count > 44)
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(number(bytes, 4, 4) == bytes.count - 8)
        #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(number(bytes, 16, 4) == 16)
        #expect(number(bytes, 20, 2) == 1)
        #expect(number(bytes, 22, 2) == 2)
        #expect(number(bytes, 24, 4) == 48_000)
        #expect(number(bytes, 28, 4) == 48_000 * 4)
        #expect(number(bytes, 32, 2) == 4)
        #expect(number(bytes, 34, 2) == 16)
        #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data")
        #expect(number(bytes, 40, 4) == bytes.count - 44)

        let settings = RenderSettings(pad: .dualSenseVoiceCoils)
        let track = Renderer(settings: settings).render(try #require(Preset(name: "rigid")).pattern)
        var synthesizer = WaveformSynthesizer()
        let samples = synthesizer.samples(of: track)
        let read = stride(from: 44, to: bytes.count, by: 2).map { Int16(truncatingIfNeeded: number(bytes, $0, 2)) }
        #expect(read == samples)
        #expect(read.contains { $0 != 0 })
        #expect(read.suffix(2) == [0, 0])
    }
}
