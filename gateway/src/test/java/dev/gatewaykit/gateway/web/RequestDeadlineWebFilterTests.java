package dev.gatewaykit.gateway.web;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.context.support.StaticApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RequestDeadlineWebFilterTests {

	private final Counter exceeded = Counter.builder("exceeded").register(new SimpleMeterRegistry());

	private final StaticApplicationContext publicServer = new StaticApplicationContext();

	private final RequestDeadlineWebFilter filter = new RequestDeadlineWebFilter(Duration.ofMillis(200), this.exceeded,
			this.publicServer);

	@Test
	void aRequestThatWaitsPastTheDeadlineIsAnswered504AndWhatItWaitedForIsCancelled() {
		AtomicBoolean cancelled = new AtomicBoolean();
		MockServerWebExchange exchange = exchange(this.publicServer);

		this.filter.filter(exchange, (ignored) -> Mono.<Void>never().doOnCancel(() -> cancelled.set(true)))
			.block(Duration.ofSeconds(5));

		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.GATEWAY_TIMEOUT);
		assertThat(exchange.getResponse().getBodyAsString().block(Duration.ofSeconds(5))).contains("\"status\":504",
				"\"error\":\"deadline\"", "deadline of 200 ms");
		assertThat(cancelled).isTrue();
		assertThat(this.exceeded.count()).isEqualTo(1);
	}

	@Test
	void anAnswerThatHadBegunIsCutRatherThanAnsweredTwice() {
		MockServerWebExchange exchange = exchange(this.publicServer);

		Mono<Void> filtered = this.filter.filter(exchange,
				(begun) -> begun.getResponse().setComplete().then(Mono.never()));

		assertThatExceptionOfType(RuntimeException.class).isThrownBy(() -> filtered.block(Duration.ofSeconds(5)))
			.withMessageContaining("the answer had begun");
		assertThat(this.exceeded.count()).isEqualTo(1);
	}

	@Test
	void aRequestAnsweredInTimeIsLeftAlone() {
		MockServerWebExchange exchange = exchange(this.publicServer);

		this.filter.filter(exchange, (answered) -> {
			answered.getResponse().setStatusCode(HttpStatus.OK);
			return answered.getResponse().setComplete();
		}).block(Duration.ofSeconds(5));

		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(this.exceeded.count()).isZero();
	}

	@Test
	void theManagementServersRequestsHaveNoDeadlineOfItsOwn() {
		StaticApplicationContext management = new StaticApplicationContext(this.publicServer);
		MockServerWebExchange exchange = exchange(management);

		Mono<Void> filtered = this.filter.filter(exchange, (ignored) -> Mono.delay(Duration.ofMillis(400)).then());
		filtered.block(Duration.ofSeconds(5));

		assertThat(exchange.getResponse().getStatusCode()).isNotEqualTo(HttpStatus.GATEWAY_TIMEOUT);
		assertThat(this.exceeded.count()).isZero();
	}

	@Test
	void streamsHaveNoDeadlineOfTheirOwn() {
		for (MockServerHttpRequest stream : List.of(
				MockServerHttpRequest.get("/api/mall/events")
					.header(HttpHeaders.CONNECTION, "Upgrade")
					.header(HttpHeaders.UPGRADE, "WebSocket")
					.build(),
				MockServerHttpRequest.get("/api/mall/events").accept(MediaType.TEXT_EVENT_STREAM).build())) {
			MockServerWebExchange exchange = MockServerWebExchange.builder(stream)
				.applicationContext(this.publicServer)
				.build();

			this.filter.filter(exchange, (ignored) -> Mono.delay(Duration.ofMillis(400)).then())
				.block(Duration.ofSeconds(5));

			assertThat(exchange.getResponse().getStatusCode()).isNotEqualTo(HttpStatus.GATEWAY_TIMEOUT);
		}
		assertThat(this.exceeded.count()).isZero();
	}

	private static MockServerWebExchange exchange(StaticApplicationContext context) {
		return MockServerWebExchange.builder(MockServerHttpRequest.get("/api/mall/products/1"))
			.applicationContext(context)
			.build();
	}

}
