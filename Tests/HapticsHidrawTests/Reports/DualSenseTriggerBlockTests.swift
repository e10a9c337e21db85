import HapticsHidraw
import HapticsModel
import Testing

/// The trigger blocks against the modes' layouts: a mode byte, two bytes of zone bits, then
/// three-bit steps per zone (feedback, vibration) or one step (weapon), a vibration's Hz at 9.
@Suite struct DualSenseTriggerBlockTests {
    @Test func offIsModeFiveAndZeros() {
        #expect(DualSenseTriggerBlock.off.bytes == [0x05, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(DualSenseTriggerBlock(.off) == .off)
    }

    @Test func aFullVibrationFromRestCoversEveryZoneAtStepEight() {
        let block = DualSenseTriggerBlock(.vibration(start: 0, amplitude: 1, frequency: 0.5))
        #expect(block.bytes == [0x26, 0xFF, 0x03, 0xFF, 0xFF, 0xFF, 0x3F, 0, 0, 85, 0])
    }

    @Test func vibrationFrequencySpansTheDocumentedRange() {
        let hertz = { (f: Double) in DualSenseTriggerBlock(.vibration(start: 0, amplitude: 1, frequency: f)).bytes[9] }
        #expect(hertz(0) == 10)
        #expect(hertz(1) == 160)
        #expect(DualSenseTriggerBlock.frequencyRange == 10...160)
        #expect((0...10).map { hertz(Double($0) / 10) } == (0...10).map { hertz(Double($0) / 10) }.sorted())
    }

    @Test func feedbackFromMidTravelSetsTheLaterZones() {
        // Zone round(9 · 0.5) = 5 on; step 1 + round(7 · 0.5) = 5, sent as 4 in each zone.
        let block = DualSenseTriggerBlock(.feedback(start: 0.5, strength: 0.5))
        #expect(block.bytes == [0x21, 0xE0, 0x03, 0x00, 0x00, 0x92, 0x24, 0, 0, 0, 0])
    }

    @Test func weaponMarksItsStartAndEndZonesWithOneStrength() {
        // Zones round(2.7) = 3 and round(5.4) = 5; full strength is step 8, sent as 7.
        let block = DualSenseTriggerBlock(.weapon(start: 0.3, end: 0.6, strength: 1))
        #expect(block.bytes == [0x25, 0x28, 0x00, 0x07, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func weaponZonesAreHeldToWhatThePadTakes() {
        // A start at rest becomes zone 2; an end before it the zone after it.
        #expect(DualSenseTriggerBlock(.weapon(start: 0, end: 0, strength: 0.01)).bytes.prefix(4) == [0x25, 0x0C, 0x00, 0x00])
        // A start at the end becomes 7 and the end 8.
        #expect(DualSenseTriggerBlock(.weapon(start: 1, end: 1, strength: 1)).bytes.prefix(3) == [0x25, 0x80, 0x01])
    }

    @Test func zeroStrengthOrAmplitudeIsOff() {
        #expect(DualSenseTriggerBlock(.feedback(start: 0.2, strength: 0)) == .off)
        #expect(DualSenseTriggerBlock(.weapon(start: 0.2, end: 0.5, strength: 0)) == .off)
        #expect(DualSenseTriggerBlock(.vibration(start: 0, amplitude: 0, frequency: 1)) == .off)
    }

    @Test func aFramesCharacterVibratesFromRest() {
        let loud = DualSenseTriggerBlock(vibrationOf: FrameCharacter(amplitude: 1, sharpness: 1))
        #expect(loud.bytes[0] == 0x26 && loud.bytes[1] == 0xFF && loud.bytes[9] == 160)
        let soft = DualSenseTriggerBlock(vibrationOf: FrameCharacter(amplitude: 0.1, sharpness: 0))
        // Step 1 + round(0.7) = 2, sent as 1 in each of the ten zones.
        #expect(soft.bytes[3...6] == [0x49, 0x92, 0x24, 0x09] && soft.bytes[9] == 10)
        #expect(DualSenseTriggerBlock(vibrationOf: FrameCharacter(amplitude: 0, sharpness: 0.5)) == .off)
    }

    @Test func aRisingSlopeRunsFromItsStartStrengthToItsEndAndHoldsIt() {
        // Zones round(1.8) = 2 to round(5.4) = 5: strengths 0.1, 0.4, 0.7, 1 are steps 2, 4,
        // 6, 8 (sent 1, 3, 5, 7), then step 8 to the end of the travel; zones 0 and 1 are free.
        let block = DualSenseTriggerBlock(.slopeFeedback(start: 0.2, end: 0.6, strength: 0.1, endStrength: 1))
        #expect(block.bytes == [0x21, 0xFC, 0x03, 0x40, 0xD6, 0xFF, 0x3F, 0, 0, 0, 0])
    }

