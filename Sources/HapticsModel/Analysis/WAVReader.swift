/// Reads a RIFF WAV file's samples: integer PCM of 16 or 24 bits or 32-bit float (format 1 or
/// 3, or the extensible format 0xFFFE carrying either), one or two channels (averaged into one),
/// 8 to 48 kHz. Other chunks are skipped.
public enum WAVReader {
    /// The largest file read, in bytes (64 MiB: over five minutes of 48 kHz 16-bit stereo).
    public static let maximumFileSize = 64 << 20
    /// The sample rates read, in Hz.
    public static let sampleRates = 8000...48000

    /// The sound in `bytes`, read from `file` (named in errors).
    public static func decode(_ bytes: [UInt8], file: String) throws(WAVError) -> Sound {
        func fail(_ problem: WAVError.Problem) -> WAVError { WAVError(file: file, problem: problem) }
        guard bytes.count >= 12, tag(bytes, 0) == "RIFF", tag(bytes, 8) == "WAVE" else { throw fail(.notWAV) }
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var data: Range<Int>?
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = tag(bytes, offset)
            let size = integer(bytes, offset + 4, bytes: 4)
            let body = offset + 8
            guard body + size <= bytes.count else { throw fail(.truncated(chunk: name)) }
            if name == "fmt " {
                guard size >= 16 else { throw fail(.truncated(chunk: name)) }
                var code = integer(bytes, body, bytes: 2)
                if code == 0xFFFE, size >= 26 { code = integer(bytes, body + 24, bytes: 2) }
                format = (code, integer(bytes, body + 2, bytes: 2), integer(bytes, body + 4, bytes: 4), integer(bytes, body + 14, bytes: 2))
            } else if name == "data" {
                data = body..<(body + size)
            }
            offset = body + size + size % 2
        }
        guard let format else { throw fail(.missingChunk("fmt ")) }
        guard let data else { throw fail(.missingChunk("data")) }
        let width: Int
        switch (format.code, format.bits) {
        case (1, 16): width = 2
        case (1, 24): width = 3
        case (3, 32): width = 4
        default: throw fail(.unsupportedEncoding(format: format.code, bits: format.bits))
        }
        guard (1...2).contains(format.channels) else { throw fail(.unsupportedChannels(format.channels)) }
        guard sampleRates.contains(format.rate) else { throw fail(.unsupportedSampleRate(format.rate)) }
        let frameWidth = width * format.channels
        let count = data.count / frameWidth
        var samples = [Float](repeating: 0, count: count)
        for index in 0..<count {
            var sum: Float = 0
            for channel in 0..<format.channels {
                sum += sample(bytes, data.lowerBound + index * frameWidth + channel * width, width: width)
            }
            samples[index] = sum / Float(format.channels)
        }
        return Sound(sampleRate: format.rate, samples: samples)
    }

    private static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
    }

    private static func integer(_ bytes: [UInt8], _ offset: Int, bytes count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    private static func sample(_ bytes: [UInt8], _ offset: Int, width: Int) -> Float {
        switch width {
        case 2: return Float(Int16(truncatingIfNeeded: integer(bytes, offset, bytes: 2))) / 32768
        case 3: return Float(Int32(truncatingIfNeeded: integer(bytes, offset, bytes: 3) << 8) >> 8) / 8_388_608
        default:
            let value = Float(bitPattern: UInt32(integer(bytes, offset, bytes: 4)))
            return value.isFinite ? max(-1, min(1, value)) : 0
        }
    }
}
