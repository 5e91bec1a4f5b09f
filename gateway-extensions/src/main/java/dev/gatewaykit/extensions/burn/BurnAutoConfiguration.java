package dev.gatewaykit.extensions.burn;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.context.annotation.Bean;

/**
 * Registers the {@code Burn} route filter (listed in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports},
 * as the gateway does not component-scan this module). A route names it only on purpose,
 * so having it costs nothing.
 */
@AutoConfiguration
@ConditionalOnClass(AbstractGatewayFilterFactory.class)
public class BurnAutoConfiguration {

	@Bean
	BurnGatewayFilterFactory burnGatewayFilterFactory() {
		return new BurnGatewayFilterFactory();
	}

}
