package dev.gatewaykit.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClientKeysTests {

	@Test
	void keysIpv4AsItselfAndIpv6ByItsSlash64() {
		assertThat(ClientKeys.canonical("192.0.2.10")).isEqualTo("192.0.2.10");
		assertThat(ClientKeys.canonical("::ffff:192.0.2.10")).isEqualTo("192.0.2.10");
		assertThat(ClientKeys.canonical("2001:DB8:0:0:1::7")).isEqualTo("2001:db8::/64");
		assertThat(ClientKeys.canonical("[2001:db8:0:1::1]")).isEqualTo("2001:db8:0:1::/64");
	}

	@Test
	void aKeyReadsBackAsItself() {
		// What the gateway sends auth-service must name the same client there.
		for (String literal : new String[] { "192.0.2.10", "2001:db8:0:1::1", "::ffff:192.0.2.10" }) {
			String key = ClientKeys.of(ClientKeys.parse(literal));
			assertThat(ClientKeys.canonical(key)).isEqualTo(key);
		}
	}

	@Test
	void anythingButAnAddressOrAKeyIsNone() {
		assertThat(ClientKeys.canonical("dead.beef.cafe")).isNull();
		assertThat(ClientKeys.canonical("localhost")).isNull();
		assertThat(ClientKeys.canonical("fe80::1%eth0")).isNull();
		assertThat(ClientKeys.canonical("192.0.2.10/64")).isNull();
		assertThat(ClientKeys.canonical("192.0.2.10|user0001")).isNull();
		assertThat(ClientKeys.canonical(" ")).isNull();
	}

}
