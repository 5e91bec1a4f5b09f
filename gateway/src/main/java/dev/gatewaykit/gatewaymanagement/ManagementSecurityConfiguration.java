package dev.gatewaykit.gatewaymanagement;

import dev.gatewaykit.gateway.actuate.ManagementCredentials;
import dev.gatewaykit.gateway.actuate.ManagementWriteAuthentication;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.context.annotation.Bean;

/**
 * Puts {@link ManagementWriteAuthentication} in the context that serves the actuator: the
 * management port's own child context (the kit's set-up), or the main one if someone
 * gives both the same port. The credentials are bound in the main context, so a gateway
 * without a password stops at start-up, whichever context serves the actuator.
 */
@ManagementContextConfiguration(value = ManagementContextType.ANY, proxyBeanMethods = false)
public class ManagementSecurityConfiguration {

	@Bean
	ManagementWriteAuthentication managementWriteAuthentication(
			@Value("${management.endpoints.web.base-path:/actuator}") String basePath,
			ManagementCredentials credentials) {
		return new ManagementWriteAuthentication(basePath, credentials);
	}

}
