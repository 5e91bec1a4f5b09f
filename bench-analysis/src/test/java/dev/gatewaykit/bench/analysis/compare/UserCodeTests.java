package dev.gatewaykit.bench.analysis.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UserCodeTests {

	@Test
	void aFilterOfTheUsersIsTheirCode() {
		assertThat(UserCode
			.contains("dev.gatewaykit.extensions.audit.BlockingAuditLog.lambda$append$0(BlockingAuditLog.java:41)"))
			.isTrue();
		assertThat(UserCode.contains("com.example.gateway.TokenFilter.filter(TokenFilter.java:88)")).isTrue();
	}

	@Test
	void theJdkAndTheLibrariesAreNot() {
		assertThat(UserCode.contains("io.lettuce.core.protocol.DefaultEndpoint.write(DefaultEndpoint.java:210)"))
			.isFalse();
		assertThat(UserCode.contains("java.util.concurrent.locks.LockSupport.park(LockSupport.java:221)")).isFalse();
		assertThat(
				UserCode.contains("ch.qos.logback.core.OutputStreamAppender.writeBytes(OutputStreamAppender.java:1)"))
			.isFalse();
		assertThat(UserCode.contains(" ")).isFalse();
	}

}
