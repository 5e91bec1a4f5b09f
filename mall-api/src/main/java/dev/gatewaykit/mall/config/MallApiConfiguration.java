package dev.gatewaykit.mall.config;

import java.time.Clock;

import dev.gatewaykit.common.relay.RelayTokenVerifier;
import dev.gatewaykit.common.relay.RelayVerificationProperties;
import dev.gatewaykit.mall.security.RelayTokenFilter;
import dev.gatewaykit.mall.web.JsonErrorAttributes;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the pieces that are not controllers or the catalogue: the relay token check and
 * the JSON error fallback. No Spring Security: one header check does not need a filter
 * chain, and keeping it out keeps the hot path short. The relay keys' properties are
 * kit-common's, next to auth-service's signing key, hence outside the package that
 * {@code @ConfigurationPropertiesScan} scans.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RelayVerificationProperties.class)
public class MallApiConfiguration {

	@Bean
	RelayTokenVerifier relayTokenVerifier(RelayVerificationProperties properties) {
		return properties.verifier(Clock.systemUTC());
	}

	/**
	 * Boot registers a {@code Filter} bean for every path, at the filter's own
	 * {@link RelayTokenFilter#ORDER}.
	 */
	@Bean
	RelayTokenFilter relayTokenFilter(RelayTokenVerifier verifier, JsonMapper json) {
		return new RelayTokenFilter(verifier, json);
	}

	/**
	 * Replaces Boot's {@code DefaultErrorAttributes}, so {@code /error} answers in the
	 * API's JSON shape.
	 */
	@Bean
	JsonErrorAttributes errorAttributes() {
		return new JsonErrorAttributes();
	}

}