    @Test func aFallingSlopeIsMonotoneAndFreeWhereItReachesZero() {
        let block = DualSenseTriggerBlock(.slopeFeedback(start: 0, end: 1, strength: 1, endStrength: 0))
        let steps = Self.steps(block)
        // 1 - z/9 in steps 1 + round(7 · x): 8, 7, 6, 6, 5, 4, 3, 3, 2, and zone 9 free.
        #expect(steps == [8, 7, 6, 6, 5, 4, 3, 3, 2, nil])
        #expect(block.bytes[0] == 0x21 && block.bytes[1...2] == [0xFF, 0x01])
    }

    @Test func aSlopeWhoseEndIsNotAfterItsStartEndsOneZoneLater() {
        let steps = Self.steps(DualSenseTriggerBlock(.slopeFeedback(start: 1, end: 0, strength: 0.5, endStrength: 1)))
        // The start is held to zone 8 and the end to zone 9.
        #expect(steps == [nil, nil, nil, nil, nil, nil, nil, nil, 5, 8])
    }

    @Test func positionalFeedbackSetsEachZonesStrengthAndLeavesZerosOut() {
        // Zone 2 at 0.5 is step 5 (sent 4); zones 3 and 9 at 1 are step 8 (sent 7).
        let block = DualSenseTriggerBlock(.positionalFeedback(strengths: [0, 0, 0.5, 1, 0, 0, 0, 0, 0, 1]))
        #expect(block.bytes == [0x21, 0x0C, 0x02, 0x00, 0x0F, 0x00, 0x38, 0, 0, 0, 0])
    }

    @Test func positionalVibrationSetsEachZonesAmplitudeAndTheFrequency() {
        let block = DualSenseTriggerBlock(.positionalVibration(amplitudes: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5], frequency: 0))
        // Zone 0 at step 8 (7), zone 9 at step 5 (4 << 27), 10 Hz at byte 9.
        #expect(block.bytes == [0x26, 0x01, 0x02, 0x07, 0x00, 0x00, 0x20, 0, 0, 10, 0])
    }

    @Test func positionalModesWithEveryZoneAtZeroAreOff() {
        let zeros = [Double](repeating: 0, count: 10)
        #expect(DualSenseTriggerBlock(.positionalFeedback(strengths: zeros)) == .off)
        #expect(DualSenseTriggerBlock(.positionalVibration(amplitudes: zeros, frequency: 1)) == .off)
        #expect(DualSenseTriggerBlock(.slopeFeedback(start: 0, end: 1, strength: 0, endStrength: 0)) == .off)
    }

    /// The step (1...8) each zone of a feedback or vibration block has, `nil` where its bit is
    /// clear.
    private static func steps(_ block: DualSenseTriggerBlock) -> [Int?] {
        let zones = UInt16(block.bytes[1]) | UInt16(block.bytes[2]) << 8
        let packed = (0..<4).reduce(UInt32(0)) { $0 | UInt32(block.bytes[3 + $1]) << (8 * $1) }
        return (0..<10).map { (zone: Int) -> Int? in
            guard zones & (1 << zone) != 0 else { return nil }
            let sent = (packed >> UInt32(3 * zone)) & 7
            return Int(sent) + 1
        }
    }

    @Test func theModelsTriggerBandIsTheOneTheBlocksSend() {
        let band = TriggerKind.adaptive.frequencyBand
        #expect(band == Double(DualSenseTriggerBlock.frequencyRange.lowerBound)...Double(DualSenseTriggerBlock.frequencyRange.upperBound))
        #expect(DualSenseTriggerBlock(.vibration(start: 0, amplitude: 1, frequency: 1)).bytes[9] == 160)
    }

    @Test(arguments: [10.0, 47, 85, 123, 160])
    func aWaveformEnvelopesFrequencyReachesTheTriggerInHertz(_ hertz: Double) throws {
        var envelope = try WaveformEnvelope()
        try envelope.add(amplitude: 1, frequency: hertz, duration: 0.1)
        try envelope.add(amplitude: 1, frequency: hertz, duration: 0.1)
        try envelope.add(amplitude: 0, frequency: hertz, duration: 0.1)
        let pattern = try envelope.pattern(for: PadLimits(profile: .dualSense), at: .rightTrigger).pattern
        let held = try #require(Renderer().render(pattern).frames.first { $0.start >= .milliseconds(120) })
        #expect(DualSenseTriggerBlock(vibrationOf: FrameCharacter(held)).bytes[9] == UInt8(hertz))
    }
}
