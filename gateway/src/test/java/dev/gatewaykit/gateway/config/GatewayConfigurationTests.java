package dev.gatewaykit.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.core.config.AuthServiceProperties;
import dev.gatewaykit.gateway.config.GatewayKitProperties.LogStyle;
import dev.gatewaykit.gateway.core.config.SessionProperties;
import dev.gatewaykit.gateway.core.publicpaths.PublicPathsMatcher;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

class GatewayConfigurationTests {

	@Test
	void redisCommandTimeoutIsTheSessionTimeout() {
		GatewayKitProperties properties = new GatewayKitProperties(ExecutionMode.REACTIVE,
				PublicPathsMatcher.PATH_PATTERN, LogStyle.FIXED, List.of("/actuator/health"),
				new SessionProperties(Duration.ofMinutes(30), Duration.ofMillis(750)),
				new AuthServiceProperties(URI.create("http://127.0.0.1:9000"), "gateway", "secret",
						Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofSeconds(15)),
				new GatewayKitProperties.Server(Duration.ofSeconds(10), Duration.ofSeconds(15)));
		LettuceClientConfiguration.LettuceClientConfigurationBuilder builder = LettuceClientConfiguration.builder()
			.commandTimeout(Duration.ofSeconds(60));

		new GatewayConfiguration().redisCommandTimeout(properties).customize(builder);

		assertThat(builder.build().getCommandTimeout()).isEqualTo(Duration.ofMillis(750));
	}

	@Test
	void redisReconnectDelayIsCappedAtOneSecond() {
		ClientResources.Builder builder = ClientResources.builder();
		new GatewayConfiguration().redisReconnectDelay().customize(builder);
		ClientResources resources = builder.build();
		try {
			Delay delay = resources.reconnectDelay();
			// Lettuce's default would be 16 s at the 15th attempt and 30 s from the 16th.
			assertThat(delay.createDelay(1)).isLessThan(Duration.ofMillis(100));
			assertThat(delay.createDelay(15)).isEqualTo(GatewayConfiguration.REDIS_RECONNECT_DELAY_CAP);
			assertThat(delay.createDelay(40)).isEqualTo(GatewayConfiguration.REDIS_RECONNECT_DELAY_CAP);
		}
		finally {
			resources.shutdown(0, 1, TimeUnit.SECONDS);
		}
	}

}
