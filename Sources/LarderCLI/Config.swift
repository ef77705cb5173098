import Foundation
import LarderCore
import LarderServer

/// Larder's settings, read once at start-up: flags win over environment variables, which win
/// over the config file, which wins over the defaults. Validated before anything runs.
public struct Config: Equatable, Sendable {
  /// The SQLite database file.
  public var databasePath: String
  /// The address to listen on; loopback unless the user says otherwise.
  public var host: String = "127.0.0.1"
  /// The URLs Larder is opened by besides loopback (`http://192.168.1.20:8080`, a reverse
  /// proxy's `https://recipes.example`): the only other names its server answers to, and the
  /// only other origins changes may come from.
  public var publicURLs: [RequestGuard.Origin] = []
  /// The reverse proxies (addresses or CIDR blocks) whose `X-Forwarded-*` and `Forwarded`
  /// headers are believed; none by default.
  public var trustedProxies = TrustedProxies()
  /// The PEM certificate (chain) to serve HTTPS with; set together with ``tlsKeyPath``.
  public var tlsCertificatePath: String?
  /// The PEM private key of ``tlsCertificatePath``.
  public var tlsKeyPath: String?
  /// The TCP port (0 picks a free one).
  public var port: Int = 8080
  /// HTTP worker threads.
  public var threads: Int = 4
  /// The largest request body accepted, in bytes.
  public var maxBodyBytes: Int = 1 << 20
  /// Seconds an idle connection is kept.
  public var timeoutSeconds: Int = 30
  /// The largest file `larder import` reads and `POST /api/v1/import` takes, in bytes; the
  /// archive limits and the decompression budget follow from it.
  public var maxFileBytes: Int = 64 << 20
  /// How many connections the server serves at once.
  public var maxConnections: Int = 256
  /// How many of them one client address may hold: 64, or ``maxConnections`` when trusted
  /// proxies are set, since every client behind a proxy has the proxy's address. Not lower:
  /// a busy server notices closed connections late, so a client that reconnects (a browser,
  /// a load tester between runs) briefly holds its old connections as well as its new ones;
  /// at 32 the soak benchmark's 16 connections were refused for a minute.
  public var maxConnectionsPerClient: Int = 64
  /// Whether a new, empty database gets the starter recipes.
  public var starterRecipes: Bool = true
  /// Whether clipping may fetch from loopback and private-network addresses (a recipe site on
  /// your own network). Off by default: see ``AddressPolicy``.
  public var clipAllowPrivate: Bool = false
  /// Clips and remote-image fetches that run at once, off the HTTP threads (`clip_workers`).
  public var clipWorkers: Int = 4
  /// How many more may wait their turn before a clip is answered 503 (`clip_queue`).
  public var clipQueue: Int = 12
  /// Seconds one clip may take, its page and its image together (`clip_deadline`).
  public var clipDeadlineSeconds: Int = 45
  /// The units amounts are shown in (pantry, shopping list).
  public var unitSystem: UnitSystem = .us
  /// The day weeks start on in the meal plan.
  public var firstWeekday: Weekday = .monday
  /// The time zone "today" is reckoned in for expiry dates and the plan; nil is the system's.
  public var timeZone: TimeZone?
  /// The folder `larder serve` writes a daily backup into; nil takes none.
  public var backupDirectory: String?
  /// How many of those backups are kept, the newest.
  public var backupKeep: Int = 7
  /// The household local commands act in, as its owner (`default`: the one household of a
  /// database made before accounts).
  public var household: HouseholdID = .default

  /// The settings' names as written in the config file and, upper-cased with a `LARDER_`
  /// prefix, in the environment.
  static let keys = [
    "db", "host", "public_url", "trusted_proxies", "tls_cert", "tls_key", "port", "threads",
    "max_body_bytes", "timeout", "starter_recipes", "clip_allow_private", "units", "week_start",
    "time_zone", "household", "backup_dir", "backup_keep",
    "clip_workers", "clip_queue", "clip_deadline",
    "max_file_size", "max_connections", "max_connections_per_client",
  ]

