package dev.gatewaykit.common.session;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SessionTests {

	private static final String JSON = "{\"userId\":\"7\",\"username\":\"alice\",\"roles\":[\"USER\"],"
			+ "\"issuedAt\":1767225600000,\"expiresAt\":1767254400000}";

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void keyIsThePrefixAndTheTokensSha256InBase64Url() {
		// echo -n abc-_123 | openssl dgst -sha256 -binary | basenc --base64url
		assertThat(SessionKeys.of("abc-_123")).isEqualTo("kit:session:oxuyVg_XrGkRBg8taMlddf8KDdyP9nLXjGJ3vFctqKg");
	}

	@Test
	void referenceIsTheKeyWithoutItsPrefixAndHasOneSpelling() {
		String reference = SessionKeys.reference("token");

		assertThat(SessionKeys.ofReference(reference)).isEqualTo(SessionKeys.of("token"));
		assertThat(SessionKeys.isReference(reference)).isTrue();
		// The same 256 bits with the last character's two unused bits set: another
		// spelling a lenient decoder would accept.
		char last = reference.charAt(42);
		String other = reference.substring(0, 42) + (char) (last + 1);
		assertThat(SessionKeys.isReference(other)).isFalse();
		assertThat(SessionKeys.isReference("kit:session:" + reference)).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> SessionKeys.ofReference("../../etc"));
	}

	@Test
	void writesTheJsonBothServicesAgreeOn() {
		Session session = new Session("7", "alice", List.of("USER"), 1767225600000L, 1767254400000L);

		assertThat(this.json.writeValueAsString(session)).isEqualTo(JSON);
		assertThat(this.json.readValue(JSON, Session.class)).isEqualTo(session);
	}

	@Test
	void readsASessionWithoutRolesAsOneWithNoRoles() {
		String withoutRoles = "{\"userId\":\"7\",\"username\":\"alice\",\"issuedAt\":1,\"expiresAt\":2}";

		Session session = this.json.readValue(withoutRoles, Session.class);

		assertThat(session.roles()).isEmpty();
	}

	@Test
	void refusesAValueWithoutUser() {
		String withoutUserId = "{\"username\":\"alice\",\"roles\":[],\"issuedAt\":1,\"expiresAt\":2}";

		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.json.readValue(withoutUserId, Session.class));
	}

	@Test
	void expiresAtItsMaximumLifetime() {
		Session session = new Session("7", "alice", List.of(), 0, 1000);

		assertThat(session.isExpiredAt(Instant.ofEpochMilli(999))).isFalse();
		assertThat(session.isExpiredAt(Instant.ofEpochMilli(1000))).isTrue();
	}

}
