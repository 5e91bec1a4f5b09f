package dev.gatewaykit.auth.security;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

import static org.assertj.core.api.Assertions.assertThat;

class GatewayClientAuthenticationManagerTests {

	private final GatewayClientAuthenticationManager manager = new GatewayClientAuthenticationManager("gateway",
			"a-long-random-client-secret");

	@Test
	void authenticatesTheGatewayWithTheGatewayRole() {
		StepVerifier.create(this.manager.authenticate(basic("gateway", "a-long-random-client-secret")))
			.assertNext((authentication) -> {
				assertThat(authentication.isAuthenticated()).isTrue();
				assertThat(authentication.getName()).isEqualTo("gateway");
				assertThat(authentication.getCredentials()).as("the secret is not kept").isNull();
				assertThat(authentication.getAuthorities()).extracting(GrantedAuthority::getAuthority)
					.containsExactly("ROLE_GATEWAY");
			})
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void refusesWrongSecret() {
		StepVerifier.create(this.manager.authenticate(basic("gateway", "a-long-random-client-secreT")))
			.expectError(BadCredentialsException.class)
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void refusesSecretThatOnlyStartsRight() {
		StepVerifier.create(this.manager.authenticate(basic("gateway", "a-long-random-client-secret-and-more")))
			.expectError(BadCredentialsException.class)
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void refusesRightSecretForAnotherClient() {
		StepVerifier.create(this.manager.authenticate(basic("mall-api", "a-long-random-client-secret")))
			.expectError(BadCredentialsException.class)
			.verify(Duration.ofSeconds(5));
	}

	@Test
	void refusesMissingSecret() {
		StepVerifier.create(this.manager.authenticate(basic("gateway", null)))
			.expectError(BadCredentialsException.class)
			.verify(Duration.ofSeconds(5));
	}

	private static UsernamePasswordAuthenticationToken basic(String id, String secret) {
		return UsernamePasswordAuthenticationToken.unauthenticated(id, secret);
	}

}
