// swift-tools-version:6.0
import PackageDescription

// The arrows point one way: executables -> front ends (Server, CLI) -> LarderApplication (the
// use cases) -> adapters (Store, Import) -> LarderCore. See ARCHITECTURE.md.
let package = Package(
  name: "Larder",
  products: [
    .executable(name: "larder", targets: ["larder"]),
    .executable(name: "larder-bench", targets: ["larder-bench"]),
    .library(name: "LarderCore", targets: ["LarderCore"]),
    // For the libFuzzer package in fuzz/ only (see ARCHITECTURE.md, "Fuzzing").
    .library(name: "LarderFuzzTargets", targets: ["LarderFuzzTargets"]),
  ],
  targets: [
    // Pure domain: models, formats, parsing. Foundation only.
    .target(name: "LarderCore", resources: [.copy("Resources")]),

    // Persistence behind LarderCore's store protocols: SQLite embedded, PostgreSQL (libpq) for
    // several processes on one database.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .target(name: "LarderStore", dependencies: ["LarderCore", "CSQLite", "CPostgres"]),

    // HTTP transport (libmicrohttpd), router, JSON API and server-rendered pages.
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .target(name: "LarderHTTP", dependencies: ["CMicroHTTPD"]),
    .target(
      name: "LarderServer",
      dependencies: ["LarderCore", "LarderApplication", "LarderHTTP", "LarderImport"],
      resources: [.copy("Resources/web"), .copy("Resources/openapi.json")]
    ),

    // Getting recipes in from outside: HTML pages (libxml2), archives (zlib), URLs (libcurl).
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "LarderImport", dependencies: ["LarderCore", "CLibXML2", "CZlib", "CCurl"]),

    // Password hashing (Argon2id), random tokens and their hashes, for accounts.
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),

    // The use cases every front end calls: typed requests in, typed results out, the acting
    // household as a parameter, one error type. Knows no HTTP and no terminal.
    .target(
      name: "LarderApplication",
      dependencies: ["LarderCore", "LarderStore", "LarderImport", "CSodium"],
      resources: [.copy("Resources/starter-recipes")]),

    // Command line: argument parsing and commands; `larder` is a thin main over it. Commands
    // call LarderApplication; LarderServer and LarderHTTP are for `serve` only, LarderStore for
    // `backup`/`restore` (DatabaseBackup), LarderImport for `extract` and the importer's and
    // clipper's settings, LarderCore for the models the commands print.
    .target(
      name: "LarderCLI",
      dependencies: [
        "LarderCore", "LarderApplication", "LarderImport", "LarderStore", "LarderServer",
        "LarderHTTP",
      ]),
    .executableTarget(name: "larder", dependencies: ["LarderCLI"]),
    .executableTarget(
      name: "larder-bench",
      dependencies: [
        "LarderCore", "LarderApplication", "LarderStore", "LarderServer", "LarderHTTP", "CSQLite",
        "LarderImport",
        // The photo suite reads the recipe cards the tests render (RecipeCards.swift).
        "LarderTestSupport",
      ]),

    // An in-memory RecipeStore and fixtures shared by the test targets.
    .target(
      name: "LarderTestSupport", dependencies: ["LarderCore"], path: "Tests/LarderTestSupport"),

    // The fuzz targets' bodies: libFuzzer runs them from fuzz/ (its own package, built with
    // -sanitize=fuzzer), and LarderFuzzTests replays fuzz/corpus through them in `swift test`.
    .target(
      name: "LarderFuzzTargets", dependencies: ["LarderCore", "LarderImport"],
      path: "Tests/LarderFuzzTargets"),

    .testTarget(name: "LarderCoreTests", dependencies: ["LarderCore", "LarderTestSupport"]),
    .testTarget(
      name: "LarderStoreTests", dependencies: ["LarderStore", "LarderTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "LarderHTTPTests", dependencies: ["LarderHTTP", "LarderTestSupport"]),
    .testTarget(
      name: "LarderImportTests", dependencies: ["LarderImport", "LarderTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "LarderApplicationTests",
      dependencies: ["LarderApplication", "LarderStore", "LarderTestSupport"]),
    .testTarget(
      name: "LarderServerTests",
      dependencies: ["LarderServer", "LarderImport", "LarderTestSupport"]),
    .testTarget(name: "LarderCLITests", dependencies: ["LarderCLI", "LarderTestSupport"]),
    .testTarget(name: "LarderFuzzTests", dependencies: ["LarderFuzzTargets"]),
  ],
  swiftLanguageModes: [.v6]
)
