package dev.gatewaykit.gateway.config;

import dev.gatewaykit.gateway.filter.ClientAddressKeyResolver;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.cloud.gateway.filter.ratelimit.RedisRateLimiter;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.http.HttpMethod;

/**
 * The login route: {@code POST /api/auth/oauth/token} to auth-service like the
 * {@code auth} route, plus SCG's {@code RequestRateLimiter} over the auto-configured
 * {@link RedisRateLimiter} (one token bucket per client address, in the gateways' Redis;
 * see {@link LoginRateLimitProperties}). Ahead of the {@code auth} route, which would
 * otherwise match the same path. A refused login is thrown rather than answered with
 * SCG's empty 429, so the JSON error handler writes the kit's body and
 * {@code Retry-After}.
 * <p>
 * If Redis cannot be reached, SCG's limiter lets the login through (and logs): a login
 * needs auth-service's Redis anyway, and the limit is there against floods, not to fail
 * closed.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "kit.gateway.login-rate-limit.enabled", matchIfMissing = true)
class LoginRouteConfiguration {

	static final String ROUTE_ID = "login";

	static final String LOGIN_PATH = "/api/auth/oauth/token";

	/**
	 * Replaces SCG's rate-limiter script, read from its jar the first time a login is
	 * limited — a blocking file read on an event loop, which BlockHound reports, and a
	 * file-modification check on every call after it — with the same text read once at
	 * start-up.
	 */
	@Bean
	static BeanPostProcessor rateLimiterScriptReadAtStartup() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof RedisScript<?> script && RedisRateLimiter.REDIS_SCRIPT_NAME.equals(beanName)) {
					DefaultRedisScript<?> loaded = new DefaultRedisScript<>(script.getScriptAsString(),
							script.getResultType());
					loaded.getSha1();
					return loaded;
				}
				return bean;
			}
		};
	}

	@Bean
	RouteLocator loginRoute(RouteLocatorBuilder routes, RoutesProperties routesProperties,
			LoginRateLimitProperties limit, RedisRateLimiter limiter) {
		// This route's bucket, by its id; other routes keep the limiter's defaults.
		limiter.getConfig()
			.put(ROUTE_ID,
					new RedisRateLimiter.Config().setReplenishRate(limit.replenishRate())
						.setBurstCapacity(limit.burstCapacity())
						.setRequestedTokens(limit.requestedTokens()));
		ClientAddressKeyResolver clients = new ClientAddressKeyResolver(limit.trustedProxies());
		return routes.routes()
			.route(ROUTE_ID, (route) -> route.order(-1)
				.path(LOGIN_PATH)
				.and()
				.method(HttpMethod.POST)
				.filters((filters) -> filters.stripPrefix(2)
					.requestRateLimiter(
							(config) -> config.setRateLimiter(limiter).setKeyResolver(clients).setThrowOnLimit(true)))
				.uri(routesProperties.authUri()))
			.build();
	}

}
