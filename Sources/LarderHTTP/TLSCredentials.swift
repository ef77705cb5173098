import Foundation

/// A certificate chain and its private key, in PEM, for serving HTTPS directly.
///
/// Making one checks the shape of both (PEM blocks of the right kinds whose base64 decodes), so
/// a swapped, empty, encrypted or truncated file is reported naming that file before the server
/// starts. Whether the key belongs to the certificate is checked by GnuTLS when the server
/// starts: ``HTTPServer/start()`` throws ``HTTPError/invalidTLSCredentials(_:)`` if not.
public struct TLSCredentials: Sendable, Equatable {
  /// The certificate blocks, the server's own first, then any intermediates.
  public let certificatePEM: String
  /// The one private-key block.
  public let privateKeyPEM: String
  /// Where the certificate came from (a file's path), for messages.
  public let certificateSource: String
  /// Where the key came from (a file's path), for messages.
  public let privateKeySource: String

  /// Checks and keeps PEM text; `certificateSource` and `privateKeySource` name where each came
  /// from in messages.
  ///
  /// - Throws: ``HTTPError/invalidTLSCredentials(_:)`` naming the source that is not a PEM
  ///   certificate or an unencrypted PEM private key.
  public init(
    certificatePEM: String, privateKeyPEM: String,
    certificateSource: String = "the certificate", privateKeySource: String = "the private key"
  ) throws(HTTPError) {
    self.certificateSource = certificateSource
    self.privateKeySource = privateKeySource
    let certificates = try Self.blocks(in: certificatePEM, source: certificateSource)
      .filter { $0.label == "CERTIFICATE" }
    guard !certificates.isEmpty else {
      throw .invalidTLSCredentials(
        "\(certificateSource) holds no PEM certificate (a '-----BEGIN CERTIFICATE-----' block)"
          + Self.swappedHint(certificatePEM, expected: "certificate"))
    }
    self.certificatePEM = certificates.map(\.text).joined(separator: "\n") + "\n"

    let keys = try Self.blocks(in: privateKeyPEM, source: privateKeySource)
      .filter { $0.label.hasSuffix("PRIVATE KEY") }
    guard let key = keys.first else {
      throw .invalidTLSCredentials(
        "\(privateKeySource) holds no PEM private key (a '-----BEGIN PRIVATE KEY-----' block)"
          + Self.swappedHint(privateKeyPEM, expected: "key"))
    }
    guard keys.count == 1 else {
      throw .invalidTLSCredentials(
        "\(privateKeySource) holds \(keys.count) private keys; give the one for the certificate")
    }
    if key.label == "ENCRYPTED PRIVATE KEY" || key.isEncryptedLegacy {
      throw .invalidTLSCredentials(
        "\(privateKeySource) is encrypted with a passphrase; give Larder an unencrypted copy "
          + "readable only by its user (openssl pkey -in KEY -out plain-key.pem)")
    }
    self.privateKeyPEM = key.text + "\n"
  }

  /// Reads and checks a certificate file and a key file, as `larder serve --tls-cert FILE
  /// --tls-key FILE` names them.
  ///
  /// - Throws: ``HTTPError/invalidTLSCredentials(_:)`` naming the file that cannot be read or
  ///   is not what it should be.
  public static func load(
    certificateFile: String, privateKeyFile: String
  ) throws(HTTPError) -> TLSCredentials {
    try TLSCredentials(
      certificatePEM: read(certificateFile, what: "certificate"),
      privateKeyPEM: read(privateKeyFile, what: "private key"),
      certificateSource: "TLS certificate '\(certificateFile)'",
      privateKeySource: "TLS key '\(privateKeyFile)'")
  }

  private static func read(_ path: String, what: String) throws(HTTPError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it is not readable" : "it does not exist"
      throw .invalidTLSCredentials("cannot read the TLS \(what) '\(path)': \(reason)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .invalidTLSCredentials(
        "the TLS \(what) '\(path)' is not PEM text (a DER file? convert it with "
          + "openssl x509 -inform der / openssl pkey -inform der)")
    }
    return text
  }

  /// One `-----BEGIN label-----` … `-----END label-----` block.
  private struct Block {
    var label: String
    /// The block as text, normalised: its BEGIN line, base64 in lines, its END line.
    var text: String
    /// An old-style OpenSSL key with `Proc-Type: 4,ENCRYPTED`.
    var isEncryptedLegacy: Bool
  }

  /// Every PEM block in `text`, each checked to be well formed.
  private static func blocks(in text: String, source: String) throws(HTTPError) -> [Block] {
    var blocks: [Block] = []
    var open: (label: String, line: Int, lines: [String], headers: [String])?
    for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      let place = "\(source), line \(offset + 1)"
      if let label = marker(line, "BEGIN") {
        if let open {
          throw .invalidTLSCredentials("\(place): a new block begins inside '\(open.label)'")
        }
        open = (label, offset + 1, [], [])
      } else if let label = marker(line, "END") {
        guard let block = open, block.label == label else {
          throw .invalidTLSCredentials("\(place): 'END \(label)' without its BEGIN line")
        }
        let body = block.lines.joined()
        guard !body.isEmpty, let der = Data(base64Encoded: body), der.first == 0x30 else {
          throw .invalidTLSCredentials(
            "\(source), line \(block.line): the '\(label)' block that begins there is not"
              + " valid base64 DER (a damaged or cut file?)")
        }
        let wrapped = stride(from: 0, to: body.count, by: 64).map { start -> String in
          let from = body.index(body.startIndex, offsetBy: start)
          let to = body.index(from, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
          return String(body[from..<to])
        }
        blocks.append(
          Block(
            label: label,
            text: (["-----BEGIN \(label)-----"] + wrapped + ["-----END \(label)-----"])
              .joined(separator: "\n"),
            isEncryptedLegacy: block.headers.contains { $0.contains("ENCRYPTED") }))
        open = nil
      } else if var block = open, !line.isEmpty {
        // RFC 1421 headers (`Proc-Type: 4,ENCRYPTED`) come before the base64.
        if line.contains(":") {
          block.headers.append(line)
        } else {
          block.lines.append(line)
        }
        open = block
      }
    }
    if let open {
      throw .invalidTLSCredentials("\(source): the '\(open.label)' block has no END line")
    }
    return blocks
  }

  /// The label of a `-----BEGIN label-----` (or END) line.
  private static func marker(_ line: String, _ kind: String) -> String? {
    let prefix = "-----\(kind) "
    guard line.hasPrefix(prefix), line.hasSuffix("-----"), line.count > prefix.count + 5 else {
      return nil
    }
    return String(line.dropFirst(prefix.count).dropLast(5))
  }

  /// A hint when the other kind of block is there instead: the two files were swapped.
  private static func swappedHint(_ text: String, expected: String) -> String {
    switch expected {
    case "certificate" where text.contains("PRIVATE KEY-----"):
      "; it holds a private key: are the certificate and the key swapped?"
    case "key" where text.contains("BEGIN CERTIFICATE-----"):
      "; it holds a certificate: are the certificate and the key swapped?"
    default:
      ""
    }
  }
}
