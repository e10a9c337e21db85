import HapticsModel
import Testing

@testable import HapticsHidraw

@Suite struct DualSenseHapticsReportTests {
    @Test func theLayoutHoldsBothPacketsAndTheSamples() {
        let samples = (0..<64).map { Int8($0 - 32) }
        let bytes = DualSenseHapticsReport(sequence: 3, counter: 9, samples: samples).bytes
        #expect(bytes.count == 142)
        #expect(Array(bytes[0..<11]) == [0x32, 0x30, 0x91, 0x07, 0xFE, 0, 0, 0, 0, 0xFF, 9])
        #expect(Array(bytes[11..<13]) == [0x92, 64])
        #expect(bytes[13..<77].map { Int8(bitPattern: $0) } == samples)
        #expect(bytes[77..<138].allSatisfy { $0 == 0 })
    }

    @Test func theCRCCoversTheSeedTheIdAndThePayload() {
        let bytes = DualSenseHapticsReport(sequence: 0, counter: 0, samples: []).bytes
        let crc = bytes[138..<142].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
        // The reflected CRC-32, bit by bit, over 0xA2 and the 138 bytes before the CRC.
        var check: UInt32 = 0xFFFF_FFFF
        for byte in [0xA2] + bytes[0..<138] {
            check ^= UInt32(byte)
            for _ in 0..<8 { check = check & 1 == 1 ? (check >> 1) ^ 0xEDB8_8320 : check >> 1 }
        }
        #expect(crc == ~check)
        var changed = bytes
        changed[40] ^= 1
        #expect(CRC32.checksum([0xA2] + changed[0..<138]) != crc)
    }

    @Test func theSequenceKeepsFourBitsAndTheCounterWraps() {
        #expect(DualSenseHapticsReport(sequence: 17, counter: 255, samples: []).bytes[1] == 0x10)
        #expect(DualSenseHapticsReport(sequence: 17, counter: 255, samples: []).bytes[10] == 255)
        #expect(DualSenseHapticsReport(sequence: 0, counter: 255 &+ 1, samples: []).bytes[10] == 0)
    }

    @Test func resamplingTakesEverySixteenthFrameScaledToEightBits() {
        let frames = (0..<48).flatMap { index -> [Int16] in [Int16(index * 600), Int16(-index * 600)] }
        #expect(DualSenseHapticsReport.resample(frames) == [0, 0, 37, -37, 74, -74])
        #expect(DualSenseHapticsReport.resample([32_767, -32_767]) == [127, -127])
    }

    @Test func aSynthesizedReportsWorthIsThirtyTwoFrames() {
        var synthesizer = WaveformSynthesizer()
        var samples: [Int16] = []
        let character = FrameCharacter(amplitude: 1, sharpness: 0.5)
        synthesizer.append(
            WaveformFrame(start: .zero, duration: DualSenseHapticsReport.period, left: character, right: character), to: &samples)
        #expect(DualSenseHapticsReport.resample(samples).count == 2 * DualSenseHapticsReport.framesPerReport)
    }
}
