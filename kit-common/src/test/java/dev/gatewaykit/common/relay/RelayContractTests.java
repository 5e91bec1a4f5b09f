package dev.gatewaykit.common.relay;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.common.session.SessionKeys;

import static org.assertj.core.api.Assertions.assertThat;

class RelayContractTests {

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void requestNamesTheSessionByItsReferenceNeverAnIdentity() {
		String reference = SessionKeys.reference("a-bearer-token");
		RelayTokenRequest request = new RelayTokenRequest(reference);

		assertThat(this.json.writeValueAsString(request)).isEqualTo("{\"session\":\"" + reference + "\"}");
		assertThat(request.problems()).isEmpty();
	}

	@Test
	void requestWithoutASessionSaysSo() {
		assertThat(this.json.readValue("{\"userId\":\"1\"}", RelayTokenRequest.class).problems())
			.containsExactly("session is missing");
		assertThat(new RelayTokenRequest(" ").problems()).containsExactly("session is missing");
	}

	@Test
	void requestWithSomethingElseThanAReferenceIsRefused() {
		String reference = SessionKeys.reference("a-bearer-token");

		assertThat(new RelayTokenRequest("a-bearer-token").problems()).hasSize(1);
		assertThat(new RelayTokenRequest(reference + "A").problems()).hasSize(1);
		assertThat(new RelayTokenRequest(reference.substring(1) + "+").problems()).hasSize(1);
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
