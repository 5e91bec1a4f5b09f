package dev.gatewaykit.extensions.audit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.cloud.gateway.filter.FilterDefinition;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.core.Ordered;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AuditGatewayFilterFactoryTests {

	/** What the fake logs and the chain saw, in order. */
	private final List<String> events = new CopyOnWriteArrayList<>();

	private final AuditGatewayFilterFactory factory = new AuditGatewayFilterFactory(
			Map.of(AuditStyle.BLOCKING, recording("blocking"), AuditStyle.REACTIVE, recording("reactive")));

	@ParameterizedTest
	@EnumSource(AuditStyle.class)
	void theShortcutArgumentPicksTheStylesLog(AuditStyle style) {
		GatewayFilter filter = filterFrom("Audit=" + style.id());

		filter(filter, MockServerHttpRequest.get("/api/mall/products/1").build());

		assertThat(this.events).hasSize(2);
		assertThat(this.events.get(0))
			.matches(style.id() + ": \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z GET /api/mall/products/1");
		assertThat(this.events.get(1)).isEqualTo("chain");
		assertThat(filter)
			.hasToString("[[Audit style = '" + style.id() + "'], order = " + AuditGatewayFilterFactory.ORDER + "]");
	}

	@Test
	void withoutAnArgumentTheStyleIsReactive() {
		filter(filterFrom("Audit"), MockServerHttpRequest.post("/api/auth/oauth/token").build());

		assertThat(this.events).first().asString().startsWith("reactive: ").endsWith(" POST /api/auth/oauth/token");
	}

	@Test
	void theStyleIsCaseInsensitive() {
		filter(filterFrom("Audit=BLOCKING"), MockServerHttpRequest.get("/").build());

		assertThat(this.events).first().asString().startsWith("blocking: ");
	}

	@Test
	void anUnknownStyleIsRefusedNamingTheAllowedOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> filterFrom("Audit=sync"))
			.withMessage("unknown Audit style 'sync'; expected one of blocking, reactive");
	}

	@Test
	void theFilterIsOrderedBeforeEveryRouteFilter() {
		assertThat(filterFrom("Audit=reactive")).isInstanceOfSatisfying(Ordered.class,
				(ordered) -> assertThat(ordered.getOrder()).isEqualTo(AuditGatewayFilterFactory.ORDER).isNegative());
	}

	@Test
	void aWriteThatFailsFailsTheRequestBeforeItGoesOn() {
		AuditGatewayFilterFactory failing = new AuditGatewayFilterFactory(Map.of(AuditStyle.BLOCKING,
				recording("blocking"), AuditStyle.REACTIVE, (entry) -> Mono.error(new IllegalStateException("down"))));
		GatewayFilter filter = failing.apply(new AuditGatewayFilterFactory.Config());

		StepVerifier.create(filter.filter(MockServerWebExchange.from(MockServerHttpRequest.get("/").build()), chain()))
			.expectErrorMessage("down")
			.verify(Duration.ofSeconds(5));
		assertThat(this.events).isEmpty();
	}

	@Test
	void everyStyleNeedsALog() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new AuditGatewayFilterFactory(Map.of(AuditStyle.REACTIVE, recording("reactive"))))
			.withMessage("no AuditLog for style 'blocking'");
	}

	/** Binds a filter definition the way Spring Cloud Gateway does for a route. */
	private GatewayFilter filterFrom(String definition) {
		FilterDefinition filter = new FilterDefinition(definition);
		ConfigurationService configuration = new ConfigurationService(new StaticListableBeanFactory(),
				DefaultConversionService::new, () -> null);
		AuditGatewayFilterFactory.Config config = configuration.with(this.factory)
			.name(filter.getName())
			.properties(filter.getArgs())
			.bind();
		return this.factory.apply(config);
	}

	private void filter(GatewayFilter filter, MockServerHttpRequest request) {
		StepVerifier.create(filter.filter(MockServerWebExchange.from(request), chain()))
			.expectComplete()
			.verify(Duration.ofSeconds(5));
	}

	private GatewayFilterChain chain() {
		return (exchange) -> Mono.fromRunnable(() -> this.events.add("chain"));
	}

	/** A log that records each entry as it is written, that is on subscription. */
	private AuditLog recording(String name) {
		return (entry) -> Mono.fromRunnable(() -> this.events.add(name + ": " + entry));
	}

}
