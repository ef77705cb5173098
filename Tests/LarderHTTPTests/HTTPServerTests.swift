import Foundation
import Testing

@testable import LarderHTTP

/// Tests over a real socket on the loopback interface, each with its own server on a free port.
@Suite("HTTPServer over a socket")
struct HTTPServerTests {
  private func decodeEcho(_ response: RawResponse) throws -> Echo {
    try JSONDecoder().decode(Echo.self, from: response.body)
  }

  @Test("a GET query decodes '+' as a space, %XX escapes and UTF-8; the path keeps '+'")
  func queryDecoding() throws {
    try withServer { server, _ in
      let connection = try RawHTTPConnection(port: server.boundPort)
      let target =
        "/echo/caf%C3%A9/a+b%20c?q=tomato+soup&x=a%20b&u=%C3%A9t%C3%A9&plus=1%2B1"
        + "&flag&dup=1&dup=2&empty=&sp%20ace=k"
      let response = try connection.request("GET", target)
      #expect(response.status == 200)
      let echo = try decodeEcho(response)
      #expect(echo.method == "GET")
      #expect(echo.path == "/echo/café/a+b c")
      #expect(
        echo.query == [
          "q": "tomato soup", "x": "a b", "u": "été", "plus": "1+1", "flag": "", "dup": "2",
          "empty": "", "sp ace": "k",
        ])
      #expect(echo.remoteAddress == "127.0.0.1")
      #expect(!echo.isTLS && echo.scheme == "http", "a server without a certificate is plain HTTP")
    }
  }

  @Test("header names are lowercased and repeated headers are joined")
  func headers() throws {
    try withServer { server, _ in
      let connection = try RawHTTPConnection(port: server.boundPort)
      try connection.send(
        "GET /echo/h HTTP/1.1\r\nHost: test\r\nX-Custom-Thing: One\r\nx-custom-thing: Two\r\n"
          + "Cookie: a=1\r\nCookie: b=2\r\nAccept: text/html\r\n\r\n")
      let echo = try decodeEcho(try connection.readResponse())
      #expect(echo.headers["x-custom-thing"] == "One, Two")
      #expect(echo.headers["cookie"] == "a=1; b=2")
      #expect(echo.headers["accept"] == "text/html")
      #expect(echo.headers["host"] == "test")
      #expect(!echo.headers.keys.contains { $0 != $0.lowercased() })
    }
  }

  @Test("a POST body comes back byte for byte", arguments: [false, true])
  func postBodyEcho(chunkedTransfer: Bool) throws {
    try withServer { server, _ in
      let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
      let connection = try RawHTTPConnection(port: server.boundPort)
      if chunkedTransfer {
        try connection.send(
          Data("POST /body HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            + chunked(body, chunkSize: 7000))
      } else {
        try connection.send(
          Data("POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            + body)
      }
      let response = try connection.readResponse()
      #expect(response.status == 200)
      #expect(response.headers["content-length"] == "\(body.count)")
      #expect(response.body == body)
    }
  }

  @Test("a body exactly at the limit is accepted")
  func bodyAtTheLimit() throws {
    try withServer(testConfiguration(maxBodyBytes: 1024)) { server, _ in
      let body = Data(repeating: 65, count: 1024)
      let response = try RawHTTPConnection(port: server.boundPort).request(
        "POST", "/body", body: body)
      #expect(response.status == 200)
      #expect(response.body == body)
    }
  }

  @Test(
    "a body declared larger than the limit is refused with 413 before it is sent",
    arguments: [false, true])
  func declaredOversizedBody(expectsContinue: Bool) throws {
    let calls = Locked(0)
    try withServer(
      testConfiguration(maxBodyBytes: 1024), handler: serve(makeTestRouter(calls: calls))
    ) {
      server, _ in
      let connection = try RawHTTPConnection(port: server.boundPort)
      let expect = expectsContinue ? "Expect: 100-continue\r\n" : ""
      try connection.send(
        "POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\(expect)\r\n")
      let response = try connection.readResponse()
      #expect(response.interimStatuses.isEmpty, "no 100 Continue for a body that is refused")
      #expect(response.status == 413)
      #expect(response.headers["content-type"] == "application/json; charset=utf-8")
      #expect(
        response.text
          == #"{"error":{"code":"payload_too_large","message":"request body exceeds 1024 bytes"}}"#)
      #expect(connection.isClosedByPeer(), "the unread body makes the server close")
    }
    #expect(calls.withLock { $0 } == 0)
  }

  @Test("a path given a larger limit takes bodies the others refuse, and names its own limit")
  func largerLimitForOnePath() throws {
    var configuration = testConfiguration(maxBodyBytes: 1024)
    configuration.bodyLimitsByPath = ["/body": 4096]
    try withServer(configuration) { server, _ in
      let body = Data(repeating: 66, count: 3000)
      let accepted = try RawHTTPConnection(port: server.boundPort).request(
        "POST", "/body?name=x", body: body)
      #expect(accepted.status == 200)
      #expect(accepted.body == body)
      let elsewhere = try RawHTTPConnection(port: server.boundPort).request(
        "POST", "/other", body: body)
      #expect(elsewhere.status == 413)
      #expect(elsewhere.text.contains("request body exceeds 1024 bytes"))
      let connection = try RawHTTPConnection(port: server.boundPort)
      try connection.send("POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n")
      let refused = try connection.readResponse()
      #expect(refused.status == 413)
      #expect(refused.text.contains("request body exceeds 4096 bytes"))
    }
  }

  @Test("the default limit is one mebibyte and is named in the 413")
  func defaultLimitMessage() throws {
    try withServer { server, _ in
      let connection = try RawHTTPConnection(port: server.boundPort)
      try connection.send("POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 1048577\r\n\r\n")
      let response = try connection.readResponse()
      #expect(response.status == 413)
      #expect(response.text.contains("request body exceeds 1048576 bytes"))
    }
  }

  @Test("an oversized chunked body is discarded, answered 413, and the connection stays usable")
  func chunkedOversizedBody() throws {
    let calls = Locked(0)
    try withServer(
      testConfiguration(maxBodyBytes: 1024), handler: serve(makeTestRouter(calls: calls))
    ) {
      server, _ in
      let connection = try RawHTTPConnection(port: server.boundPort)
      try connection.send(
        Data("POST /body HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
          + chunked(Data(repeating: 66, count: 50_000), chunkSize: 1000))
      let refused = try connection.readResponse()
      #expect(refused.status == 413)
      #expect(refused.text.contains("payload_too_large"))

      let next = try connection.request("GET", "/echo/after")
      #expect(next.status == 200)
      #expect(try decodeEcho(next).path == "/echo/after")
    }
    #expect(calls.withLock { $0 } == 1, "only the GET reached the handler")
  }

  @Test("keep-alive serves several requests on one connection")
  func keepAlive() throws {
    try withServer { server, recorder in
      let connection = try RawHTTPConnection(port: server.boundPort)
      for index in 0..<3 {
        let response = try connection.request("GET", "/echo/\(index)")
        #expect(response.status == 200)
        #expect(response.headers["connection"]?.lowercased() != "close")
        #expect(try decodeEcho(response).path == "/echo/\(index)")
      }
      let post = try connection.request("POST", "/body", body: Data("abc".utf8))
      #expect(post.text == "abc")
      #expect(recorder.waitForLine { $0.contains("\"POST /body\"") } != nil)
    }
  }

  @Test("concurrent requests from several threads each get their own answer")
  func concurrentRequests() throws {
    try withServer { server, _ in
      let port = server.boundPort
      let failures = Locked<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        do {
          let connection = try RawHTTPConnection(port: port)
          for index in 0..<15 {
            // Alternate fresh connections with a kept-alive one.
            let client = index.isMultiple(of: 3) ? try RawHTTPConnection(port: port) : connection
            let response = try client.request("GET", "/echo/x?n=\(thread)-\(index)")
            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
            if echo.query["n"] != "\(thread)-\(index)" {
              failures.withLock { $0.append("\(thread)-\(index): got \(echo.query)") }
            }
          }
        } catch {
          failures.withLock { $0.append("thread \(thread): \(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [])
    }
  }

  @Test("HEAD gets the GET route's status and headers without a body")
  func head() throws {
    try withServer { server, _ in
      let connection = try RawHTTPConnection(port: server.boundPort)
      let head = try connection.request("HEAD", "/hello")
      #expect(head.status == 200)
      #expect(head.headers["content-length"] == "11")
      #expect(head.headers["content-type"] == "text/plain; charset=utf-8")
      #expect(head.body.isEmpty)
      // Had the server sent a body, it would be read here in place of the next status line.
      let get = try connection.request("GET", "/hello")
      #expect(get.status == 200)
      #expect(get.text == "hello world")
    }
  }

  @Test("response headers pass through, invalid ones are dropped, Content-Type has a default")
  func responseHeaders() throws {
    try withServer { server, recorder in
      let response = try RawHTTPConnection(port: server.boundPort).request("GET", "/headers")
      #expect(response.status == 201)
      #expect(response.headers["x-larder"] == "yes")
      #expect(response.headers["x-bad"] == nil)
      #expect(response.headers["injected"] == nil)
      #expect(response.headers["content-type"] == "application/octet-stream")
      #expect(recorder.waitForLine { $0.contains("dropped response header 'X-Bad'") } != nil)
    }
  }

  @Test("a status outside 200...599 from the handler becomes a logged 500")
  func invalidStatus() throws {
    try withServer { server, recorder in
      let connection = try RawHTTPConnection(port: server.boundPort)
      #expect(try connection.request("GET", "/status/42").status == 500)
      #expect(try connection.request("GET", "/status/204").status == 204)
      #expect(try connection.request("GET", "/status/599").status == 599)
      #expect(recorder.waitForLine { $0.contains("returned status 42") } != nil)
    }
  }

  @Test("an encoded NUL in the path is answered 400 without reaching the handler")
  func nulInPath() throws {
    let calls = Locked(0)
    try withServer(handler: serve(makeTestRouter(calls: calls))) { server, _ in
      let response = try RawHTTPConnection(port: server.boundPort).request("GET", "/echo/a%00b")
      #expect(response.status == 400)
      #expect(response.text.contains("bad_request"))
    }
    #expect(calls.withLock { $0 } == 0)
  }

  @Test("each request writes one access-log line after it completes")
  func accessLog() throws {
    try withServer { server, recorder in
      let connection = try RawHTTPConnection(port: server.boundPort)
      _ = try connection.request("GET", "/hello?limit=2&q=a+b")
      _ = try connection.request("HEAD", "/hello")
      let get = recorder.waitForLine { $0.contains("\"GET /hello") }
      let pattern = #/^127\.0\.0\.1 "GET /hello\?limit=2&q=a\+b" 200 11B \d+\.\dms$/#
      #expect(get.map { $0.wholeMatch(of: pattern) != nil } == true, "\(get ?? "no line")")
      let head = recorder.waitForLine { $0.contains("\"HEAD /hello\"") }
      #expect(head?.contains("\" 200 0B ") == true, "\(head ?? "no line")")

      // A request libmicrohttpd refuses itself is logged with its status; the method is not
      // known at that point.
      let refused = try RawHTTPConnection(port: server.boundPort)
      try refused.send("GET /refused HTTP/1.1\r\nHost: t\r\nContent-Length: -5\r\n\r\n")
      _ = try? refused.readResponse()
      let line = recorder.waitForLine { $0.contains("/refused\"") }
      #expect(line?.hasPrefix("127.0.0.1 \"- /refused\" 400 0B ") == true, "\(line ?? "no line")")
    }
  }

  @Test("request state is freed whatever happens to the request")
  func requestStateIsFreed() throws {
    // In epoll mode libmicrohttpd 0.9.75 sometimes misses a close that arrives with a partial
    // request and only notices it at the connection timeout, so keep that short here.
    var configuration = testConfiguration(maxBodyBytes: 1024)
    configuration.connectionTimeoutSeconds = 1
    try withServer(configuration) { server, _ in
      let port = server.boundPort
      _ = try RawHTTPConnection(port: port).request("GET", "/hello")
      _ = try RawHTTPConnection(port: port).request("POST", "/body", body: Data(count: 2000))
      do {  // a client that leaves halfway through its body
        let connection = try RawHTTPConnection(port: port)
        try connection.send("POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 500\r\n\r\nhalf")
      }
      do {  // headers larger than the connection's memory
        let connection = try RawHTTPConnection(port: port)
        try? connection.send(
          "GET /hello HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "z", count: 100_000))"
            + "\r\n\r\n"
        )
        _ = try? connection.readResponse()
      }
      let deadline = Date(timeIntervalSinceNow: 5)
      while server.requestsInFlight.current != 0 && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      #expect(server.requestsInFlight.current == 0)
    }
  }

  @Test("malformed input never brings the server down")
  func malformedInput() throws {
    try withServer(testConfiguration(maxBodyBytes: 1024)) { server, _ in
      let port = server.boundPort
      let inputs: [String] = [
        "\u{0}\u{1}\u{2}\r\n\r\n",
        "GET\r\n\r\n",
        "GET / HTTP/9.9\r\n\r\n",
        "GET /hello HTTP/1.1\r\nno colon here\r\n\r\n",
        "GET /hello HTTP/1.1\r\nHost: t\r\nContent-Length: -5\r\n\r\n",
        "POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        "POST /body HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n",
        "POST /body HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF\r\n",
        "GET /\(String(repeating: "a", count: 200_000)) HTTP/1.1\r\n\r\n",
        "GET /echo/%%%?%=%&&=&%ZZ=%C3 HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET http://elsewhere/echo/x HTTP/1.1\r\nHost: t\r\n\r\n",
        "BREW /hello HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET /echo/\u{FF}\u{FE} HTTP/1.1\r\nHost: t\r\n\r\n",
      ]
      for input in inputs {
        let connection = try RawHTTPConnection(port: port, timeout: 2)
        try? connection.send(input)
        _ = try? connection.readResponse()
      }
      let response = try RawHTTPConnection(port: port).request("GET", "/hello")
      #expect(response.status == 200)
    }
  }

  @Test("connections opened together are served on different threads")
  func connectionsSpreadOverThreads() throws {
    var configuration = testConfiguration()
    configuration.threadCount = 4
    // Each answer names the thread that served it.
    let handler: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
      .text("\(pthread_self())")
    }
    try withServer(configuration, handler: handler) { server, _ in
      // All eight are accepted before any request is sent, as a browser or a load tool opens
      // them; a pool thread that took every waiting connection would serve them all.
      let connections = try (0..<8).map { _ in try RawHTTPConnection(port: server.boundPort) }
      var threads = Set<String>()
      for connection in connections {
        let response = try connection.request("GET", "/thread")
        #expect(response.status == 200)
        threads.insert(response.text)
        // The same connection stays on its thread.
        #expect(try connection.request("GET", "/thread").text == response.text)
      }
      // A connection's thread follows its socket's number, and tests running beside this one
      // open and close sockets too, so the numbers need not be consecutive: more than one
      // thread is what tells the spread from one thread taking all.
      #expect(threads.count >= 2, "eight connections on \(threads.count) of 4 threads")
    }
  }

  @Test("stop() while idle returns promptly, closes the port, and can be repeated")
  func stopWhileIdle() throws {
    let server = HTTPServer(configuration: testConfiguration(), log: discardLog) { _ in .text("") }
    server.stop()  // never started: nothing to do
    try server.start()
    let port = server.boundPort
    #expect(port != 0)
    let started = Date()
    server.stop()
    server.stop()
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(throws: ClientError.self) { try RawHTTPConnection(port: port) }
    #expect(server.boundPort == port)
  }

  @Test("stop() does not wait for idle keep-alive connections")
  func stopWithIdleKeepAlive() throws {
    let server = HTTPServer(
      configuration: testConfiguration(), log: discardLog, handler: serve(makeTestRouter()))
    try server.start()
    let connection = try RawHTTPConnection(port: server.boundPort)
    #expect(try connection.request("GET", "/hello").status == 200)
    let started = Date()
    server.stop()
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(connection.isClosedByPeer())
  }

  @Test("stop() lets a request in flight finish, and tells the client to close")
  func stopIsGraceful() throws {
    let handlerEntered = DispatchSemaphore(value: 0)
    let server = HTTPServer(configuration: testConfiguration(), log: discardLog) { _ in
      handlerEntered.signal()
      Thread.sleep(forTimeInterval: 0.4)
      return .text("finished")
    }
    try server.start()
    let port = server.boundPort
    let result = Locked<String>("not answered")
    let clientDone = DispatchSemaphore(value: 0)
    let client = Thread {
      defer { clientDone.signal() }
      do {
        let response = try RawHTTPConnection(port: port).request("GET", "/slow")
        result.withLock {
          $0 = "\(response.status) \(response.text) \(response.headers["connection"] ?? "")"
        }
      } catch {
        result.withLock { $0 = "\(error)" }
      }
    }
    client.start()
    #expect(handlerEntered.wait(timeout: .now() + 5) == .success)
    server.stop()
    #expect(clientDone.wait(timeout: .now() + 5) == .success)
    #expect(result.withLock { $0 } == "200 finished close")
    #expect(throws: ClientError.self) { try RawHTTPConnection(port: port) }
  }

  @Test("stop() called from a handler answers the request, then stops")
  func stopFromHandler() throws {
    let serverBox = Locked<HTTPServer?>(nil)
    let server = HTTPServer(configuration: testConfiguration(), log: discardLog) { _ in
      serverBox.withLock { $0 }?.stop()
      return .text("stopping")
    }
    serverBox.withLock { $0 = server }
    defer { serverBox.withLock { $0 = nil } }
    try server.start()
    let port = server.boundPort
    let response = try RawHTTPConnection(port: port).request("POST", "/shutdown")
    #expect(response.text == "stopping")
    let deadline = Date(timeIntervalSinceNow: 5)
    var refused = false
    while !refused && Date() < deadline {
      refused = (try? RawHTTPConnection(port: port)) == nil
      if !refused { Thread.sleep(forTimeInterval: 0.02) }
    }
    #expect(refused, "the port closes once the handler has returned")
  }

  @Test("a stopped server can start again")
  func restart() throws {
    let server = HTTPServer(
      configuration: testConfiguration(), log: discardLog, handler: serve(makeTestRouter()))
    try server.start()
    server.stop()
    try server.start()
    defer { server.stop() }
    #expect(try RawHTTPConnection(port: server.boundPort).request("GET", "/hello").status == 200)
  }

  @Test("starting a second server on a port in use fails with a clear message")
  func portInUse() throws {
    try withServer { first, _ in
      var configuration = testConfiguration()
      configuration.port = first.boundPort
      let second = HTTPServer(configuration: configuration, log: discardLog) { _ in .text("") }
      #expect(throws: HTTPError.addressInUse(address: "127.0.0.1:\(first.boundPort)")) {
        try second.start()
      }
      let message = "\(HTTPError.addressInUse(address: "127.0.0.1:\(first.boundPort)"))"
      #expect(message.hasPrefix("cannot listen on 127.0.0.1:\(first.boundPort): address in use"))
      let stillServing = try RawHTTPConnection(port: first.boundPort).request("GET", "/hello")
      #expect(stillServing.status == 200, "the first server is unaffected")
    }
  }

  @Test("starting a running server again throws")
  func startTwice() throws {
    try withServer { server, _ in
      #expect(throws: HTTPError.alreadyRunning(address: "127.0.0.1:\(server.boundPort)")) {
        try server.start()
      }
    }
  }

  @Test("\"localhost\" resolves and serves on the IPv4 loopback")
  func localhost() throws {
    try withServer(testConfiguration(host: "localhost")) { server, _ in
      let echo = try decodeEcho(
        try RawHTTPConnection(port: server.boundPort).request("GET", "/echo/l"))
      #expect(echo.remoteAddress == "127.0.0.1")
    }
  }

  @Test("an unknown host name is reported as such")
  func unresolvableHost() {
    let server = HTTPServer(
      configuration: testConfiguration(host: "no-such-host.invalid"), log: discardLog
    ) { _ in .text("") }
    #expect {
      try server.start()
    } throws: { error in
      guard case .cannotResolveHost(let host, _) = error as? HTTPError else { return false }
      return host == "no-such-host.invalid"
    }
  }

  @Test("the server listens on ::1 when IPv6 is available", .enabled(if: isIPv6LoopbackAvailable))
  func ipv6Loopback() throws {
    for host in ["::1", "[::1]"] {
      try withServer(testConfiguration(host: host)) { server, recorder in
        let connection = try RawHTTPConnection(host: "::1", port: server.boundPort)
        let echo = try decodeEcho(try connection.request("GET", "/echo/six?v=6"))
        #expect(echo.remoteAddress == "::1")
        #expect(echo.query == ["v": "6"])
        #expect(recorder.waitForLine { $0.hasPrefix("::1 \"GET /echo/six?v=6\" 200") } != nil)
        // Not on IPv4: the connection is refused, or (when another process on the machine
        // holds the same port number on 127.0.0.1) reaches something other than this server.
        if let other = try? RawHTTPConnection(host: "127.0.0.1", port: server.boundPort) {
          _ = try? other.request("GET", "/echo/four?v=4")
          #expect(
            recorder.waitForLine(timeout: 0.5) { $0.contains("/echo/four") } == nil,
            "the server answered on 127.0.0.1")
        }
      }
    }
  }
}
