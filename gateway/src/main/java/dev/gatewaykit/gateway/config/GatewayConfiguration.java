package dev.gatewaykit.gateway.config;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.gateway.actuate.KitEndpoint;
import dev.gatewaykit.gateway.actuate.RequestThreadPools;
import dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter;
import dev.gatewaykit.gateway.filter.BackendActuatorGuard;
import dev.gatewaykit.gateway.filter.PathHygieneWebFilter;
import dev.gatewaykit.gateway.filter.RelayTokenGatewayFilterFactory;
import dev.gatewaykit.gateway.core.config.AuthServiceProperties;
import dev.gatewaykit.gateway.core.identity.BlockingIdentityCalls;
import dev.gatewaykit.gateway.core.metrics.KitMeters;
import dev.gatewaykit.gateway.mode.IdentityBackends;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.gateway.mode.ResilientIdentityBackend;
import dev.gatewaykit.gateway.core.publicpaths.ReloadablePublicPaths;
import dev.gatewaykit.gateway.core.relay.RelayCodec;
import dev.gatewaykit.gateway.core.session.SessionCodec;
import dev.gatewaykit.gateway.web.JsonErrorWebExceptionHandler;
import dev.gatewaykit.gateway.web.RequestDeadlineWebFilter;
import dev.gatewaykit.gateway.web.RequestHeadTimeout;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.common.circuitbreaker.configuration.CircuitBreakerConfigCustomizer;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.netty.channel.ChannelOption;
import jakarta.validation.Validator;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Wires the filters to the execution modes. All four modes are built over the same Redis
 * connection factory and the same auth-service settings; {@link ModeSwitch} picks one per
 * request from {@code kit.gateway.mode}.
 */
@Configuration(proxyBeanMethods = false)
class GatewayConfiguration {

