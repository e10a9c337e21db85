import Glibc
import Haptics
import VirtualDevices

/// The golden files: for each emulated pad, what the kernel handed it for the nine presets, an
/// AHAP file and a Haptica string (`GoldenReports`), compared with the files checked in under
/// `Golden/<kernel>/<pad>/<pattern>.txt`, `<kernel>` being the running kernel's
/// `major.minor`. With `--update-golden` the tests record instead: they print each file
/// between `@@GOLDEN path@@` and `@@GOLDEN-END@@` lines, which scripts/kernel-tests.sh
/// writes into the repository (`make golden`). A mismatch prints the files as they are now in
/// the same way, and fails with the first lines that differ.
enum GoldenTests {
    /// Where the golden files are and what to do with them.
    struct Options: Sendable {
        /// The directory holding one directory per kernel.
        let directory: String
        /// The AHAP file the golden files cover.
        let ahapFile: String
        /// Whether to print the files for recording rather than compare.
        let update: Bool
    }

    /// One test per pad; none when `options` is nil (no golden directory given).
    static func all(options: Options?) -> [KernelTest] {
        guard let options else { return [] }
        return [
            KernelTest(name: "golden: uinput rumble pad uploads match the golden files") {
                let pad = try VirtualGamepad(name: "Haptics Golden Pad", gain: false)
                defer { pad.destroy() }
                try await check("uinput", "a uinput rumble pad (no FF_GAIN)", options) { try GoldenReports.lines(for: $0, on: pad) }
            },
            KernelTest(name: "golden: uhid dualsense reports match the golden files") {
                try await check(VirtualDualSense(), "dualsense", "a uhid DualSense (USB) bound by hid-playstation", options)
            },
            KernelTest(name: "golden: uhid dualshock4 reports match the golden files") {
                try await check(VirtualDualShock4(), "dualshock4", "a uhid DualShock 4 (USB) bound by hid-sony", options)
            },
            KernelTest(name: "golden: uhid xbox reports match the golden files") {
                try await check(VirtualXboxPad(), "xbox-bt", "a uhid Xbox One S (Bluetooth) bound by hid-microsoft", options)
            },
            KernelTest(name: "golden: uhid switch pro reports match the golden files") {
                try await check(VirtualSwitchPro(), "switch-pro", "a uhid Switch Pro Controller (USB) bound by hid-nintendo", options)
            },
        ]
    }

    /// The running kernel's `major.minor`, e.g. `6.1`: the golden files' directory.
    static var kernel: String {
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return release.split(separator: ".").prefix(2).joined(separator: ".")
    }

    /// Checks (or records) a uhid pad's files, then unplugs it.
    private static func check(_ pad: any VirtualRumblePad, _ name: String, _ description: String, _ options: Options) async throws {
        defer { pad.destroy() }
        try await check(name, description, options) { try GoldenReports.lines(for: $0, on: pad) }
    }

    /// Checks (or records) one pad's file for every pattern; `lines` gives a pattern's lines.
    private static func check(
        _ name: String, _ description: String, _ options: Options, lines: ([RumbleFrame]) throws -> [String]
    ) async throws {
        let kernel = kernel
        var mismatches: [String] = []
        for pattern in try await GoldenReports.patterns(ahapFile: options.ahapFile) {
            let path = "\(kernel)/\(name)/\(pattern.name).txt"
            let header = [
                "# Golden reports: \(pattern.title) on \(description), Linux \(kernel).",
                "# Checked by make kernel-test, refreshed by make golden; the columns are explained in ../../README.md.",
            ]
            let actual = header + (try lines(pattern.frames))
            if options.update {
                printFile(path, actual)
                continue
            }
            let expected = read("\(options.directory)/\(path)")
            guard let expected else {
                mismatches.append("\(path) is missing")
                printFile(path, actual)
                continue
            }
            if expected != actual {
                mismatches.append("\(path): \(firstDifference(expected, actual))")
                printFile(path, actual)
            }
        }
        try expect(
            mismatches.isEmpty,
            "\(mismatches.count) golden files differ from what the kernel sent (each printed above as it is now; "
                + "if the change is intended, run make golden and review the diff):\n  " + mismatches.joined(separator: "\n  "))
    }

    /// The first line that differs, both ways.
    private static func firstDifference(_ expected: [String], _ actual: [String]) -> String {
        let index = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
        let was = index < expected.count ? expected[index] : "(end of file)"
        let now = index < actual.count ? actual[index] : "(end of file)"
        return "line \(index + 1) was \"\(was)\", is now \"\(now)\""
    }

    /// Prints a file between the markers scripts/kernel-tests.sh looks for.
    private static func printFile(_ path: String, _ lines: [String]) {
        print("@@GOLDEN \(path)@@")
        for line in lines { print(line) }
        print("@@GOLDEN-END@@")
    }

    /// A text file's lines, or nil when it cannot be read.
    private static func read(_ path: String) -> [String]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer.prefix(count)
        }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
