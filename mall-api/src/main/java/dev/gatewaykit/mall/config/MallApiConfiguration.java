package dev.gatewaykit.mall.config;

import dev.gatewaykit.common.RelayTokenCodec;
import dev.gatewaykit.common.relay.RelayProperties;
import dev.gatewaykit.mall.security.RelayTokenFilter;
import dev.gatewaykit.mall.web.JsonErrorAttributes;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the pieces that are not controllers or the catalogue: the relay token check and
 * the JSON error fallback. No Spring Security: one header check does not need a filter
 * chain, and keeping it out keeps the hot path short. The relay key's properties are
 * kit-common's, shared with auth-service, hence outside the package that
 * {@code @ConfigurationPropertiesScan} scans.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RelayProperties.class)
public class MallApiConfiguration {

	@Bean
	RelayTokenCodec relayTokenCodec(RelayProperties properties) {
		return new RelayTokenCodec(properties.secret());
	}

	/**
	 * Boot registers a {@code Filter} bean for every path, at the filter's own
	 * {@link RelayTokenFilter#ORDER}.
	 */
	@Bean
	RelayTokenFilter relayTokenFilter(RelayTokenCodec codec, JsonMapper json) {
		return new RelayTokenFilter(codec, json);
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
