import Foundation

@testable import HapticsModel

/// Sounds synthesized for the analysis' tests, and the WAV bytes that hold them.
enum SoundFixtures {
    /// A RIFF WAV file of `channels` (each a list of samples in -1...1, equally long) at `rate`:
    /// integer PCM of `bits` (16 or 24), or 32-bit float when `float`; `format` overrides the code.
    static func wav(_ channels: [[Float]], rate: Int = 16000, bits: Int = 16, float: Bool = false, format: Int? = nil) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let width = bits / 8
        var data: [UInt8] = []
        for index in channels[0].indices {
            for channel in channels {
                let sample = channel[index]
                if float {
                    data += le(Int(sample.bitPattern), 4)
                } else {
                    let scale = Float(1 << (bits - 1)) - 1
                    data += le(Int((sample * scale).rounded()), width)
                }
            }
        }
        let code = format ?? (float ? 3 : 1)
        let fmt =
            le(code, 2) + le(channels.count, 2) + le(rate, 4) + le(rate * width * channels.count, 4) + le(width * channels.count, 2)
            + le(bits, 2)
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le(fmt.count, 4) + fmt + Array("data".utf8) + le(data.count, 4) + data
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// `seconds` of silence at `rate`.
    static func silence(_ seconds: Double, rate: Int = 16000) -> [Float] {
        [Float](repeating: 0, count: Int(seconds * Double(rate)))
    }

    /// A click: 3 ms of a 2 kHz tone at `amplitude`, decaying.
    static func click(amplitude: Float, rate: Int = 16000) -> [Float] {
        let count = rate * 3 / 1000
        return (0..<count).map { index in
            let time = Double(index) / Double(rate)
            return amplitude * Float(sin(2 * Double.pi * 2000 * time) * (1 - Double(index) / Double(count)))
        }
    }

    /// A tone of `frequency` Hz for `seconds` at `amplitude`, rising linearly over `attack` seconds.
    static func tone(_ frequency: Double, seconds: Double, amplitude: Float = 0.5, attack: Double = 0.5, rate: Int = 16000) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { index in
            let time = Double(index) / Double(rate)
            return amplitude * Float(min(1, time / attack) * sin(2 * Double.pi * frequency * time))
        }
    }

    /// Clicks at 0.1 s (0.9), 0.25 s (0.5) and 0.4 s (0.25), silence, then a 440 Hz tone from
    /// 0.6 s to 1.6 s, then silence to 1.8 s: the sound of `examples/ClicksAndTone.wav`.
    static func clicksAndTone(rate: Int = 16000) -> (samples: [Float], clicks: [Double], tone: ClosedRange<Double>) {
        var samples = silence(1.8, rate: rate)
        let clicks: [(Double, Float)] = [(0.1, 0.9), (0.25, 0.5), (0.4, 0.25)]
        for (time, amplitude) in clicks {
            let start = Int(time * Double(rate))
            for (offset, sample) in click(amplitude: amplitude, rate: rate).enumerated() { samples[start + offset] = sample }
        }
        let start = Int(0.6 * Double(rate))
        for (offset, sample) in tone(440, seconds: 1, rate: rate).enumerated() { samples[start + offset] = sample }
        return (samples, clicks.map(\.0), 0.6...1.6)
    }
}
