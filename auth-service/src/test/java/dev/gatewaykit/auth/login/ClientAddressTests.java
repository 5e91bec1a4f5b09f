package dev.gatewaykit.auth.login;

import java.net.InetSocketAddress;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.common.IdentityHeaders;

import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

import static org.assertj.core.api.Assertions.assertThat;

class ClientAddressTests {

	private static final InetSocketAddress PEER = new InetSocketAddress("203.0.113.9", 40000);

	@Test
	void takesTheAddressTheGatewayResolved() {
		assertThat(ClientAddress.of(request("192.0.2.10"))).isEqualTo("192.0.2.10");
	}

	@Test
	void countsAnIpv6ClientPerSlash64InOneSpelling() {
		assertThat(ClientAddress.of(request("2001:DB8:0:0:1::7"))).isEqualTo("2001:db8::/64");
		assertThat(ClientAddress.of(request("2001:db8::ffff:1"))).isEqualTo("2001:db8::/64");
		assertThat(ClientAddress.of(request("2001:db8:0:1::1"))).isEqualTo("2001:db8:0:1::/64");
	}

	@Test
	void takesAnIpv6KeyAsTheGatewaySendsIt() {
		// The gateway keys an IPv6 client by its /64 and sends that key; read as a plain
		// literal it was no address, and every IPv6 client fell back to the gateway's
		// own.
		assertThat(ClientAddress.of(request("2001:db8:0:1::/64"))).isEqualTo("2001:db8:0:1::/64");
		assertThat(ClientAddress.of(request("::ffff:192.0.2.10"))).isEqualTo("192.0.2.10");
	}

	@Test
	void fallsBackToThePeerWithoutTheHeaderOrWithSomethingThatIsNoIpLiteral() {
		assertThat(ClientAddress.of(MockServerHttpRequest.post("/oauth/token").remoteAddress(PEER).build()))
			.isEqualTo("203.0.113.9");
		// Never resolved as a host name.
		assertThat(ClientAddress.of(request("dead.beef.cafe"))).isEqualTo("203.0.113.9");
		assertThat(ClientAddress.of(request("192.0.2.10|user0001"))).isEqualTo("203.0.113.9");
	}

	private static MockServerHttpRequest request(String clientAddress) {
		return MockServerHttpRequest.post("/oauth/token")
			.remoteAddress(PEER)
			.header(IdentityHeaders.CLIENT_ADDRESS, clientAddress)
			.build();
	}

}
