package dev.gatewaykit.gatewaymvc.actuate;

import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import dev.gatewaykit.gatewaymvc.config.MvcGatewayProperties;
import dev.gatewaykit.gatewaymvc.identity.ResilientIdentityCalls;

import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code /actuator/kit} and the {@code kit.*} meters. */
@Configuration(proxyBeanMethods = false)
class KitActuatorConfiguration {

	/**
	 * The endpoint reads the executor of the gateway's own Tomcat (this context's, not
	 * the management port's) when it answers, so it states what runs requests.
	 */
	@Bean
	MvcKitEndpoint mvcKitEndpoint(WebServerApplicationContext context, ReloadablePublicPaths publicPaths,
			MvcGatewayProperties properties) {
		return new MvcKitEndpoint(() -> ((TomcatWebServer) context.getWebServer()).getTomcat()
			.getConnector()
			.getProtocolHandler()
			.getExecutor(), publicPaths, properties.session().timeout(), properties.authService().timeout());
	}

	@Bean
	MvcKitMetrics mvcKitMetrics(ResilientIdentityCalls calls, BlockingIdentityCalls blockingCalls) {
		return new MvcKitMetrics(calls, blockingCalls);
	}

}
