import Testing

@testable import HapticsModel

@Suite struct WAVReaderTests {
    private let ramp: [Float] = [0, 0.5, -0.5, 0.25, -1, 0.999]

    @Test(arguments: [(16, false), (24, false), (32, true)])
    func readsEachEncodingToTheSamples(_ bits: Int, _ float: Bool) throws {
        let sound = try WAVReader.decode(SoundFixtures.wav([ramp], rate: 8000, bits: bits, float: float), file: "a.wav")
        #expect(sound.sampleRate == 8000)
        #expect(sound.samples.count == ramp.count)
        for (read, written) in zip(sound.samples, ramp) { #expect(abs(read - written) < 1e-4) }
    }

    @Test func averagesStereoIntoOneChannel() throws {
        let sound = try WAVReader.decode(SoundFixtures.wav([[0.5, 0.5, -1], [0.1, -0.5, -1]], rate: 48000), file: "a.wav")
        #expect(sound.sampleRate == 48000)
        #expect(zip(sound.samples, [Float(0.3), 0, -1]).allSatisfy { abs($0 - $1) < 1e-3 })
    }

    @Test func skipsOtherChunksAndReadsTheExtensibleFormat() throws {
        var bytes = SoundFixtures.wav([ramp], bits: 16)
        let list = Array("LIST".utf8) + [3, 0, 0, 0, 1, 2, 3, 0]
        bytes.insert(contentsOf: list, at: 12)
        bytes[4] &+= UInt8(list.count)
        #expect(try WAVReader.decode(bytes, file: "a.wav").samples.count == ramp.count)
    }

    static let badFiles: [(bytes: [UInt8], problem: WAVError.Problem)] = {
        let riff: [UInt8] = Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8)
        let complete: [UInt8] = SoundFixtures.wav([[0, 0.5]])
        let short: [UInt8] = SoundFixtures.wav([[0]])
        var files: [(bytes: [UInt8], problem: WAVError.Problem)] = []
        files.append((Array("not a wav file at all".utf8), .notWAV))
        files.append((SoundFixtures.wav([[0]], bits: 8), .unsupportedEncoding(format: 1, bits: 8)))
        files.append((SoundFixtures.wav([[0]], bits: 16, format: 2), .unsupportedEncoding(format: 2, bits: 16)))
        files.append((SoundFixtures.wav([[0], [0], [0]]), .unsupportedChannels(3)))
        files.append((SoundFixtures.wav([[0]], rate: 96000), .unsupportedSampleRate(96000)))
        files.append((SoundFixtures.wav([[0]], rate: 4000), .unsupportedSampleRate(4000)))
        files.append((Array(complete.dropLast(1)), .truncated(chunk: "data")))
        files.append((Array(short.prefix(36)), .missingChunk("data")))
        files.append((riff, .missingChunk("fmt ")))
        return files
    }()

    @Test func aBadFileIsNamedWithWhatIsWrong() {
        for (bytes, problem) in Self.badFiles {
            #expect(throws: WAVError(file: "bad.wav", problem: problem)) { try WAVReader.decode(bytes, file: "bad.wav") }
        }
    }

    @Test func theMessageNamesTheFileAndWhatIsRead() {
        let message = "\(WAVError(file: "x.wav", problem: .unsupportedChannels(6)))"
        #expect(message == "x.wav: 6 channels; expected PCM WAV, 16- or 24-bit integer or 32-bit float, mono or stereo, 8 to 48 kHz")
    }
}
