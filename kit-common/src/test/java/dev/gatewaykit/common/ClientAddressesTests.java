package dev.gatewaykit.common;

import java.net.InetAddress;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ClientAddressesTests {

	private final ClientAddresses resolver = new ClientAddresses(List.of("127.0.0.1", "::1", "10.0.0.0/8"));

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
		assertThat(this.resolver.clientKey(null, List.of("203.0.113.7"))).isEqualTo(ClientAddresses.UNKNOWN);
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
		assertThatIllegalArgumentException().isThrownBy(() -> new ClientAddresses(List.of("nginx")))
			.withMessageContaining("'nginx'");
	}

	@Test
	void readsTheLastEntryOfAHeaderLineAsSent() throws Exception {
		// A servlet container hands the line over whole; WebFlux splits it at commas.
		assertThat(this.resolver.clientKey(peer("127.0.0.1"), List.of("1.2.3.4, 203.0.113.7")))
			.isEqualTo("203.0.113.7");
	}

	@Test
	void matchesRangesBitByBit() throws Exception {
		ClientAddresses narrow = new ClientAddresses(List.of("192.0.2.64/26"));
		assertThat(narrow.clientKey(peer("192.0.2.127"), List.of("203.0.113.7"))).isEqualTo("203.0.113.7");
		assertThat(narrow.clientKey(peer("192.0.2.128"), List.of("203.0.113.7"))).isEqualTo("192.0.2.128");
		assertThat(narrow.clientKey(peer("192.0.2.63"), List.of("203.0.113.7"))).isEqualTo("192.0.2.63");
	}

	@Test
	void refusesAPrefixThatIsNoLengthOfTheAddress() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ClientAddresses(List.of("10.0.0.0/33")))
			.withMessageContaining("between 0 and 32");
		assertThatIllegalArgumentException().isThrownBy(() -> new ClientAddresses(List.of("10.0.0.0/x")))
			.withMessageContaining("'10.0.0.0/x'");
	}

	private static InetAddress peer(String literal) throws Exception {
		return InetAddress.getByName(literal);
	}

}
