package dev.gatewaykit.gateway.core.error;

import dev.gatewaykit.common.error.ApiError;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException;
import dev.gatewaykit.gateway.core.identity.IdentityUnavailableException.Dependency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorBodiesTests {

	private final JsonMapper json = JsonMapper.builder().build();

	@ParameterizedTest
	@ValueSource(strings = { "plain text", "say \"why\" \\ twice", "tab\tnew line\ncarriage\rreturn",
			"bell\u0007 backspace\b form feed\f unit\u001f", "non-ASCII: café, 日本, 🚀", "slash / and del \u007f" })
	void writesTheBytesJacksonWritesForTheSameApiError(String message) {
		ApiError error = new ApiError(502, "auth_service_unavailable", message);

		assertThat(ErrorBodies.json(error)).isEqualTo(this.json.writeValueAsString(error));
	}

	@Test
	void failsClosedWith503ForTheSessionStoreWithoutItsDetail() {
		ApiError error = ErrorBodies
			.identityUnavailable(IdentityUnavailableException.sessionStore(new RuntimeException("redis:6379")));

		assertThat(error).isEqualTo(new ApiError(503, "session_store_unavailable",
				"the session store did not answer in time; try again later"));
	}

	@Test
	void answers502WhenAuthServiceFailedAnd503WhenTheGatewayShedTheCall() {
		ApiError failed = ErrorBodies.identityUnavailable(
				IdentityUnavailableException.authService(new RuntimeException("Connection refused: 10.0.0.5")));
		ApiError shed = ErrorBodies.identityUnavailable(
				IdentityUnavailableException.shed(Dependency.AUTH_SERVICE, false, new RuntimeException()));

		assertThat(failed).isEqualTo(new ApiError(502, "auth_service_unavailable",
				"auth-service did not issue a relay token; try again later"));
		assertThat(shed).isEqualTo(new ApiError(503, "auth_service_unavailable",
				"too many calls to auth-service are in flight; try again later"));
	}

	@Test
	void namesTheRequestIdInA5xxMessageOnly() {
		ApiError unauthorized = new ApiError(401, "unauthorized", "no");

		assertThat(ErrorBodies.answered(unauthorized, "abc-1")).isSameAs(unauthorized);
		assertThat(ErrorBodies.answered(new ApiError(502, "x", "failed"), "abc-1").message())
			.isEqualTo("failed (request id abc-1)");
	}

}
