/// A RIFF WAVE file of signed 16-bit little-endian PCM (format tag 1), as `haptics render
/// --format wav` writes it: the 44-byte canonical header, then the interleaved samples.
public enum WaveFile {
    /// The file holding `samples` (interleaved, `channels` per sample frame) at `sampleRate`.
    public static func bytes(samples: [Int16], sampleRate: Int, channels: Int) -> [UInt8] {
        let data = samples.count * 2
        let blockAlign = channels * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + data)
        func tag(_ text: String) { bytes += Array(text.utf8) }
        func little(_ value: Int, _ width: Int) { for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) } }
        tag("RIFF")
        little(36 + data, 4)
        tag("WAVE")
        tag("fmt ")
        little(16, 4)
        little(1, 2)
        little(channels, 2)
        little(sampleRate, 4)
        little(sampleRate * blockAlign, 4)
        little(blockAlign, 2)
        little(16, 2)
        tag("data")
        little(data, 4)
        for sample in samples { little(Int(sample), 2) }
        return bytes
    }
}
