public import CHaptics
import HapticsModel

/// `haptics_play_basic_envelope`: see haptics.h.
@_cdecl("haptics_play_basic_envelope")
public func hapticsPlayBasicEnvelope(
    _ engine: OpaquePointer?, _ initialSharpness: Double, _ points: UnsafePointer<haptics_basic_point>?, _ count: UInt,
    _ repetitions: Int32
) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let points = try Argument.array(points, count: count, named: "points")
        let repetition = try Argument.repetition(repetitions)
        let pattern: HapticPattern
        do throws(EnvelopeError) {
            var envelope = try BasicEnvelope(initialSharpness: Argument.initial(initialSharpness))
            for point in points { try envelope.add(intensity: point.intensity, sharpness: point.sharpness, duration: point.duration) }
            pattern = try envelope.pattern()
        } catch {
            throw .invalidArgument("basic envelope: \(error)")
        }
        engine.start(forever: repetition == .forever) { $0.play(pattern, repetition: repetition) }
    }
}

/// `haptics_play_waveform_envelope`: see haptics.h.
@_cdecl("haptics_play_waveform_envelope")
public func hapticsPlayWaveformEnvelope(
    _ engine: OpaquePointer?, _ initialFrequency: Double, _ points: UnsafePointer<haptics_waveform_point>?, _ count: UInt,
    _ outOfBand: UnsafePointer<CChar>?, _ repetitions: Int32
) -> Int32 {
    Call.run(on: engine) { engine throws(LibraryError) in
        let points = try Argument.array(points, count: count, named: "points")
        let outOfBand = try Argument.choice(outOfBand, named: "out_of_band", of: OutOfBandChoice.self)
        let repetition = try Argument.repetition(repetitions)
        let pattern: HapticPattern
        do throws(EnvelopeError) {
            var envelope = try WaveformEnvelope(initialFrequency: Argument.initial(initialFrequency))
            for point in points { try envelope.add(amplitude: point.amplitude, frequency: point.frequency_hz, duration: point.duration) }
            if envelope.points.isEmpty { throw EnvelopeError(point: 0, problem: .empty) }
            guard let limits = engine.limits else { throw EnvelopeError(point: 0, problem: .noFrequencyBand(locality: engine.locality)) }
            pattern = try envelope.pattern(for: limits, at: engine.locality, outOfBand: outOfBand.outOfBand).pattern
        } catch {
            if case .noFrequencyBand = error.problem { throw .unsupported("waveform envelope: \(error)") }
            throw .invalidArgument("waveform envelope: \(error)")
        }
        engine.start(forever: repetition == .forever) { $0.play(pattern, repetition: repetition) }
    }
}
