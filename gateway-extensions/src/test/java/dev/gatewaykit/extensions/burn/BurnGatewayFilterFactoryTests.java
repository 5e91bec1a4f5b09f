package dev.gatewaykit.extensions.burn;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.cloud.gateway.filter.FilterDefinition;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BurnGatewayFilterFactoryTests {

	private final BurnGatewayFilterFactory factory = new BurnGatewayFilterFactory();

	@Test
	void theFilterSpendsItsCostOfTheThreadsCpuTimeThenGoesOn() {
		GatewayFilter filter = filterFrom("Burn=2ms");
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		AtomicBoolean passedOn = new AtomicBoolean();
		long before = threads.getCurrentThreadCpuTime();

		// StepVerifier subscribes on this thread, so the burn is this thread's CPU time.
		StepVerifier
			.create(filter.filter(MockServerWebExchange.from(MockServerHttpRequest.get("/api/mall/products/1")),
					(exchange) -> Mono.fromRunnable(() -> passedOn.set(true))))
			.expectComplete()
			.verify(Duration.ofSeconds(10));

		assertThat(threads.getCurrentThreadCpuTime() - before).isGreaterThanOrEqualTo(Duration.ofMillis(2).toNanos());
		assertThat(passedOn).isTrue();
		assertThat(filter).hasToString("[Burn cost = '2ms']");
	}

	@Test
	void theBurnerCountsCpuTimeNotWallTime() {
		CpuBurner burner = new CpuBurner();

		long spent = burner.burn(Duration.ofMillis(1));

		assertThat(spent).isGreaterThanOrEqualTo(Duration.ofMillis(1).toNanos());
	}

	@Test
	void costsAreDurationsAsPeopleWriteThem() {
		assertThat(BurnGatewayFilterFactory.cost("40us")).isEqualTo(Duration.ofNanos(40_000));
		assertThat(BurnGatewayFilterFactory.cost(" 1ms ")).isEqualTo(Duration.ofMillis(1));
		assertThat(BurnGatewayFilterFactory.cost("0us")).isZero();
	}

	@Test
	void aCostThatIsNotADurationOrOutOfRangeFailsWhenTheRouteIsBuilt() {
		assertThatIllegalArgumentException().isThrownBy(() -> filterFrom("Burn=lots"))
			.withMessageContaining("'lots' is not a duration");
		assertThatIllegalArgumentException().isThrownBy(() -> filterFrom("Burn=-5us"))
			.withMessageContaining("outside 0..10ms");
		assertThatIllegalArgumentException().isThrownBy(() -> filterFrom("Burn=1s"))
			.withMessageContaining("outside 0..10ms");
		assertThatIllegalArgumentException().isThrownBy(() -> BurnGatewayFilterFactory.cost(null))
			.withMessageContaining("Burn=40us");
	}

	private GatewayFilter filterFrom(String definition) {
		FilterDefinition filter = new FilterDefinition(definition);
		ConfigurationService configuration = new ConfigurationService(new StaticListableBeanFactory(),
				DefaultConversionService::new, () -> null);
		BurnGatewayFilterFactory.Config config = configuration.with(this.factory)
			.name(filter.getName())
			.properties(filter.getArgs())
			.bind();
		return this.factory.apply(config);
	}

}
