package dev.gatewaykit.gateway.core.relay;

import java.nio.charset.StandardCharsets;
import dev.gatewaykit.common.relay.RelayTokenRequest;
import dev.gatewaykit.common.session.SessionKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RelayCodecTests {

	private final RelayCodec codec = new RelayCodec(JsonMapper.builder().build(), "gateway", "s3cret");

	@Test
	void namesTheSessionByItsReferenceOnly() {
		String reference = SessionKeys.reference("a-bearer-token");
		byte[] body = this.codec.requestBody(reference);

		assertThat(new String(body, StandardCharsets.UTF_8)).isEqualTo("{\"session\":\"" + reference + "\"}");
		assertThat(new RelayTokenRequest(reference).problems()).isEmpty();
	}

	@Test
	void readsTheToken() {
		assertThat(this.codec.relayToken(bytes("{\"relay_token\":\"v1.a.b\",\"expires_in\":60}"))).isEqualTo("v1.a.b");
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "null", "{\"expires_in\":60}", "{\"relay_token\":\" \",\"expires_in\":60}" })
	void refusesAnAnswerWithoutAToken(String body) {
		assertThatIllegalStateException().isThrownBy(() -> this.codec.relayToken(bytes(body)))
			.withMessage("auth-service answered without a relay_token");
	}

	@Test
	void sendsTheClientCredentialsWithHttpBasic() {
		assertThat(this.codec.basicAuthorization()).isEqualTo("Basic Z2F0ZXdheTpzM2NyZXQ=");
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
