import CSodium
import Foundation

/// How hard a password hash is to compute: Argon2id's passes and memory.
///
/// The cost is written into each hash, so a hash made at one cost verifies at any other, and
/// ``PasswordHashing/needsRehash(_:)`` says when a stored hash is below the current cost.
public struct PasswordHashing: Sendable, Equatable {
  /// Argon2id passes.
  public var operations: UInt64
  /// Argon2id memory, in bytes.
  public var memoryBytes: Int

  /// libsodium's interactive cost (2 passes, 64 MiB): what sign-in uses.
  public static let interactive = PasswordHashing(
    operations: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
    memoryBytes: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))

  /// The least libsodium allows: for tests only, where hundreds of accounts are made.
  public static let leastForTests = PasswordHashing(
    operations: UInt64(crypto_pwhash_OPSLIMIT_MIN), memoryBytes: Int(crypto_pwhash_MEMLIMIT_MIN))

  /// Makes a cost.
  public init(operations: UInt64, memoryBytes: Int) {
    self.operations = operations
    self.memoryBytes = memoryBytes
  }

  /// The Argon2id hash string of the password (salt and cost included).
  public func hash(_ password: String) throws -> String {
    Secrets.prepare()
    var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
    // A NUL after the password keeps the buffer non-empty; the length excludes it.
    let bytes = Array(password.utf8) + [0]
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        crypto_pwhash_str(&output, $0, UInt64(bytes.count - 1), operations, memoryBytes)
      }
    }
    guard status == 0 else {
      throw ApplicationError.conflict(
        reason: "the server could not hash the password (out of memory); try again")
    }
    return String(cString: output)
  }

  /// Whether the password matches the hash string; false for anything not a hash.
  public static func verify(_ password: String, hash: String) -> Bool {
    Secrets.prepare()
    guard hash.utf8.count < Int(crypto_pwhash_STRBYTES) else { return false }
    var stored = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
    for (index, byte) in hash.utf8.enumerated() { stored[index] = CChar(bitPattern: byte) }
    let bytes = Array(password.utf8) + [0]
    return bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        crypto_pwhash_str_verify(&stored, $0, UInt64(bytes.count - 1)) == 0
      }
    }
  }

  /// Whether a stored hash was made at another cost than this one.
  public func needsRehash(_ hash: String) -> Bool {
    Secrets.prepare()
    return crypto_pwhash_str_needs_rehash(hash, operations, memoryBytes) != 0
  }
}

/// Random tokens and their hashes, through libsodium.
public enum Secrets {
  private static let initialised: Bool = sodium_init() >= 0

  /// Initialises libsodium once; safe to call from any thread.
  static func prepare() {
    precondition(initialised, "libsodium could not be initialised")
  }

  /// A new random token of `bytes` bytes (256 bits by default), URL-safe base64 without
  /// padding, optionally after a prefix that says what it is ("lda_").
  public static func randomToken(bytes: Int = 32, prefix: String = "") -> String {
    prepare()
    var buffer = [UInt8](repeating: 0, count: bytes)
    randombytes_buf(&buffer, bytes)
    return prefix + base64URL(buffer)
  }

  /// The SHA-256 of the text's UTF-8, as lowercase hex: how tokens are stored.
  public static func sha256Hex(_ text: String) -> String {
    prepare()
    var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
    let bytes = Array(text.utf8)
    crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
    return hex(digest)
  }

  /// Bytes as lower-case hexadecimal, two digits each (`String(format:)` per byte was a
  /// fortieth of an API request, which hashes its token).
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether two strings are equal, in time that does not depend on where they differ.
  public static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
    let a = Array(left.utf8)
    let b = Array(right.utf8)
    guard a.count == b.count else { return false }
    return sodium_memcmp(a, b, a.count) == 0
  }

  static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
