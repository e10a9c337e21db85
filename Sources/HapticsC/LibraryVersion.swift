import Glibc
import HapticsModel

/// The library's version, as `haptics_version` gives it and `haptics.pc` names it.
public enum LibraryVersion {
    /// The version, e.g. `0.1.0`: the programs' own (`ProgramVersion`), so the library, the
    /// executables and the Debian package are one version.
    public static let text = ProgramVersion.text

    /// `text` as a C string, made once and never freed.
    nonisolated(unsafe) static let cString: UnsafePointer<CChar> = UnsafePointer(strdup(text)!)
}

/// `haptics_version`: see haptics.h.
@_cdecl("haptics_version")
public func hapticsVersion() -> UnsafePointer<CChar> {
    LibraryVersion.cString
}

/// `haptics_last_error`: see haptics.h.
@_cdecl("haptics_last_error")
public func hapticsLastError() -> UnsafePointer<CChar> {
    LastError.current
}