  /// The default database path: `$XDG_DATA_HOME/larder/larder.sqlite`, falling back to
  /// `~/.local/share/larder/larder.sqlite`.
  static func defaultDatabasePath(environment: [String: String]) -> String {
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(
        ".local/share")
    return (data as NSString).appendingPathComponent("larder/larder.sqlite")
  }

  /// The default config file: `$XDG_CONFIG_HOME/larder/config`, or `~/.config/larder/config`.
  static func defaultConfigPath(environment: [String: String]) -> String {
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
    return (config as NSString).appendingPathComponent("larder/config")
  }

  /// Resolves the settings from flags (`flags`, keyed like the config file), the environment
  /// and the config file at `configPath` (an explicit path must exist; the default may not).
  /// `isReadable` says whether a file named by a setting (the TLS files) can be read.
  static func resolve(
    flags: [String: String], environment: [String: String], configPath: String?,
    readFile: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) },
    isReadable: (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }
  ) throws(ConfigError) -> Config {
    var values: [String: (value: String, source: String)] = [:]
    let filePath = configPath ?? defaultConfigPath(environment: environment)
    if let text = readFile(filePath) {
      for (key, entry) in try parseFile(text, path: filePath) { values[key] = entry }
    } else if configPath != nil {
      throw ConfigError(message: "config file '\(filePath)' cannot be read")
    }
    for key in keys {
      if let value = environment["LARDER_" + key.uppercased()], !value.isEmpty {
        values[key] = (value, "environment variable LARDER_\(key.uppercased())")
      }
    }
    for (key, value) in flags {
      values[key] = (value, "option --\(key.replacingOccurrences(of: "_", with: "-"))")
    }

    var config = Config(databasePath: defaultDatabasePath(environment: environment))
    func integer(_ key: String, _ range: ClosedRange<Int>) throws(ConfigError) -> Int? {
      guard let entry = values[key] else { return nil }
      guard let number = Int(entry.value), range.contains(number) else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is not a whole number from "
            + "\(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
    func boolean(_ key: String) throws(ConfigError) -> Bool? {
      guard let entry = values[key] else { return nil }
      switch entry.value.lowercased() {
      case "1", "true", "yes", "on": return true
      case "0", "false", "no", "off": return false
      default:
        throw ConfigError(message: "\(entry.source): '\(entry.value)' is not true or false")
      }
    }
    if let path = values["db"]?.value { config.databasePath = path }
    if let entry = values["host"] {
      guard !entry.value.isEmpty, !entry.value.contains(where: \.isWhitespace) else {
        throw ConfigError(message: "\(entry.source): '\(entry.value)' is not a host address")
      }
      config.host = entry.value
    }
    if let entry = values["public_url"] {
      config.publicURLs = try publicURLs(entry)
    }
    if let entry = values["trusted_proxies"] {
      config.trustedProxies = try trustedProxies(entry)
    }
    try readTLSFiles(values["tls_cert"], values["tls_key"], into: &config, isReadable: isReadable)
    config.port = try integer("port", 0...65535) ?? config.port
    config.threads = try integer("threads", 1...64) ?? config.threads
    config.maxBodyBytes = try integer("max_body_bytes", 1024...(1 << 30)) ?? config.maxBodyBytes
    config.timeoutSeconds = try integer("timeout", 1...3600) ?? config.timeoutSeconds
    try readLimits(values, into: &config)
    config.starterRecipes = try boolean("starter_recipes") ?? config.starterRecipes
    config.clipAllowPrivate = try boolean("clip_allow_private") ?? config.clipAllowPrivate
    config.clipWorkers = try integer("clip_workers", 1...64) ?? config.clipWorkers
    config.clipQueue = try integer("clip_queue", 0...1024) ?? config.clipQueue
    config.clipDeadlineSeconds = try integer("clip_deadline", 1...600) ?? config.clipDeadlineSeconds
    if let entry = values["units"] {
      guard let system = UnitSystem(rawValue: entry.value.lowercased()) else {
        throw ConfigError(message: "\(entry.source): '\(entry.value)' is not us or metric")
      }
      config.unitSystem = system
    }
    if let entry = values["week_start"] {
      guard let day = Weekday(rawValue: entry.value.lowercased()) else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is not a day of the week such as monday")
      }
      config.firstWeekday = day
    }
    if let entry = values["time_zone"], !entry.value.isEmpty {
      guard let zone = TimeZone(identifier: entry.value) else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is not a time zone such as Europe/Berlin")
      }
      config.timeZone = zone
    }
    if let entry = values["backup_dir"] {
      guard !entry.value.isEmpty else {
        throw ConfigError(message: "\(entry.source): give the folder to write backups into")
      }
      config.backupDirectory = entry.value
    }
    config.backupKeep = try integer("backup_keep", 1...3650) ?? config.backupKeep
    if let entry = values["household"] {
      guard !entry.value.isEmpty,
        !entry.value.unicodeScalars.contains(where: {
          CharacterSet.whitespacesAndNewlines.contains($0)
            || CharacterSet.controlCharacters.contains($0)
        })
      else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is not a household id; "
            + "'larder users list' shows each account's households")
      }
      config.household = HouseholdID(rawValue: entry.value)
    }
    return config
  }

  /// The largest `max_file_size`: 4 GiB, what a zip without ZIP64 can describe.
  static let maximumFileSizeSetting = 4 << 30

  /// Reads `max_file_size` and the connection limits; the per-client limit defaults to 64, or
  /// to `max_connections` behind trusted proxies, and may not exceed `max_connections`.
  static func readLimits(
    _ values: [String: (value: String, source: String)], into config: inout Config
  ) throws(ConfigError) {
    if let entry = values["max_file_size"] {
      guard let bytes = byteSize(entry.value) else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is not a size; write bytes, or a number "
            + "with KB, MB or GB (powers of 1000) or KiB, MiB or GiB (powers of 1024), "
            + "such as 200MB")
      }
      guard (1024...maximumFileSizeSetting).contains(bytes) else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is \(bytes) bytes; the file size limit "
            + "must be from 1 KiB to 4 GiB")
      }
      config.maxFileBytes = bytes
    }
    for (key, range) in [
      ("max_connections", 1...100_000), ("max_connections_per_client", 1...100_000),
    ] {
      guard let entry = values[key] else { continue }
      guard let number = Int(entry.value), range.contains(number) else {
        throw ConfigError(
          message: "\(entry.source): '\(entry.value)' is not a whole number from "
            + "\(range.lowerBound) to \(range.upperBound)")
      }
      if key == "max_connections" { config.maxConnections = number }
    }
    guard let entry = values["max_connections_per_client"] else {
      config.maxConnectionsPerClient =
        config.trustedProxies.networks.isEmpty
        ? min(64, config.maxConnections) : config.maxConnections
      return
    }
    let perClient = Int(entry.value) ?? 0
    guard perClient <= config.maxConnections else {
      throw ConfigError(
        message: "\(entry.source): '\(entry.value)' is more than max_connections "
          + "(\(config.maxConnections)); one client cannot hold more connections than all "
          + "clients together")
    }
    config.maxConnectionsPerClient = perClient
  }

  /// Reads a size: whole bytes (`68000000`), or a number with a unit, in any case and with or
  /// without a space: `B`, `KB`, `MB`, `GB` (powers of 1000) or `KiB`, `MiB`, `GiB` (powers of
  /// 1024), such as `200MB`, `1.5 GiB`. Nil for anything else, or a size that overflows.
  static func byteSize(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
    let scales: [String: Double] = [
      "": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9,
      "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
    ]
    guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number.last != ".",
      let scale = scales[unit], let value = Double(number)
    else { return nil }
    let bytes = (value * scale).rounded()
    guard bytes < Double(Int.max / 2) else { return nil }
    // Bytes are whole: "1.5" alone is not a size, "1.5KB" is 1500 bytes.
    if unit.isEmpty || unit == "b" { guard !number.contains(".") else { return nil } }
    return Int(bytes)
  }

  /// Reads a comma-separated list of `http://` or `https://` URLs with a host and at most a
  /// port, each naming the origin a browser opens Larder by.
  static func publicURLs(
    _ entry: (value: String, source: String)
  ) throws(ConfigError) -> [RequestGuard.Origin] {
    var origins: [RequestGuard.Origin] = []
    for part in entry.value.split(separator: ",") {
      let text = part.trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty else { continue }
      guard let origin = RequestGuard.Origin(text) else {
        throw ConfigError(
          message: "\(entry.source): '\(text)' is not a public URL; write the address you open "
            + "Larder by, as http:// or https://, a host and an optional port, with no path, "
            + "such as http://192.168.1.20:8080 or https://recipes.example.org")
      }
      if !origins.contains(origin) { origins.append(origin) }
    }
    return origins
  }

  /// Reads a comma-separated list of proxy addresses and CIDR blocks.
  static func trustedProxies(
    _ entry: (value: String, source: String)
  ) throws(ConfigError) -> TrustedProxies {
    var networks: [TrustedProxies.Network] = []
    for part in entry.value.split(separator: ",") {
      let text = part.trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty else { continue }
      guard let network = TrustedProxies.Network(text) else {
        throw ConfigError(
          message: "\(entry.source): '\(text)' is not a proxy's address; write IP addresses or "
            + "CIDR blocks (no host names), such as 127.0.0.1, ::1 or 10.0.0.0/8")
      }
      if !networks.contains(network) { networks.append(network) }
    }
    return TrustedProxies(networks)
  }

  /// Takes the TLS certificate and key paths, which come as a pair of readable files; their
  /// contents are checked when `serve` loads them.
  static func readTLSFiles(
    _ certificate: (value: String, source: String)?, _ key: (value: String, source: String)?,
    into config: inout Config, isReadable: (String) -> Bool
  ) throws(ConfigError) {
    let certificate = certificate.flatMap { $0.value.isEmpty ? nil : $0 }
    let key = key.flatMap { $0.value.isEmpty ? nil : $0 }
    switch (certificate, key) {
    case (nil, nil):
      return
    case (let given?, nil):
      throw ConfigError(
        message: "\(given.source) gives a TLS certificate without its key; set tls_key "
          + "(--tls-key, LARDER_TLS_KEY) to the certificate's private key too")
    case (nil, let given?):
      throw ConfigError(
        message: "\(given.source) gives a TLS key without its certificate; set tls_cert "
          + "(--tls-cert, LARDER_TLS_CERT) to the certificate too")
    case (let certificate?, let key?):
      for (entry, what) in [(certificate, "certificate"), (key, "key")]
      where !isReadable(entry.value) {
        throw ConfigError(
          message: "\(entry.source): the TLS \(what) file '\(entry.value)' cannot be read "
            + "(it does not exist, or Larder's user may not read it)")
      }
      config.tlsCertificatePath = certificate.value
      config.tlsKeyPath = key.value
    }
  }

  /// Reads `key = value` lines; `#` starts a comment. Unknown keys are errors naming the line.
  static func parseFile(
    _ text: String, path: String
  ) throws(ConfigError) -> [String: (
    value: String, source: String
  )] {
    var values: [String: (value: String, source: String)] = [:]
    for (offset, rawLine) in text.components(separatedBy: .newlines).enumerated() {
      let line =
        rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
      guard !line.isEmpty else { continue }
      let location = "\(path):\(offset + 1)"
      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigError(message: "\(location): expected 'key = value', got '\(line)'")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard keys.contains(key) else {
        throw ConfigError(
          message: "\(location): unknown setting '\(key)'; known: \(keys.joined(separator: ", "))")
      }
      values[key] = (value, location)
    }
    return values
  }
}

/// A setting that cannot be used, naming where it came from.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong and where.
  public var message: String
  /// The message.
  public var description: String { message }
}
