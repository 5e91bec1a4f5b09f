package dev.gatewaykit.gateway.core.session;

import java.util.List;

import dev.gatewaykit.common.session.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class SessionCodecTests {

	private final SessionCodec codec = new SessionCodec(JsonMapper.builder().build());

	@Test
	void readsWhatAuthServiceWrites() {
		assertThat(this.codec.parse(
				"{\"userId\":\"7\",\"username\":\"alice\",\"roles\":[\"USER\"],\"issuedAt\":1," + "\"expiresAt\":2}"))
			.contains(new Session("7", "alice", List.of("USER"), 1, 2));
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "not json", "null", "42", "\"text\"", "true", "[]", "{}",
			"{\"userId\":{},\"username\":\"alice\"}",
			"{\"userId\":\"7\",\"username\":\"alice\",\"expiresAt\":\"soon\"}",
			"{\"username\":\"alice\",\"issuedAt\":1,\"expiresAt\":2}",
			"{\"userId\":\"7\",\"issuedAt\":1,\"expiresAt\":2}",
			"{\"userId\":\"7\",\"username\":\"alice\",\"roles\":[null]}" })
	void treatsAValueAuthServiceCouldNotHaveWrittenAsNoSession(String value) {
		assertThat(this.codec.parse(value)).isEmpty();
	}

}
