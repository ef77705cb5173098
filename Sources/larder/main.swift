import Foundation
import LarderCLI

exit(LarderCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst())))
