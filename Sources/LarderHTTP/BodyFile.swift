import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request body too large to keep in memory, written to a temporary file as it arrives and
/// handed to the handler as memory-mapped `Data`.
///
/// Why mapped `Data` rather than a file URL on `HTTPRequest`: every handler (imports, photos)
/// keeps reading `HTTPRequest.body` as it always has, and none can forget to read a second
/// field; the bytes live in the page cache, which the kernel writes back and drops under
/// pressure, not on the heap, so 256 connections uploading 64 MiB each no longer need 16 GiB of
/// RAM. The file loses its name the moment it is created (`mkstemp`, then `unlink`): nothing is
/// left behind when the request completes, the connection drops, a handler fails, the server
/// stops or the process is killed, and no other process can open it. Its disk space is given
/// back when the descriptor is closed (with this object) and the last `Data` sharing the mapping
/// is released. Keep the directory on disk rather than on a RAM-backed `tmpfs` for the memory
/// saving to be real (``HTTPServerConfiguration/bodyFileDirectory``).
///
/// Not thread-safe: libmicrohttpd serves a connection on one thread at a time, and the request
/// that owns the file is only touched from there.
final class BodyFile {
  private var descriptor: Int32
  /// The directory the file was made in, for error messages.
  private let directory: String
  /// The bytes written so far.
  private(set) var count = 0

  /// Creates an unnamed file in `directory`, readable and writable by this process only.
  ///
  /// - Throws: ``BodyFileError`` naming the directory and the system's reason.
  init(in directory: String) throws(BodyFileError) {
    var template = Array((directory as NSString).appendingPathComponent("body-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw BodyFileError(directory: directory, errorNumber: errno) }
    // The name is only needed to create the file: from now on only this descriptor reaches it.
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    self.descriptor = descriptor
    self.directory = directory
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends `count` bytes at `pointer`.
  func append(_ pointer: UnsafeRawPointer, count: Int) throws(BodyFileError) {
    var offset = 0
    while offset < count {
      let written = write(descriptor, pointer + offset, count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw BodyFileError(directory: directory, errorNumber: errno)
      }
      offset += written
    }
    self.count += count
  }

  /// Appends the bytes of `data`.
  func append(_ data: Data) throws(BodyFileError) {
    let failure = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> BodyFileError? in
      guard let base = raw.baseAddress else { return nil }
      do throws(BodyFileError) {
        try append(base, count: raw.count)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// The whole body as `Data` backed by a private mapping of the file, then closes the file:
  /// the mapping alone keeps it alive, until the last copy of the `Data` is released.
  ///
  /// The mapping is copy-on-write (`MAP_PRIVATE`), so a handler that mutates its copy of the
  /// body changes memory, never the file, and never faults on a read-only page.
  func mappedContents() throws(BodyFileError) -> Data {
    defer {
      close(descriptor)
      descriptor = -1
    }
    guard count > 0 else { return Data() }
    let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else {
      throw BodyFileError(directory: directory, errorNumber: errno)
    }
    return Data(
      bytesNoCopy: address, count: count,
      deallocator: .custom { pointer, length in _ = munmap(pointer, length) })
  }
}

/// A request body that could not be written to, or mapped from, its temporary file.
struct BodyFileError: Error, CustomStringConvertible {
  /// The directory the file was in.
  var directory: String
  /// `errno` as the failing call left it.
  var errorNumber: Int32

  var description: String {
    "cannot store a request body in '\(directory)': \(String(cString: strerror(errorNumber)))"
  }
}

/// The private directory one daemon keeps its body files in: created (mode 0700) when the
/// first large body arrives, removed with the daemon.
///
/// The files in it have no names (see ``BodyFile``), so it is always empty and removing it
/// cannot fail for want of cleaning up.
final class BodyFileDirectory: Sendable {
  private let parent: String
  private let created = Locked<String?>(nil)

  /// A directory to be made inside `parent`.
  init(parent: String) {
    self.parent = parent
  }

  /// The directory's path, making it on first use.
  func path() throws(BodyFileError) -> String {
    let result = created.withLock { created -> Result<String, BodyFileError> in
      if let created { return .success(created) }
      var template = Array(
        (parent as NSString).appendingPathComponent("larder-uploads-XXXXXX").utf8CString)
      let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
      guard let made else {
        return .failure(BodyFileError(directory: parent, errorNumber: errno))
      }
      let path = String(cString: made)
      created = path
      return .success(path)
    }
    return try result.get()
  }

  deinit {
    if let path = created.withLock({ $0 }) { _ = rmdir(path) }
  }
}
