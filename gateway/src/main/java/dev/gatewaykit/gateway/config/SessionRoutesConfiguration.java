package dev.gatewaykit.gateway.config;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.SessionEndpoints;
import dev.gatewaykit.gateway.filter.ClientAddressKeyResolver;
import dev.gatewaykit.gateway.web.JsonErrorWebExceptionHandler;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.ratelimit.RedisRateLimiter;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.GatewayFilterSpec;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

/**
 * The routes to auth-service: exactly its three session endpoints
 * ({@link SessionEndpoints}), {@code POST} only, under {@code /api/auth}. Nothing else of
 * auth-service is reachable from outside (its relay endpoint, its actuator): any other
 * path under {@code /api/auth} matches no route and is 404.
 * <p>
 * On each, the gateway sets {@link IdentityHeaders#CLIENT_ADDRESS} to the client's
 * address as {@link ClientAddressKeyResolver} resolves it (the client's own copy is
 * stripped on every route by the authentication filter), so that auth-service keys its
 * login lockout by user and client.
 * <ul>
 * <li>{@code login}, {@code POST /api/auth/oauth/token}: a public path. The client's
 * {@code Authorization} header is removed: auth-service checks HTTP Basic client
 * credentials wherever it gets them, and the public login must not be a way to guess the
 * gateway's. Rate limited per client address with SCG's {@code RequestRateLimiter} over
 * the auto-configured {@link RedisRateLimiter} (see {@link LoginRateLimitProperties}); a
 * refused login is thrown rather than answered with SCG's empty 429, so the JSON error
 * handler writes the kit's body and {@code Retry-After}. The limiter's
 * {@code X-RateLimit-*} headers are not sent: they tell a client how to pace a password
 * guesser. If Redis cannot be reached, SCG's limiter lets the login through (and logs): a
 * login needs auth-service's Redis anyway, and the limit is there against floods, not to
 * fail closed.</li>
 * <li>{@code revoke}, {@code POST /api/auth/oauth/revoke} and {@code /oauth/revoke-all}:
 * not public paths, so the gateway checks the bearer token like on any route (an unknown
 * token is 401 without reaching auth-service, no request of a client without a live
 * session costs auth-service anything) and passes it on: auth-service authenticates it
 * again itself and deletes the session(s). Not rate limited: each call needs a live
 * session and ends the one it presents, so a client can revoke no more often than the
 * login limit lets it log in.</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class SessionRoutesConfiguration {

	static final String LOGIN_ROUTE_ID = "login";

	static final String REVOKE_ROUTE_ID = "revoke";

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
	RouteLocator sessionRoutes(RouteLocatorBuilder routes, RoutesProperties routesProperties,
			LoginRateLimitProperties limit, ObjectProvider<RedisRateLimiter> limiters) {
		ClientAddressKeyResolver clients = new ClientAddressKeyResolver(limit.trustedProxies());
		GatewayFilter clientAddress = (exchange, chain) -> {
			String client = clients.clientKey(exchange);
			return chain.filter(exchange.mutate()
				.request((request) -> request.headers((headers) -> headers.set(IdentityHeaders.CLIENT_ADDRESS, client)))
				.build());
		};
		RedisRateLimiter limiter = limit.enabled() ? loginLimiter(limiters.getObject(), limit) : null;
		return routes.routes()
			.route(LOGIN_ROUTE_ID,
					(route) -> route.path(SessionEndpoints.viaGateway(SessionEndpoints.LOGIN))
						.and()
						.method(HttpMethod.POST)
						.filters((filters) -> {
							GatewayFilterSpec spec = filters;
							if (limiter != null) {
								spec = spec.requestRateLimiter((config) -> config.setRateLimiter(limiter)
									.setKeyResolver(clients)
									.setThrowOnLimit(true));
							}
							return spec.stripPrefix(2)
								.removeRequestHeader(HttpHeaders.AUTHORIZATION)
								.filter(clientAddress);
						})
						.metadata(JsonErrorWebExceptionHandler.RETRY_AFTER_SECONDS, limit.secondsPerLogin())
						.uri(routesProperties.authUri()))
			.route(REVOKE_ROUTE_ID,
					(route) -> route
						.path(SessionEndpoints.viaGateway(SessionEndpoints.REVOKE),
								SessionEndpoints.viaGateway(SessionEndpoints.REVOKE_ALL))
						.and()
						.method(HttpMethod.POST)
						.filters((filters) -> filters.stripPrefix(2).filter(clientAddress))
						.uri(routesProperties.authUri()))
			.build();
	}

	private static RedisRateLimiter loginLimiter(RedisRateLimiter limiter, LoginRateLimitProperties limit) {
		// The limiter is SCG's shared bean: no X-RateLimit-* headers from any route.
		limiter.setIncludeHeaders(false);
		// This route's bucket, by its id; other routes keep the limiter's defaults.
		limiter.getConfig()
			.put(LOGIN_ROUTE_ID,
					new RedisRateLimiter.Config().setReplenishRate(limit.replenishRate())
						.setBurstCapacity(limit.burstCapacity())
						.setRequestedTokens(limit.requestedTokens()));
		return limiter;
	}

}
