import Glibc

/// The guest kernel's command line, `/proc/cmdline`: the report prints it, since how the kernel
/// keeps its tick (`nohz=off`, scripts/bench-vm.sh says why) changes the timing it measures.
enum KernelCommandLine {
    /// The command line without its newline; empty when it cannot be read.
    static func read() -> String {
        guard let file = fopen("/proc/cmdline", "r") else { return "" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "" }
        let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
