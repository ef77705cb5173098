// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for Larder, kept out of the main package so that its builds never see
// -sanitize=fuzzer. Build with `make fuzz` (see ARCHITECTURE.md, "Fuzzing"):
//   swift build -c release -Xswiftc -sanitize=fuzzer,address
// The bodies live in the main package's LarderFuzzTargets, which `swift test` replays too.
let package = Package(
  name: "LarderFuzz",
  dependencies: [.package(name: "Larder", path: "../..")],
  targets: [
    // libFuzzer's driver, declared for Swift; the runtime comes with -sanitize=fuzzer.
    .systemLibrary(name: "CLibFuzzer"),
    .executableTarget(
      name: "larder-fuzz",
      dependencies: ["CLibFuzzer", .product(name: "LarderFuzzTargets", package: "Larder")]),
  ],
  swiftLanguageModes: [.v6]
)
