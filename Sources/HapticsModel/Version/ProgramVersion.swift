/// The project's version, the one source of what `haptics --version` and `hapticsd --version`
/// print and of the Debian package's version.
package enum ProgramVersion {
    /// The version, e.g. `0.1.0`.
    package static let text = "0.1.0"
}
