package dev.gatewaykit.gateway.config;

import dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter;
import dev.gatewaykit.gateway.filter.BackendActuatorGuard;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The bench-only {@code vanilla} route ({@code kit.routes.vanilla=true}, off by default):
 * {@code /vanilla/**} to mall-api with nothing but {@code StripPrefix=1} — no session, no
 * relay token — so that the bench can measure what the kit's filters cost over plain
 * Spring Cloud Gateway on the same backend. Off by default because it routes anything
 * under {@code /vanilla/} to mall-api unauthenticated: a production template must not.
 * Its actuator stays out of reach even here ({@link BackendActuatorGuard}), but for the
 * liveness probe the bench measures on.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("kit.routes.vanilla")
class VanillaRouteConfiguration {

	static final String ROUTE_ID = "vanilla";

	@Bean
	RouteLocator vanillaRoute(RouteLocatorBuilder routes, RoutesProperties properties) {
		return routes.routes()
			.route(ROUTE_ID, (route) -> route.path("/vanilla/**")
				.filters((filters) -> filters.stripPrefix(1))
				// The authentication filter is global; this tells it the route is
				// public as a whole.
				.metadata(AuthenticationGlobalFilter.PUBLIC_ROUTE, true)
				// The bench's request: mall-api's liveness, its one answer without a
				// relay token.
				.metadata(BackendActuatorGuard.LIVENESS_ROUTE, true)
				.uri(properties.mallUri()))
			.build();
	}

}
