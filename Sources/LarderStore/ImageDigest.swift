import Foundation

/// The key both stores find identical image bytes by, the same in each so a copy between
/// them keeps it.
enum ImageDigest {
  /// FNV-1a (64-bit) of the bytes, in hex: a lookup key, not a security boundary.
  static func fnv1a(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
