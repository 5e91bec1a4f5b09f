package dev.gatewaykit.gatewaymvc.config;

import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.function.Function;

import dev.gatewaykit.common.ClientAddresses;
import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.session.SessionEndpoints;

import dev.gatewaykit.gateway.core.config.AuthServiceProperties;
import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.gateway.core.identity.IdentityCalls;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import dev.gatewaykit.gateway.core.relay.RelayCodec;
import dev.gatewaykit.gateway.core.session.SessionCodec;
import dev.gatewaykit.gatewaymvc.filter.AuthenticationFilter;
import dev.gatewaykit.gatewaymvc.filter.RelayTokenFilter;
import dev.gatewaykit.gatewaymvc.identity.CarrierPinningCalls;
import dev.gatewaykit.gatewaymvc.identity.ResilientIdentityCalls;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.RequestPredicates;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.removeRequestHeader;
import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.stripPrefix;
import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.uri;
import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.cloud.gateway.server.mvc.handler.HandlerFunctions.http;

/**
 * Wires the MVC gateway: the shared blocking calls behind the resilience decorator, the
 * two filters, the {@code mall} route.
 */
@Configuration(proxyBeanMethods = false)
class MvcGatewayConfiguration {

	private static final String X_FORWARDED_FOR = "X-Forwarded-For";

	/** The oldest Java whose virtual threads Spring Boot uses. */
	static final int VIRTUAL_THREADS_JAVA = 21;

	/**
	 * Lettuce's command timeout is the session timeout, as in the WebFlux gateway: it is
	 * what bounds a thread parked in the synchronous call.
	 */
	@Bean
	LettuceClientConfigurationBuilderCustomizer redisCommandTimeout(MvcGatewayProperties properties) {
		return (builder) -> builder.commandTimeout(properties.session().timeout());
	}

	@Bean
	BlockingIdentityCalls blockingIdentityCalls(MvcGatewayProperties properties, StringRedisTemplate redis,
			Environment environment) {
		AuthServiceProperties authService = properties.authService();
		SessionCodec sessions = new SessionCodec(JsonMapper.builder().build());
		RelayCodec relay = new RelayCodec(JsonMapper.builder().build(), authService.clientId(),
				authService.clientSecret());
		if (!virtualThreads(environment)) {
			return new BlockingIdentityCalls(redis, sessions, properties.session().idleTimeout(), relay,
					authService.url(), authService.connectTimeout(), authService.timeout(), authService.maxIdleTime());
		}
		// The relay client's own work (completing the exchange a request waits on) on
		// virtual threads too, not on the JDK client's cached platform pool.
		Executor relayExecutor = new VirtualThreadTaskExecutor("relay-");
		return new BlockingIdentityCalls(redis, sessions, properties.session().idleTimeout(), relay, authService.url(),
				authService.connectTimeout(), authService.timeout(), authService.maxIdleTime(), relayExecutor);
	}

	/**
	 * Whether requests run on virtual threads; refuses to start when they were asked for
	 * on a Java that has none, where Spring Boot would quietly run platform threads and a
	 * bench would measure the wrong mode.
	 */
	static boolean virtualThreads(Environment environment) {
		boolean requested = environment.getProperty("spring.threads.virtual.enabled", Boolean.class, false);
		if (requested && Runtime.version().feature() < VIRTUAL_THREADS_JAVA) {
			throw new IllegalStateException("spring.threads.virtual.enabled=true (the mvc-virtual mode) needs Java "
					+ VIRTUAL_THREADS_JAVA + " or later, but this is Java " + Runtime.version() + " in "
					+ System.getProperty("java.home")
					+ "; install a JDK 21+ (Temurin 21 or 25: apt-get install temurin-21-jdk from Adoptium's "
					+ "repository) and run the gateway with its java");
		}
		return Threading.VIRTUAL.isActive(environment);
	}

