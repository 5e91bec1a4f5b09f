package dev.gatewaykit.auth.config;

import java.time.Clock;

import dev.gatewaykit.common.RelayTokenCodec;
import dev.gatewaykit.common.relay.RelayProperties;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The clock and the relay token codec. The relay key's properties are kit-common's,
 * shared with mall-api, hence outside the package that
 * {@code @ConfigurationPropertiesScan} scans.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RelayProperties.class)
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
