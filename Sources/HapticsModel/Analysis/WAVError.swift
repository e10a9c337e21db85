/// Why a file is not a WAV file the analysis reads: the file and what is wrong with it.
public struct WAVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The file could not be read; `reason` is the system's word for it.
        case unreadable(reason: String)
        /// The file is larger than the reader accepts.
        case tooLarge(bytes: Int, limit: Int)
        /// The file does not start with a RIFF `WAVE` header.
        case notWAV
        /// A chunk the reader needs (`fmt `, `data`) is missing.
        case missingChunk(String)
        /// A chunk runs past the end of the file.
        case truncated(chunk: String)
        /// The samples are in an encoding other than 16- or 24-bit PCM or 32-bit float.
        case unsupportedEncoding(format: Int, bits: Int)
        /// Neither one channel nor two.
        case unsupportedChannels(Int)
        /// A sample rate outside 8 to 48 kHz.
        case unsupportedSampleRate(Int)
    }

    /// The file's path as given.
    public var file: String
    /// What is wrong.
    public var problem: Problem

    /// Creates the error for `file`.
    public init(file: String, problem: Problem) {
        self.file = file
        self.problem = problem
    }

    /// One line: the file, what is wrong, and what is read.
    public var description: String {
        let readable = "expected PCM WAV, 16- or 24-bit integer or 32-bit float, mono or stereo, 8 to 48 kHz"
        switch problem {
        case .unreadable(let reason): return "\(file): cannot read the file: \(reason); check the path and its permissions"
        case .tooLarge(let bytes, let limit): return "\(file): the file is \(bytes) bytes; the limit is \(limit) bytes"
        case .notWAV: return "\(file): not a WAV file (no RIFF WAVE header); \(readable)"
        case .missingChunk(let chunk): return "\(file): no '\(chunk)' chunk; \(readable)"
        case .truncated(let chunk): return "\(file): the '\(chunk)' chunk runs past the end of the file"
        case .unsupportedEncoding(let format, let bits):
            return "\(file): \(bits)-bit samples in format \(format) (1 is integer PCM, 3 float); \(readable)"
        case .unsupportedChannels(let count): return "\(file): \(count) channels; \(readable)"
        case .unsupportedSampleRate(let rate): return "\(file): a sample rate of \(rate) Hz; \(readable)"
        }
    }
}
