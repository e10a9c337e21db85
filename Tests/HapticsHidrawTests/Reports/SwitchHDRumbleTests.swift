import Foundation
import HapticsHidraw
import HapticsModel
import Testing

/// HD Rumble against the decoding of the emulated Pro Controller (the community's notes
/// hid-nintendo follows): bytes 0 and 1 the high band, 2 and 3 the low band.
@Suite struct SwitchHDRumbleTests {
    /// One side's bytes decoded: the carrier codes and the two bands' steps.
    private func decode(_ bytes: [UInt8]) -> (high: Int, low: Int, highStep: Int, lowStep: Int)? {
        let (b0, b1, b2, b3) = (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]), Int(bytes[3]))
        guard b0 & 0x03 == 0 else { return nil }
        return ((b0 >> 2) | ((b1 & 1) << 6), b2 & 0x7F, (b1 & 0xFE) / 2, (b3 - 0x40) * 2 + (b2 >> 7))
    }

    private func hertz(_ code: Int) -> Int {
        Int((10 * pow(2, Double(code) / 32)).rounded())
    }

    @Test func silenceIsTheDriversOwnNeutralPacket() {
        #expect(SwitchHDRumble.silence.bytes == [0x00, 0x01, 0x40, 0x40])
        #expect(SwitchHDRumble(RumbleFrame(start: .zero, duration: .zero, strong: 0, weak: 0)) == .silence)
    }

    @Test(arguments: [(0.0, 41, 82), (0.5, 160, 320), (1.0, 626, 1253)])
    func sharpnessChoosesTheCarriers(sharpness: Double, low: Int, high: Int) throws {
        let rumble = SwitchHDRumble(code: SwitchHDRumble.code(sharpness: sharpness), lowStep: 50, highStep: 50)
        let decoded = try #require(decode(rumble.bytes))
        #expect(hertz(decoded.low + 64) == low && hertz(decoded.high + 96) == high)
        #expect(Int(rumble.lowHertz.rounded()) == low && Int(rumble.highHertz.rounded()) == high)
    }

    @Test func carriersRiseWithSharpness() {
        let codes = (0...20).map { SwitchHDRumble.code(sharpness: Double($0) / 20) }
        #expect(codes == codes.sorted() && Set(codes).count == codes.count)
        #expect(codes.first == 1 && codes.last == 127)
    }

    @Test func everyStepOfEachBandDecodesBack() throws {
        for step in 0...100 {
            for code in [1, 64, 127] {
                let decoded = try #require(decode(SwitchHDRumble(code: code, lowStep: step, highStep: 100 - step).bytes))
                #expect(decoded.lowStep == step && decoded.highStep == 100 - step && decoded.low == code && decoded.high == code)
            }
        }
    }

    @Test func aTableLevelComesBackAsItsOwnStepAndTheTopIsFull() {
        let table = AmplitudeSteps.nintendoTable
        for step in 0...100 {
            #expect(SwitchHDRumble.step(for: table.level(ofStep: step)) == step)
        }
        #expect(SwitchHDRumble.step(for: 1) == 100)
        #expect(SwitchHDRumble.step(for: 0.0001) == 1)
    }

    @Test func aFramesStrongLevelPlaysLowAndItsWeakLevelHigh() throws {
        let table = AmplitudeSteps.nintendoTable
        // A low-sharpness frame: strong above weak, so the carriers sit below hid-nintendo's.
        let soft = SwitchHDRumble(
            RumbleFrame(start: .zero, duration: .milliseconds(50), strong: table.level(ofStep: 80), weak: table.level(ofStep: 20)))
        #expect(soft.lowStep == 80 && soft.highStep == 20 && soft.code < SwitchHDRumble.driverCode)
        // The frame's gain scales both bands.
        let halved = SwitchHDRumble(RumbleFrame(start: .zero, duration: .milliseconds(50), strong: 1, weak: 1, gain: 0.5))
        #expect(halved.lowStep == SwitchHDRumble.step(for: 0.5) && halved.highStep == halved.lowStep)
    }

    @Test func theProfilesBandSpansTheLowestAndHighestCarriers() {
        let band = PadProfile.switchProHD.strongActuator.frequencyBand
        #expect(
            band == SwitchHDRumble(code: 1, lowStep: 1, highStep: 1).lowHertz
                .rounded()...SwitchHDRumble(code: 127, lowStep: 1, highStep: 1).highHertz.rounded())
        #expect(PadProfile.switchProHD.weakActuator.frequencyBand == band)
    }
}
