import Glibc

/// Whether a file a test reads is there.
enum FileReaderProbe {
    static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
