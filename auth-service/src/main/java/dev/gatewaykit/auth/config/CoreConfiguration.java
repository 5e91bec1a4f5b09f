package dev.gatewaykit.auth.config;

import java.time.Clock;

import dev.gatewaykit.common.RelayTokenCodec;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The clock and the relay token codec.
 */
@Configuration(proxyBeanMethods = false)
public class CoreConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	RelayTokenCodec relayTokenCodec(RelayProperties relay, Clock clock) {
		return new RelayTokenCodec(relay.secret(), clock);
	}

}