	/**
	 * Connects the shared Redis connection at start-up. Left lazy, the first request
	 * would open it — a blocking connect on an event loop, which BlockHound catches even
	 * in the reactive mode.
	 */
	@Bean
	static BeanPostProcessor eagerRedisConnection() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof LettuceConnectionFactory factory) {
					factory.setEagerInitialization(true);
				}
				return bean;
			}
		};
	}

	/**
	 * Lettuce's command timeout is the session timeout: it is what bounds the blocking
	 * modes (a thread parked in a synchronous call cannot be interrupted by Reactor's
	 * timeout), so {@code kit.gateway.session.timeout} sets it rather than
	 * {@code spring.data.redis.timeout}, which this overrides.
	 */
	@Bean
	LettuceClientConfigurationBuilderCustomizer redisCommandTimeout(GatewayKitProperties properties) {
		return (builder) -> builder.commandTimeout(properties.session().timeout());
	}

	/**
	 * Lettuce reconnects after a lost connection with a delay that doubles up to 30 s by
	 * default: after a few seconds of a Redis outage the next attempt can be seconds
	 * away, and the gateway stays on 503 that long after Redis is back ({@code ./kit
	 * chaos} measured 4-6 s of recovery after a Redis reset or restart, against 1 s for
	 * the same fault on the auth link). Capped at {@link #REDIS_RECONNECT_DELAY_CAP}, a
	 * dead Redis costs one connection attempt a second.
	 */
	@Bean
	ClientResourcesBuilderCustomizer redisReconnectDelay() {
		return (builder) -> builder.reconnectDelay(
				Delay.exponential(Duration.ofMillis(10), REDIS_RECONNECT_DELAY_CAP, 2, TimeUnit.MILLISECONDS));
	}

	/** The longest Lettuce waits before trying to reconnect to Redis. */
	static final Duration REDIS_RECONNECT_DELAY_CAP = Duration.ofSeconds(1);

	@Bean
	SessionCodec sessionCodec() {
		return new SessionCodec(JsonMapper.builder().build());
	}

	@Bean
	RelayCodec relayCodec(GatewayKitProperties properties) {
		AuthServiceProperties authService = properties.authService();
		return new RelayCodec(JsonMapper.builder().build(), authService.clientId(), authService.clientSecret());
	}

	@Bean
	BlockingIdentityCalls blockingIdentityCalls(GatewayKitProperties properties, StringRedisTemplate redis,
			SessionCodec sessions, RelayCodec relay) {
		AuthServiceProperties authService = properties.authService();
		return new BlockingIdentityCalls(redis, sessions, properties.session().idleTimeout(), relay, authService.url(),
				authService.connectTimeout(), authService.timeout(), authService.maxIdleTime());
	}

	@Bean
	ModeSwitch modeSwitch(GatewayKitProperties properties, BlockingIdentityCalls blocking,
			ReactiveStringRedisTemplate reactiveRedis, SessionCodec sessions, RelayCodec relay) {
		WebClient authService = authServiceClient(properties.authService());
		return new ModeSwitch(IdentityBackends.all(blocking, reactiveRedis, sessions,
				properties.session().idleTimeout(), authService, relay), properties.mode(),
				properties.session().timeout(), properties.authService().timeout());
	}

	/** How often the relay client's pool closes connections idle past their time. */
	static final Duration IDLE_EVICTION_INTERVAL = Duration.ofSeconds(5);

	private static WebClient authServiceClient(AuthServiceProperties authService) {
		// A pool of its own so a slow auth-service cannot starve the proxy's pool to
		// mall-api (and vice versa). Its gauges, under its name, are the diagnostics'
		// auth-service pool.
		ConnectionProvider pool = ConnectionProvider.builder("auth-service")
			.metrics(true)
			.maxConnections(500)
			.pendingAcquireMaxCount(2000)
			.pendingAcquireTimeout(authService.timeout())
			.maxIdleTime(authService.maxIdleTime())
			// As the proxy's pool (application.yml): idle connections closed in the
			// background, not only when the next call finds them.
			.evictInBackground(IDLE_EVICTION_INTERVAL)
			.build();
		HttpClient http = HttpClient.create(pool)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) authService.connectTimeout().toMillis())
			.responseTimeout(authService.timeout());
		return WebClient.builder()
			.baseUrl(authService.url().toString())
			.clientConnector(new ReactorClientHttpConnector(http))
			.build();
	}

	/**
	 * What the filters call: the current mode's backend behind a circuit breaker and a
	 * bulkhead per dependency.
	 */
	@Bean
	ResilientIdentityBackend identityBackend(ModeSwitch modeSwitch, CircuitBreakerRegistry breakers,
			BulkheadRegistry bulkheads) {
		return new ResilientIdentityBackend(modeSwitch, breakers, bulkheads);
	}

	/**
	 * The breakers' sliding windows without a lock: every request records one outcome per
	 * dependency, from every event loop at once, and the default window takes a
	 * {@code ReentrantLock}, which parks a contending event loop (a blocking call, to
	 * BlockHound). Not settable under {@code resilience4j.*}, hence here.
	 */
	@Bean
	CircuitBreakerConfigCustomizer sessionStoreBreakerWindow() {
		return CircuitBreakerConfigCustomizer.of(ResilientIdentityBackend.SESSION_STORE,
				GatewayConfiguration::lockFree);
	}

	@Bean
	CircuitBreakerConfigCustomizer authServiceBreakerWindow() {
		return CircuitBreakerConfigCustomizer.of(ResilientIdentityBackend.AUTH_SERVICE, GatewayConfiguration::lockFree);
	}

	private static void lockFree(CircuitBreakerConfig.Builder builder) {
		builder
			.slidingWindowSynchronizationStrategy(CircuitBreakerConfig.SlidingWindowSynchronizationStrategy.LOCK_FREE);
	}

	@Bean
	ReloadablePublicPaths publicPaths(GatewayKitProperties properties) {
		return new ReloadablePublicPaths(properties.publicPathsMatcher(), properties.publicPaths());
	}

	@Bean
	AuthenticationGlobalFilter authenticationGlobalFilter(ResilientIdentityBackend identityBackend,
			ReloadablePublicPaths publicPaths) {
		return new AuthenticationGlobalFilter(identityBackend, publicPaths, Clock.systemUTC());
	}

	@Bean
	RuntimeConfigListener runtimeConfigListener(ConfigurableEnvironment environment, Validator validator,
			ModeSwitch modeSwitch, ReloadablePublicPaths publicPaths) {
		return new RuntimeConfigListener(environment, new SpringValidatorAdapter(validator), modeSwitch, publicPaths);
	}

	@Bean
	RelayTokenGatewayFilterFactory relayTokenGatewayFilterFactory(ResilientIdentityBackend identityBackend) {
		return new RelayTokenGatewayFilterFactory(identityBackend);
	}

	@Bean
	PathHygieneWebFilter pathHygieneWebFilter() {
		return new PathHygieneWebFilter();
	}

	@Bean
	BackendActuatorGuard backendActuatorGuard() {
		return new BackendActuatorGuard();
	}

	@Bean
	JsonErrorWebExceptionHandler jsonErrorWebExceptionHandler() {
		return new JsonErrorWebExceptionHandler();
	}

	@Bean
	KitMeters kitMeters(ModeSwitch modeSwitch, BlockingIdentityCalls blockingCalls) {
		return new KitMeters(modeSwitch::requests, blockingCalls, RequestThreadPools.BY_TAG);
	}

	@Bean
	KitEndpoint kitEndpoint(ModeSwitch modeSwitch, ReloadablePublicPaths publicPaths, GatewayKitProperties properties) {
		return new KitEndpoint(modeSwitch, publicPaths, properties.logStyle().id(), properties.session().timeout(),
				properties.authService().timeout());
	}

	/**
	 * Spring Cloud LoadBalancer tags its per-instance stats with the request path too:
	 * one time series per product id. What those meters are for is the spread over
	 * instances, so the path is dropped.
	 */
	@Bean
	MeterFilter loadBalancerStatsWithoutPath() {
		return new MeterFilter() {
			@Override
			public Meter.Id map(Meter.Id id) {
				if (!id.getName().startsWith("loadbalancer.") || id.getTag("uri") == null) {
					return id;
				}
				return id.replaceTags(id.getTags().stream().filter((tag) -> !"uri".equals(tag.getKey())).toList());
			}
		};
	}

	/**
	 * Reactor Netty's own metrics, among them
	 * {@code reactor.netty.eventloop.pending.tasks} per event loop: the queue that grows
	 * when a loop is blocked. URIs are collapsed to one tag value so cardinality stays
	 * bounded.
	 */
	@Bean
	NettyServerCustomizer eventLoopMetrics() {
		return (server) -> server.metrics(true, (uri) -> "/");
	}

	/**
	 * Answers every public request within {@code kit.gateway.server.request-deadline};
	 * {@code kit.gateway.deadline.exceeded} counts those that were not.
	 */
	@Bean
	RequestDeadlineWebFilter requestDeadlineWebFilter(GatewayKitProperties properties, MeterRegistry registry,
			ApplicationContext context) {
		Counter exceeded = Counter.builder("kit.gateway.deadline.exceeded")
			.description("Requests the gateway did not answer within its request deadline")
			.register(registry);
		return new RequestDeadlineWebFilter(properties.server().requestDeadline(), exceeded, context);
	}

	/** Closes connections that send their request head too slowly. */
	@Bean
	NettyServerCustomizer requestHeadTimeout(GatewayKitProperties properties) {
		Duration timeout = properties.server().requestHeadTimeout();
		return (server) -> server
			.doOnChannelInit((observer, channel, remoteAddress) -> RequestHeadTimeout.install(channel, timeout));
	}

}
