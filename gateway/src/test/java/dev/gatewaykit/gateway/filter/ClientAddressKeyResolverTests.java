package dev.gatewaykit.gateway.filter;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ClientAddressKeyResolverTests {

	private final ClientAddressKeyResolver resolver = new ClientAddressKeyResolver(
			List.of("127.0.0.1", "::1", "10.0.0.0/8"));

	@Test
	void takesTheAddressTheTrustedProxyWrote() throws Exception {
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of("203.0.113.7"))).isEqualTo("203.0.113.7");
	}

	@Test
	void believesOnlyTheLastEntryFromTheTrustedProxy() throws Exception {
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of("1.2.3.4", "5.6.7.8", "203.0.113.7")))
			.isEqualTo("203.0.113.7");
	}

	@Test
	void believesExactlyOneHopEvenWhenTheLastEntryIsATrustedProxy() throws Exception {
		// Walking back through trusted hops would let a client that connects through the
		// trusted proxy write "<any address>, 10.1.2.3" and pick its bucket.
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of("198.51.100.9", "10.1.2.3")))
			.isEqualTo("10.1.2.3");
	}

	@Test
	void ignoresForwardedForFromAnUntrustedPeer() throws Exception {
		assertThat(this.resolver.clientKey(peer("192.0.2.9"), List.of("203.0.113.7"))).isEqualTo("192.0.2.9");
	}

	@ParameterizedTest
	@ValueSource(strings = { "evil.example", "dead.beef.cafe", "localhost", "1.2.3", "1.2.3.256", "01.2.3.4x",
			"fe80::1%eth0", "[::1", "", " ", "unknown" })
	void keysByTheProxyWhenItsEntryIsNoIpLiteral(String entry) throws Exception {
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of(entry))).isEqualTo("127.0.0.1");
	}

	@Test
	void keysByThePeerWithoutForwardedFor() throws Exception {
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of())).isEqualTo("127.0.0.1");
		assertThat(this.resolver.clientKey(null, List.of("203.0.113.7"))).isEqualTo(ClientAddressKeyResolver.UNKNOWN);
	}

	@Test
	void keysIpv6ClientsByTheirSlash64() throws Exception {
		String key = this.resolver.clientKey(peer("127.0.0.1"), List.of("2001:db8:1:2:aaaa:bbbb:cccc:dddd"));
		assertThat(key).isEqualTo("2001:db8:1:2::/64");
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of("[2001:db8:1:2::77]"))).isEqualTo(key);
		assertThat(this.resolver.clientKey(peer("2001:db8:1:2::5"), List.of())).isEqualTo(key);
	}

	@Test
	void keysIpv4MappedAddressesAsIpv4() throws Exception {
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of("::ffff:203.0.113.7"))).isEqualTo("203.0.113.7");
	}

	@Test
	void refusesATrustedProxyThatIsNoAddress() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ClientAddressKeyResolver(List.of("nginx")))
			.withMessageContaining("'nginx'");
	}

	private static InetSocketAddress peer(String literal) throws Exception {
		return new InetSocketAddress(InetAddress.getByName(literal), 40000);
	}

}
