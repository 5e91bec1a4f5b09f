package dev.gatewaykit.auth.config;

import java.time.Clock;

import dev.gatewaykit.common.relay.RelaySigningProperties;
import dev.gatewaykit.common.relay.RelayTokenSigner;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The clock and the relay token signer. The signing key's properties are kit-common's,
 * next to the verifier's that mall-api binds, hence outside the package that
 * {@code @ConfigurationPropertiesScan} scans.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RelaySigningProperties.class)
public class CoreConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	RelayTokenSigner relayTokenSigner(RelaySigningProperties signing) {
		return signing.signer();
	}

}
