package dev.gatewaykit.common.relay;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class RelayContractTests {

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void requestIsTheUserOfTheSession() {
		RelayTokenRequest request = new RelayTokenRequest("42", "alice", List.of("USER", "ADMIN"));

		assertThat(this.json.writeValueAsString(request))
			.isEqualTo("{\"userId\":\"42\",\"username\":\"alice\",\"roles\":[\"USER\",\"ADMIN\"]}");
		assertThat(request.missingFields()).isEmpty();
	}

	@Test
	void requestNamesEveryMissingField() {
		RelayTokenRequest request = this.json.readValue("{\"username\":\" \"}", RelayTokenRequest.class);

		assertThat(request.missingFields()).containsExactly("userId", "username", "roles");
	}

	@Test
	void requestWithABlankRoleLacksRoles() {
		assertThat(new RelayTokenRequest("42", "alice", Arrays.asList("USER", null)).missingFields())
			.containsExactly("roles");
		assertThat(new RelayTokenRequest("42", "alice", List.of()).missingFields()).isEmpty();
	}

	@Test
	void responseUsesOAuthStyleNames() {
		RelayTokenResponse response = new RelayTokenResponse("v1.a.b", 60);

		assertThat(this.json.writeValueAsString(response)).isEqualTo("{\"relay_token\":\"v1.a.b\",\"expires_in\":60}");
		assertThat(this.json.readValue("{\"relay_token\":\"v1.a.b\",\"expires_in\":60}", RelayTokenResponse.class))
			.isEqualTo(response);
	}

	@Test
	void endpointPathIsAuthServicesRoute() {
		assertThat(RelayTokenEndpoint.PATH).isEqualTo("/oauth/relay-token");
	}

}
