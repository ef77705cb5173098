import Foundation

/// Small, well-formed images made in the test, so image tests carry no picture from elsewhere.
public enum TinyImages {
  /// A 1×1 PNG whose one pixel is `gray` (0–255): signature, IHDR, an IDAT holding a stored
  /// (uncompressed) zlib block, and IEND, each chunk with its CRC. Different grays give
  /// different bytes, for tests that need two distinct images.
  public static func png(gray: UInt8 = 0x80) -> Data {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // Width 1, height 1, bit depth 8, colour type 0 (gray), compression, filter, interlace 0.
    data.append(chunk("IHDR", bigEndian(1) + bigEndian(1) + [8, 0, 0, 0, 0]))
    let scanline: [UInt8] = [0, gray]  // filter type 0, then the pixel
    var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(scanline.count), 0, ~UInt8(scanline.count), 0xFF]
    zlib += scanline
    zlib += bigEndian(adler32(scanline))
    data.append(chunk("IDAT", zlib))
    data.append(chunk("IEND", []))
    return data
  }

  /// The smallest JPEG stream a reader recognises: start of image, a JFIF APP0 segment, and
  /// end of image. It has no picture data; Larder checks images by their first bytes.
  public static func jpeg() -> Data {
    Data(
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
        + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9])
  }

  private static func chunk(_ type: String, _ body: [UInt8]) -> Data {
    let typed = Array(type.utf8) + body
    return Data(bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed)))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }
}
