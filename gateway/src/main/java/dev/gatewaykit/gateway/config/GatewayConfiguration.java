package dev.gatewaykit.gateway.config;

import java.time.Clock;

import dev.gatewaykit.gateway.actuate.KitEndpoint;
import dev.gatewaykit.gateway.actuate.KitMetrics;
import dev.gatewaykit.gateway.filter.AuthenticationGlobalFilter;
import dev.gatewaykit.gateway.filter.PathHygieneWebFilter;
import dev.gatewaykit.gateway.filter.ReloadablePublicPaths;
import dev.gatewaykit.gateway.filter.RelayTokenGatewayFilterFactory;
import dev.gatewaykit.gateway.session.BlockingIdentityCalls;
import dev.gatewaykit.gateway.session.IdentityBackends;
import dev.gatewaykit.gateway.session.IdentityCodec;
import dev.gatewaykit.gateway.session.ModeSwitch;
import dev.gatewaykit.gateway.web.JsonErrorWebExceptionHandler;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.netty.channel.ChannelOption;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
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
 * Wires the filters to the execution modes. All four modes are built over the same Redis connection factory and
 * the same auth-service settings; {@link ModeSwitch} picks one per request from {@code kit.gateway.mode}.
 */
@Configuration(proxyBeanMethods = false)
class GatewayConfiguration {

	/**
	 * Connects the shared Redis connection at start-up. Left lazy, the first request would open it — a blocking
	 * connect on an event loop, which BlockHound catches even in the reactive mode.
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

	@Bean
	IdentityCodec identityCodec(GatewayKitProperties properties) {
		return new IdentityCodec(JsonMapper.builder().build(), properties.authService());
	}

	@Bean
	BlockingIdentityCalls blockingIdentityCalls(GatewayKitProperties properties, StringRedisTemplate redis,
			IdentityCodec codec) {
		return new BlockingIdentityCalls(redis, codec, properties);
	}

	@Bean
	ModeSwitch modeSwitch(GatewayKitProperties properties, BlockingIdentityCalls blocking,
			ReactiveStringRedisTemplate reactiveRedis, IdentityCodec codec) {
		WebClient auth = authServiceClient(properties.authService());
		return new ModeSwitch(
				IdentityBackends.all(blocking, reactiveRedis, auth, codec, properties.session().idleTimeout()),
				properties.mode(), properties.session().timeout(), properties.authService().timeout());
	}

	private static WebClient authServiceClient(GatewayKitProperties.AuthService authService) {
		// A pool of its own so a slow auth-service cannot starve the proxy's pool to mall-api (and vice versa).
		ConnectionProvider pool = ConnectionProvider.builder("auth-service")
			.maxConnections(500)
			.pendingAcquireMaxCount(2000)
			.pendingAcquireTimeout(authService.timeout())
			.maxIdleTime(java.time.Duration.ofSeconds(30))
			.build();
		HttpClient http = HttpClient.create(pool)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) authService.connectTimeout().toMillis())
			.responseTimeout(authService.timeout());
		return WebClient.builder()
			.baseUrl(authService.url().toString())
			.clientConnector(new ReactorClientHttpConnector(http))
			.build();
	}

	@Bean
	ReloadablePublicPaths publicPaths(GatewayKitProperties properties) {
		return new ReloadablePublicPaths(properties.whitelistMatcher(), properties.publicPaths());
	}

	@Bean
	AuthenticationGlobalFilter authenticationGlobalFilter(ModeSwitch modeSwitch, ReloadablePublicPaths publicPaths) {
		return new AuthenticationGlobalFilter(modeSwitch, publicPaths, Clock.systemUTC());
	}

	@Bean
	RuntimeConfigListener runtimeConfigListener(ConfigurableEnvironment environment, jakarta.validation.Validator validator,
			ModeSwitch modeSwitch, ReloadablePublicPaths publicPaths) {
		return new RuntimeConfigListener(environment, new SpringValidatorAdapter(validator), modeSwitch,
				publicPaths);
	}

	@Bean
	RelayTokenGatewayFilterFactory relayTokenGatewayFilterFactory(ModeSwitch modeSwitch) {
		return new RelayTokenGatewayFilterFactory(modeSwitch);
	}

	@Bean
	PathHygieneWebFilter pathHygieneWebFilter() {
		return new PathHygieneWebFilter();
	}

	@Bean
	JsonErrorWebExceptionHandler jsonErrorWebExceptionHandler() {
		return new JsonErrorWebExceptionHandler();
	}

	@Bean
	KitMetrics kitMetrics(ModeSwitch modeSwitch, BlockingIdentityCalls blockingCalls) {
		return new KitMetrics(modeSwitch, blockingCalls);
	}

	@Bean
	KitEndpoint kitEndpoint(ModeSwitch modeSwitch, ReloadablePublicPaths publicPaths,
			GatewayKitProperties properties) {
		return new KitEndpoint(modeSwitch, publicPaths, properties);
	}

	/**
	 * Spring Cloud LoadBalancer tags its per-instance stats with the request path too: one time series per product
	 * id. What those meters are for is the spread over instances, so the path is dropped.
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
	 * Reactor Netty's own metrics, among them {@code reactor.netty.eventloop.pending.tasks} per event loop: the
	 * queue that grows when a loop is blocked. URIs are collapsed to one tag value so cardinality stays bounded.
	 */
	@Bean
	NettyServerCustomizer eventLoopMetrics() {
		return (server) -> server.metrics(true, (uri) -> "/");
	}

}
