import Glibc
import HapticsCommandLine

// haptics-docgen [--prefix PREFIX] FILE: prints the generated file named FILE (a manual page or
// a completion script, see GeneratedFile) on standard output, the manual pages naming the files
// installed under PREFIX (default /usr); with no argument, lists the names.
var arguments = Array(CommandLine.arguments.dropFirst())
let console = Console.standard
var prefix = "/usr"
if arguments.first == "--prefix" {
    guard arguments.count >= 2, arguments[1].hasPrefix("/") else {
        console.err("haptics-docgen: --prefix needs an absolute directory, such as /usr/local")
        exit(ExitCode.usage.rawValue)
    }
    prefix = arguments[1]
    arguments.removeFirst(2)
}
guard let name = arguments.first, arguments.count == 1 else {
    console.out(GeneratedFile.allCases.map(\.rawValue).joined(separator: "\n"))
    exit(arguments.isEmpty ? ExitCode.success.rawValue : ExitCode.usage.rawValue)
}
guard let file = GeneratedFile(rawValue: name) else {
    console.err("haptics-docgen: unknown file '\(name)'; run it without arguments for the list")
    exit(ExitCode.usage.rawValue)
}
console.out(String(file.contents(prefix: prefix).dropLast()))