	/**
	 * The calls the filters make: the blocking ones (made to pin their carriers when
	 * {@code kit.gateway.pin-carriers} asks) inside the breakers and bulkheads.
	 */
	@Bean
	ResilientIdentityCalls identityCalls(BlockingIdentityCalls calls, MvcGatewayProperties properties,
			CircuitBreakerRegistry breakers, BulkheadRegistry bulkheads) {
		IdentityCalls made = properties.pinCarriers() ? new CarrierPinningCalls(calls) : calls;
		return new ResilientIdentityCalls(made, breakers, bulkheads);
	}

	@Bean
	ReloadablePublicPaths publicPaths(MvcGatewayProperties properties) {
		return new ReloadablePublicPaths(properties.publicPathsMatcher(), properties.publicPaths());
	}

	/**
	 * {@code /api/mall/**} to mall-api: authentication first (it reads the path before
	 * the prefix goes and the bearer token before {@code Authorization} is removed;
	 * mall-api trusts the signed relay token only), then the relay token, as on the
	 * WebFlux route.
	 */
	@Bean
	RouterFunction<ServerResponse> mallRoute(MvcGatewayProperties.Routes routes, ResilientIdentityCalls calls,
			ReloadablePublicPaths publicPaths) {
		return route("mall").route(RequestPredicates.path("/api/mall/**"), http())
			.before(uri(routes.mallUri()))
			.filter(new AuthenticationFilter(calls, publicPaths, Clock.systemUTC()))
			.before(stripPrefix(2))
			.before(removeRequestHeader(HttpHeaders.AUTHORIZATION))
			.filter(new RelayTokenFilter(calls))
			.build();
	}

	/**
	 * auth-service's three session endpoints, {@code POST} only, as the WebFlux gateway's
	 * {@code SessionRoutesConfiguration} routes them (anything else under
	 * {@code /api/auth} is 404): the login is a public path whose client
	 * {@code Authorization} is removed; the revokes are checked like any route and pass
	 * the bearer token on. Each carries the client's address for auth-service's lockout,
	 * set after the authentication filter has stripped the client's own copy. Logins are
	 * not rate limited here (see {@link MvcGatewayProperties#loginRateLimit()}).
	 */
	@Bean
	RouterFunction<ServerResponse> sessionRoutes(MvcGatewayProperties properties, MvcGatewayProperties.Routes routes,
			ResilientIdentityCalls calls, ReloadablePublicPaths publicPaths) {
		ClientAddresses clients = new ClientAddresses(properties.loginRateLimit().trustedProxies());
		AuthenticationFilter authentication = new AuthenticationFilter(calls, publicPaths, Clock.systemUTC());
		Function<ServerRequest, ServerRequest> clientAddress = (request) -> ServerRequest.from(request)
			.header(IdentityHeaders.CLIENT_ADDRESS,
					clients.clientKey(request.remoteAddress().map(InetSocketAddress::getAddress).orElse(null),
							request.headers().header(X_FORWARDED_FOR)))
			.build();
		RouterFunction<ServerResponse> login = route("login")
			.route(RequestPredicates.POST(SessionEndpoints.viaGateway(SessionEndpoints.LOGIN)), http())
			.before(uri(routes.authUri()))
			.filter(authentication)
			.before(stripPrefix(2))
			.before(removeRequestHeader(HttpHeaders.AUTHORIZATION))
			.before(clientAddress)
			.build();
		RouterFunction<ServerResponse> revoke = route("revoke")
			.route(RequestPredicates.POST(SessionEndpoints.viaGateway(SessionEndpoints.REVOKE))
				.or(RequestPredicates.POST(SessionEndpoints.viaGateway(SessionEndpoints.REVOKE_ALL))), http())
			.before(uri(routes.authUri()))
			.filter(authentication)
			.before(stripPrefix(2))
			.before(clientAddress)
			.build();
		return login.and(revoke);
	}

}
