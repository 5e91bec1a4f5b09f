package dev.gatewaykit.gateway.filter;

import java.net.InetAddress;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClientAddressKeyResolverTests {

	private final ClientAddressKeyResolver resolver = new ClientAddressKeyResolver(
			List.of("127.0.0.1", "::1", "10.0.0.0/8"));

	@Test
	void takesTheAddressTheTrustedProxyAppended() throws Exception {
		assertThat(this.resolver.clientAddress(InetAddress.getByName("127.0.0.1"), List.of("203.0.113.7")))
			.isEqualTo("203.0.113.7");
	}

	@Test
	void ignoresWhatTheClientWroteBeforeTheProxysEntry() throws Exception {
		assertThat(this.resolver.clientAddress(InetAddress.getByName("127.0.0.1"),
				List.of("1.2.3.4", "5.6.7.8", "203.0.113.7")))
			.isEqualTo("203.0.113.7");
	}

	@Test
	void followsSeveralTrustedHops() throws Exception {
		assertThat(this.resolver.clientAddress(InetAddress.getByName("127.0.0.1"),
				List.of("1.2.3.4", "203.0.113.7", "10.1.2.3")))
			.isEqualTo("203.0.113.7");
	}

	@Test
	void ignoresForwardedForFromAnUntrustedPeer() throws Exception {
		assertThat(this.resolver.clientAddress(InetAddress.getByName("192.0.2.9"), List.of("203.0.113.7")))
			.isEqualTo("192.0.2.9");
	}

	@Test
	void stopsAtAnEntryThatIsNotAnAddress() throws Exception {
		assertThat(this.resolver.clientAddress(InetAddress.getByName("127.0.0.1"), List.of("evil.example")))
			.isEqualTo("127.0.0.1");
		assertThat(this.resolver.clientAddress(InetAddress.getByName("127.0.0.1"), List.of())).isEqualTo("127.0.0.1");
	}

}
