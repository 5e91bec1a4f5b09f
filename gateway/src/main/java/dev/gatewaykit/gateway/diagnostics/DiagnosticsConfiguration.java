package dev.gatewaykit.gateway.diagnostics;

import java.util.Map;

import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.lettuce.core.metrics.MicrometerOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.util.concurrent.EventExecutorGroup;
import reactor.netty.http.HttpResources;
import reactor.netty.resources.LoopResources;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * Wires the gateway's self-diagnostics ({@code kit.diagnostics.enabled}, on by default):
 * the sampling thread, the meters it reads that are not there by themselves (Lettuce's
 * command latency), the BlockHound recording when asked for, and the endpoint.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "kit.diagnostics.enabled", matchIfMissing = true)
class DiagnosticsConfiguration {

	/**
	 * What Spring Cloud Gateway's proxy pool is reported as: the bench loads mall-api
	 * through it (the auth route shares it, for logins only).
	 */
	static final String MALL_API_POOL = "mall-api";

	/**
	 * Starts tracking Reactor's schedulers as the context starts: {@code parallel}
	 * creates its executors on first use, and a static post-processor runs before any
	 * bean is created.
	 */
	@Bean
	static BeanFactoryPostProcessor reactorExecutorTracking() {
		return (beanFactory) -> ReactorExecutors.track();
	}

	/**
	 * Lettuce's per-command latency timers ({@code lettuce.command.completion}). Spring
	 * Boot 4 auto-configures Lettuce observations (tracing) but no longer these metrics.
	 * Without client-side percentiles: the diagnostics only need count and total time.
	 */
	@Bean
	ClientResourcesBuilderCustomizer lettuceCommandLatency(MeterRegistry registry) {
		MicrometerOptions options = MicrometerOptions.builder().targetPercentiles(new double[0]).build();
		return (resources) -> resources.commandLatencyRecorder(new MicrometerCommandLatencyRecorder(registry, options));
	}

	@Bean
	RecentSeconds recentSeconds(DiagnosticsProperties properties) {
		return new RecentSeconds(properties.retainedSeconds());
	}

	@Bean
	BlockingCalls blockingCalls() {
		return new BlockingCalls();
	}

	/**
	 * BlockHound in recording mode ({@code kit.diagnostics.block-hound}, off by default),
	 * installed as the context starts; closing the context stops the reports (BlockHound
	 * itself cannot be uninstalled).
	 */
	@Bean
	@ConditionalOnBooleanProperty("kit.diagnostics.block-hound")
	AutoCloseable blockHoundRecording(BlockingCalls calls) {
		BlockHoundRecording.install(calls);
		return () -> BlockHoundRecording.uninstall(calls);
	}

	/**
	 * @param resourceFactory Reactor Netty's resources as Spring Boot configured them
	 * (the global {@link HttpResources} unless an application replaced them); the server
	 * and Spring Cloud Gateway's HttpClient run on the same loops
	 * @param proxyPool Spring Cloud Gateway's name for its HttpClient pool
	 */
	@Bean
	DiagnosticsSampling diagnosticsSampling(DiagnosticsProperties properties,
			ObjectProvider<ReactorResourceFactory> resourceFactory, MeterRegistry registry, RecentSeconds seconds,
			@Value("${spring.cloud.gateway.server.webflux.httpclient.pool.name:proxy}") String proxyPool) {
		return new DiagnosticsSampling(() -> serverLoops(resourceFactory), registry, Map.of(proxyPool, MALL_API_POOL),
				properties.probeInterval(), seconds);
	}

	@Bean
	@ConditionalOnAvailableEndpoint
	KitDiagnosticsEndpoint kitDiagnosticsEndpoint(RecentSeconds seconds, BlockingCalls blockingCalls) {
		return new KitDiagnosticsEndpoint(seconds, blockingCalls);
	}

	/**
	 * The event loops the server runs on: the same choice of transport Reactor Netty
	 * makes (native epoll when available, else NIO).
	 */
	private static EventExecutorGroup serverLoops(ObjectProvider<ReactorResourceFactory> resourceFactory) {
		ReactorResourceFactory factory = resourceFactory.getIfAvailable();
		LoopResources loops = (factory != null) ? factory.getLoopResources() : HttpResources.get();
		return loops.onServer(LoopResources.DEFAULT_NATIVE);
	}

}
