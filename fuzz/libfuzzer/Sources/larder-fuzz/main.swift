import CLibFuzzer
import Foundation
import LarderFuzzTargets

// One binary holds every target; LARDER_FUZZ_TARGET picks the one a run feeds, so that a
// run's corpus and crashes belong to one target. The rest of the command line is libFuzzer's
// (corpus folders, -max_total_time=...). SwiftPM's executable main calls libFuzzer's driver
// (the toolchain's runtime, linked by -sanitize=fuzzer) rather than libFuzzer's own main.

/// The target this process feeds, chosen once from LARDER_FUZZ_TARGET.
let selectedTarget: FuzzTarget = {
  let name = ProcessInfo.processInfo.environment["LARDER_FUZZ_TARGET"] ?? ""
  if let target = FuzzTarget.named(name) { return target }
  var list = ""
  for target in FuzzTarget.all {
    let name = target.name.padding(toLength: 16, withPad: " ", startingAt: 0)
    list += "  \(name) \(target.summary)\n"
  }
  let problem = name.isEmpty ? "LARDER_FUZZ_TARGET is not set" : "no fuzz target '\(name)'"
  FileHandle.standardError.write(Data("larder-fuzz: \(problem); the targets are:\n\(list)".utf8))
  exit(2)
}()

/// Runs the target's body on one input, and aborts (a crash libFuzzer saves) when an
/// invariant does not hold. Exported under libFuzzer's name too, for tools that look for it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
  do {
    try selectedTarget.run(data)
  } catch {
    FileHandle.standardError.write(
      Data("larder-fuzz \(selectedTarget.name): invariant failed: \(error)\n".utf8))
    abort()
  }
  return 0
}

_ = selectedTarget
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))
