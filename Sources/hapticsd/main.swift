import Glibc
import HapticsCommandLine
import HapticsDaemon

HapticsDaemonCommand.blockSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(HapticsDaemonCommand.run(arguments, environment: HapticsDaemonCommand.processEnvironment()).rawValue)
