import Glibc
import HapticsDaemon
import HapticsCommandLine

HapticsDaemonCommand.blockSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(HapticsDaemonCommand.run(arguments, environment: HapticsDaemonCommand.processEnvironment()).rawValue)
