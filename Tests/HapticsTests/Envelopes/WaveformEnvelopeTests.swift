import Foundation
import Testing

@testable import HapticsModel

@Suite struct WaveformEnvelopeTests {
    private let hdRumble = PadLimits(profile: .switchProHD)
    private let dualSense = PadLimits(profile: .dualSense)

    /// Up to full amplitude at `first` Hz over 100 ms, to `second` Hz over 100 ms, then down to
    /// silence at `third` Hz over 100 ms.
    private func sweep(_ first: Double, _ second: Double, _ third: Double, initial: Double? = nil) throws -> WaveformEnvelope {
        var envelope = try WaveformEnvelope(initialFrequency: initial)
        try envelope.add(amplitude: 1, frequency: first, duration: 0.1)
        try envelope.add(amplitude: 1, frequency: second, duration: 0.1)
        try envelope.add(amplitude: 0, frequency: third, duration: 0.1)
        return envelope
    }

    @Test func hdRumblesBandIsSharpnessInOctaves() throws {
        let loaded = try sweep(160, 1253, 41).pattern(for: hdRumble, at: .all)
        #expect(loaded.notices.isEmpty)
        let pattern = loaded.pattern
        let octaves = log2(1253.0 / 41)
        for (time, amplitude, sharpness) in [
            (0.0, 0.0, log2(160.0 / 41) / octaves), (0.1, 1, log2(160.0 / 41) / octaves), (0.2, 1, 1), (0.3, 0, 0),
        ] {
            #expect(abs(pattern.value(of: .intensity, at: time) - amplitude) < 1e-9, "amplitude at \(time)")
            #expect(abs(pattern.value(of: .sharpness, at: time) - sharpness) < 1e-9, "sharpness at \(time)")
        }
        #expect(pattern.events.count == 1 && abs(pattern.duration - 0.3) < 1e-9)
    }

    @Test func anAdaptiveTriggersBandIsSharpnessInHertz() throws {
        let pattern = try sweep(85, 160, 10, initial: 10).pattern(for: dualSense, at: .rightTrigger).pattern
        #expect(pattern.value(of: .sharpness, at: 0) == 0)
        #expect(abs(pattern.value(of: .sharpness, at: 0.1) - 0.5) < 1e-9)
        #expect(pattern.value(of: .sharpness, at: 0.2) == 1)
    }

    @Test func aFrequencyOutsideTheBandIsAnErrorNamingItsPoint() throws {
        #expect(throws: EnvelopeError(point: 2, problem: .outsideBand(frequency: 2000, band: 41...1253, locality: .all))) {
            try sweep(160, 2000, 41).pattern(for: hdRumble, at: .all)
        }
        #expect(throws: EnvelopeError(point: 0, problem: .outsideBand(frequency: 5, band: 10...160, locality: .triggers))) {
            try sweep(85, 85, 85, initial: 5).pattern(for: dualSense, at: .triggers)
        }
        #expect(throws: EnvelopeError(point: 1, problem: .outsideBand(frequency: 200, band: 10...160, locality: .triggers))) {
            try sweep(200, 85, 85).pattern(for: dualSense, at: .triggers)
        }
        #expect(
            "\(EnvelopeError(point: 2, problem: .outsideBand(frequency: 2000, band: 41...1253, locality: .all)))"
                == "control point 2: 2000 Hz is outside the 41-1253 Hz band at all")
    }

    @Test func whereAllowedTheNearestPlayableFrequencyPlaysAndIsSaidOnce() throws {
        let loaded = try sweep(20, 2000, 3000).pattern(for: hdRumble, at: .leftHandle, outOfBand: .nearest)
        #expect(
            loaded.notices.map(\.description) == [
                "waveform envelope: control point 1: 20 Hz is outside the 41-1253 Hz band at left-handle (and 2 more): "
                    + "played at the nearest frequency of the band"
            ])
        #expect(loaded.pattern.value(of: .sharpness, at: 0) == 0)
        #expect(loaded.pattern.value(of: .sharpness, at: 0.2) == 1)
        #expect(try sweep(160, 160, 160).pattern(for: hdRumble, at: .all, outOfBand: .nearest).notices.isEmpty)
    }

    @Test func aLocalityWhosePathSetsNoFrequencyIsAnError() throws {
        let envelope = try sweep(85, 85, 85)
        for (limits, locality) in [
            (dualSense, Locality.handles), (dualSense, .all), (PadLimits(profile: .dualShock4), .all), (.touchpad, .all),
        ] {
            #expect(throws: EnvelopeError(point: 0, problem: .noFrequencyBand(locality: locality))) {
                try envelope.pattern(for: limits, at: locality)
            }
        }
    }

    @Test func badValuesAreRefusedNamingTheirPoint() throws {
        var envelope = try WaveformEnvelope()
        #expect(throws: EnvelopeError(point: 0, problem: .empty)) { try envelope.pattern(for: hdRumble, at: .all) }
        #expect(throws: EnvelopeError(point: 1, problem: .outOfRange(name: "amplitude", value: 2))) {
            try envelope.add(amplitude: 2, frequency: 160, duration: 0.1)
        }
        #expect(throws: EnvelopeError(point: 1, problem: .badFrequency(-3))) {
            try envelope.add(amplitude: 1, frequency: -3, duration: 0.1)
        }
        #expect(throws: EnvelopeError(point: 1, problem: .badDuration(.infinity))) {
            try envelope.add(amplitude: 1, frequency: 160, duration: .infinity)
        }
        #expect(throws: EnvelopeError(point: 0, problem: .badFrequency(0))) { try WaveformEnvelope(initialFrequency: 0) }
    }
}
