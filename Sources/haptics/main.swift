import Glibc
import HapticsCLI

exit(await HapticsCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
