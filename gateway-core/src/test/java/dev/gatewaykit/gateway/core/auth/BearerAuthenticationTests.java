package dev.gatewaykit.gateway.core.auth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class BearerAuthenticationTests {

	@ParameterizedTest
	@ValueSource(strings = { "Bearer abc_DEF-123", "bearer abc_DEF-123", "BEARER   abc_DEF-123  " })
	void readsABase64UrlToken(String authorization) {
		assertThat(BearerAuthentication.bearerToken(authorization)).contains("abc_DEF-123");
	}

	@ParameterizedTest
	@NullSource
	@ValueSource(strings = { "", "Bearer", "Bearer ", "Bearer    ", "Basic dXNlcjpwYXNz", "Bearer not a token!",
			"Bearer {\"not\":\"a token\"}", "Bearer tok/en", "Bearer tok+en=", "Bearer café" })
	void refusesAnythingThatCannotBeOneOfOurTokens(String authorization) {
		assertThat(BearerAuthentication.bearerToken(authorization)).isEmpty();
	}

	@Test
	void refusesTokensLongerThan256Characters() {
		assertThat(BearerAuthentication.bearerToken("Bearer " + "a".repeat(256))).contains("a".repeat(256));
		assertThat(BearerAuthentication.bearerToken("Bearer " + "a".repeat(257))).isEmpty();
	}

}
