import Glibc

/// The guest kernel's version, for the facts that differ across the kernel matrix (6.1 and
/// 7.3, scripts/kernel-tests.sh).
struct KernelVersion: Comparable, CustomStringConvertible {
    let major: Int
    let minor: Int
    /// The release as `uname -r` prints it, e.g. `7.3.4+deb13-amd64`.
    let release: String

    /// The running kernel's.
    static let current: KernelVersion = {
        var name = utsname()
        _ = uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return KernelVersion(major: numbers.first ?? 0, minor: numbers.dropFirst().first ?? 0, release: release)
    }()

    /// Whether this is at least `major.minor`.
    func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        (self.major, self.minor) >= (major, minor)
    }

    static func < (lhs: KernelVersion, rhs: KernelVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    var description: String { release }
}
