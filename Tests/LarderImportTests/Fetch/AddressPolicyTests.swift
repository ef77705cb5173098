import LarderImport
import Testing

/// Which addresses clipping may connect to, range by range, in IPv4 and IPv6 forms.
@Suite struct AddressPolicyTests {
  static let categories: [(String, AddressCategory)] = [
    ("93.184.216.34", .global),
    ("8.8.8.8", .global),
    ("2606:4700::1111", .global),
    ("127.0.0.1", .loopback),
    ("127.0.0.2", .loopback),
    ("127.255.255.254", .loopback),
    ("::1", .loopback),
    ("[::1]", .loopback),
    ("10.0.0.1", .privateNetwork),
    ("10.255.255.255", .privateNetwork),
    ("172.16.0.1", .privateNetwork),
    ("172.31.255.255", .privateNetwork),
    ("172.32.0.1", .global),
    ("192.168.1.1", .privateNetwork),
    ("100.64.0.1", .sharedAddressSpace),
    ("100.127.255.255", .sharedAddressSpace),
    ("100.128.0.1", .global),
    ("169.254.0.1", .linkLocal),
    ("fe80::1", .linkLocal),
    ("febf::1", .linkLocal),
    ("169.254.169.254", .cloudMetadata),
    ("fd00:ec2::254", .cloudMetadata),
    ("fc00::1", .uniqueLocal),
    ("fd12:3456::1", .uniqueLocal),
    ("fec0::1", .siteLocal),
    ("0.0.0.0", .unspecified),
    ("0.1.2.3", .unspecified),
    ("::", .unspecified),
    ("224.0.0.1", .multicastOrBroadcast),
    ("239.255.255.250", .multicastOrBroadcast),
    ("255.255.255.255", .multicastOrBroadcast),
    ("ff02::1", .multicastOrBroadcast),
    ("198.18.0.1", .benchmarking),
    ("198.19.255.255", .benchmarking),
    ("192.0.2.1", .documentation),
    ("198.51.100.1", .documentation),
    ("203.0.113.1", .documentation),
    ("2001:db8::1", .documentation),
    ("::ffff:127.0.0.1", .ipv4Mapped),
    ("::ffff:8.8.8.8", .ipv4Mapped),
    ("::ffff:169.254.169.254", .ipv4Mapped),
    ("::127.0.0.1", .reserved),
    ("240.0.0.1", .reserved),
    ("192.0.0.8", .reserved),
    ("2001::1", .reserved),
    ("64:ff9b::7f00:1", .loopback),
    ("64:ff9b::a9fe:a9fe", .cloudMetadata),
    ("64:ff9b::808:808", .global),
    ("2002:a00:1::", .privateNetwork),
    ("2002:808:808::", .global),
  ]

  @Test(arguments: categories)
  func addressIsCategorised(text: String, expected: AddressCategory) throws {
    let address = try #require(IPAddress(text), "'\(text)' should parse")
    #expect(AddressCategory(address) == expected, "\(text)")
  }

  @Test(arguments: categories)
  func defaultPolicyAllowsOnlyGlobalAddresses(text: String, category: AddressCategory) throws {
    let address = try #require(IPAddress(text))
    let refusal = AddressPolicy().refusal(for: address, port: 80)
    #expect((refusal == nil) == (category == .global), "\(text): \(refusal ?? "allowed")")
  }

  @Test(arguments: categories)
  func optInAllowsPrivateRangesButNeverMetadataOrReserved(
    text: String, category: AddressCategory
  ) throws {
    let address = try #require(IPAddress(text))
    let refusal = AddressPolicy(allowPrivateAddresses: true).refusal(for: address, port: 80)
    let allowed: Set<AddressCategory> = [
      .global, .loopback, .privateNetwork, .sharedAddressSpace, .linkLocal, .uniqueLocal,
      .siteLocal,
    ]
    #expect((refusal == nil) == allowed.contains(category), "\(text): \(refusal ?? "allowed")")
  }

  @Test func anAllowedEndpointOpensExactlyThatAddressAndPort() throws {
    let loopback = try #require(IPAddress("127.0.0.1"))
    let policy = AddressPolicy.allowing(SocketEndpoint(address: loopback, port: 8123))
    #expect(policy.refusal(for: loopback, port: 8123) == nil)
    #expect(policy.refusal(for: loopback, port: 8124) != nil)
    #expect(policy.refusal(for: try #require(IPAddress("127.0.0.2")), port: 8123) != nil)
    #expect(policy.refusal(for: try #require(IPAddress("::1")), port: 8123) != nil)
  }

  @Test func refusalsSayWhatKindOfAddressAndHowToOptIn() throws {
    let home = try #require(IPAddress("127.0.0.1"))
    let loopback = try #require(AddressPolicy().refusal(for: home, port: 80))
    #expect(loopback.contains("loopback"))
    #expect(loopback.contains("LARDER_CLIP_ALLOW_PRIVATE"))
    let instance = try #require(IPAddress("169.254.169.254"))
    let metadata = try #require(
      AddressPolicy(allowPrivateAddresses: true).refusal(for: instance, port: 80))
    #expect(metadata.contains("cloud metadata"))
    #expect(!metadata.contains("LARDER_CLIP_ALLOW_PRIVATE"))
  }

  @Test(arguments: ["example.com", "", "1.2.3", "::g", "[::1", "300.1.1.1"])
  func textThatIsNotANumericAddressDoesNotParse(text: String) {
    #expect(IPAddress(text) == nil)
  }

  @Test func addressesPrintConventionally() throws {
    #expect(try #require(IPAddress("10.1.2.3")).description == "10.1.2.3")
    #expect(try #require(IPAddress("fd00:ec2:0::254")).description == "fd00:ec2::254")
    #expect(
      SocketEndpoint(address: try #require(IPAddress("::1")), port: 8080).description
        == "[::1]:8080")
  }
}
