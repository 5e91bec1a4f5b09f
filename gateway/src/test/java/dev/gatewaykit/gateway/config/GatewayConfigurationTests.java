package dev.gatewaykit.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.config.GatewayKitProperties.AuthService;
import dev.gatewaykit.gateway.config.GatewayKitProperties.LogStyle;
import dev.gatewaykit.gateway.config.GatewayKitProperties.Session;
import dev.gatewaykit.gateway.publicpaths.PublicPathsMatcher;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

class GatewayConfigurationTests {

	@Test
	void redisCommandTimeoutIsTheSessionTimeout() {
		GatewayKitProperties properties = new GatewayKitProperties(ExecutionMode.REACTIVE,
				PublicPathsMatcher.PATH_PATTERN, LogStyle.FIXED, List.of("/actuator/health"),
				new Session(Duration.ofMinutes(30), Duration.ofMillis(750)),
				new AuthService(URI.create("http://127.0.0.1:9000"), "gateway", "secret", Duration.ofMillis(500),
						Duration.ofSeconds(2), Duration.ofSeconds(15)));
		LettuceClientConfiguration.LettuceClientConfigurationBuilder builder = LettuceClientConfiguration.builder()
			.commandTimeout(Duration.ofSeconds(60));

		new GatewayConfiguration().redisCommandTimeout(properties).customize(builder);

		assertThat(builder.build().getCommandTimeout()).isEqualTo(Duration.ofMillis(750));
	}

}
