import Glibc

/// Lists directories for the drivers' discovery (`/dev/input`, a HID device's `hidraw` in
/// sysfs).
package enum DirectoryReader {
    /// The names of the entries in the directory at `path`, without `.` and `..`, in the
    /// order the file system gives them; the errno when it cannot be opened.
    package static func names(in path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw .current }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
