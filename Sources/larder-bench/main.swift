import Foundation

// larder-bench: measures Larder against peers in one run and prints JSON on standard output.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
  let output = try BenchCommand.run(arguments)
  print(output)
} catch let error as BenchError {
  FileHandle.standardError.write(Data("larder-bench: \(error.message)\n".utf8))
  exit(error.exitCode)
} catch {
  FileHandle.standardError.write(Data("larder-bench: \(error)\n".utf8))
  exit(1)
}
