import HapticsPlatform

/// The kernel's LED class in sysfs, as `LightSystem`.
public struct SysfsLights: LightSystem {
    /// Creates the real seam.
    public init() {}

    /// The entries of the directory at `path`, empty when it is absent.
    public func names(in path: String) -> [String] {
        (try? DirectoryReader.names(in: path)) ?? []
    }

    /// The attribute's text (up to a page, 4096 bytes: the size sysfs gives every attribute),
    /// `nil` when it cannot be read.
    public func read(_ path: String) -> String? {
        guard let bytes = try? FileReader.bytes(atPath: path, limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to the attribute at `path`; a failure carries the path and the errno.
    public func write(_ text: String, to path: String) throws(LightError) {
        do {
            try FileWriter.replaceFile(atPath: path, with: text)
        } catch {
            throw LightError.write(path: path, reason: "\(error.operation): \(error.message)")
        }
    }
}
