package dev.gatewaykit.gateway.warmup;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** The warm-up before readiness, unless {@code kit.gateway.warm-up.enabled=false}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "kit.gateway.warm-up.enabled", matchIfMissing = true)
public class WarmUpConfiguration {

	@Bean
	SelfWarmUp selfWarmUp(WarmUpProperties properties, Environment environment) {
		return new SelfWarmUp(properties, environment);
	}

}
