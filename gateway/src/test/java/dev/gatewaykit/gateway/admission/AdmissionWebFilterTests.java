package dev.gatewaykit.gateway.admission;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.context.support.StaticApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilterChain;

import static org.assertj.core.api.Assertions.assertThat;

class AdmissionWebFilterTests {

	/** A limit of one that records the response times it is given. */
	private final RecordingLimit limit = new RecordingLimit();

	private final SimpleLimiter<Void> limiter = SimpleLimiter.newBuilder().limit(this.limit).build();

	private final Counter refused = Counter.builder("refused").register(new SimpleMeterRegistry());

	private final StaticApplicationContext publicServer = new StaticApplicationContext();

	private final AtomicBoolean ready = new AtomicBoolean(true);

	private final AdmissionWebFilter filter = new AdmissionWebFilter(this.limiter, this.refused,
			Duration.ofMillis(1500), this.publicServer, List.of("/api/auth/oauth/token"), this.ready::get);

	@Test
	void pastTheLimitARequestIsRefusedAtOnceWith503JsonAndRetryAfterAndNeverReachesTheFilters() {
		Sinks.Empty<Void> first = Sinks.empty();
		Disposable held = this.filter.filter(exchange(), (exchange) -> first.asMono()).subscribe();
		assertThat(this.limiter.getInflight()).isEqualTo(1);

		MockServerWebExchange second = exchange();
		List<ServerWebExchange> reached = new CopyOnWriteArrayList<>();
		this.filter.filter(second, recording(reached)).block(Duration.ofSeconds(5));

		assertThat(reached).isEmpty();
		assertThat(second.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(second.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).as("1.5 s rounded up")
			.isEqualTo("2");
		assertThat(second.getResponse().getBodyAsString().block(Duration.ofSeconds(5))).contains("\"status\":503",
				"\"error\":\"overloaded\"", "concurrency limit");
		assertThat(this.refused.count()).isEqualTo(1);

		first.tryEmitEmpty();
		assertThat(this.limiter.getInflight()).isZero();
		this.filter.filter(exchange(), recording(reached)).block(Duration.ofSeconds(5));
		assertThat(reached).as("admitted again once the first was answered").hasSize(1);
		held.dispose();
	}

	@Test
	void thePermitIsReturnedWhenTheChainFailsOrTheClientGoesAway() {
		this.filter.filter(exchange(), (exchange) -> Mono.error(new IllegalStateException("boom")))
			.onErrorComplete()
			.block(Duration.ofSeconds(5));
		assertThat(this.limiter.getInflight()).isZero();

		Disposable cancelled = this.filter.filter(exchange(), (exchange) -> Mono.never()).subscribe();
		assertThat(this.limiter.getInflight()).isEqualTo(1);
		cancelled.dispose();
		assertThat(this.limiter.getInflight()).isZero();
	}

	@Test
	void answeredRequestsAreSamplesButAShedOneAndAnAbandonedOneAreNot() {
		this.filter.filter(exchange(), (exchange) -> Mono.empty()).block(Duration.ofSeconds(5));
		assertThat(this.limit.samples).hasSize(1);

		this.filter.filter(exchange(), (exchange) -> {
			exchange.getResponse().setStatusCode(HttpStatus.SERVICE_UNAVAILABLE);
			return Mono.empty();
		}).block(Duration.ofSeconds(5));
		this.filter.filter(exchange(), (exchange) -> Mono.never()).subscribe().dispose();
		assertThat(this.limit.samples).as("a 503 shed by a breaker, a cancelled request: no sample").hasSize(1);

		this.filter.filter(exchange(), (exchange) -> {
			exchange.getResponse().setStatusCode(HttpStatus.GATEWAY_TIMEOUT);
			return Mono.empty();
		}).block(Duration.ofSeconds(5));
		assertThat(this.limit.samples).as("a timeout is this gateway's slowness: a sample").hasSize(2);
	}

	@Test
	void anUnsampledPathIsAdmittedAndLimitedButTeachesTheLimitNothing() {
		Sinks.Empty<Void> login = Sinks.empty();
		Disposable held = this.filter.filter(exchange("/api/auth/oauth/token"), (exchange) -> login.asMono())
			.subscribe();
		assertThat(this.limiter.getInflight()).as("in flight like any other").isEqualTo(1);
		MockServerWebExchange refusedRead = exchange("/api/mall/products/1");
		this.filter.filter(refusedRead, (exchange) -> Mono.empty()).block(Duration.ofSeconds(5));
		assertThat(refusedRead.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);

		login.tryEmitEmpty();

		assertThat(this.limiter.getInflight()).isZero();
		assertThat(this.limit.samples).as("the login's time is BCrypt's, not the gateway's queue").isEmpty();
		this.filter.filter(exchange("/api/auth/oauth/tokens"), (exchange) -> Mono.empty()).block(Duration.ofSeconds(5));
		assertThat(this.limit.samples).as("only the pattern itself").hasSize(1);
		held.dispose();
	}

	@Test
	void aStreamIsCheckedAtTheDoorButHoldsNoPlaceAndTeachesTheLimitNothing() {
		Sinks.Empty<Void> stream = Sinks.empty();
		Disposable open = this.filter.filter(eventStream(), (exchange) -> stream.asMono()).subscribe();
		assertThat(this.limiter.getInflight()).as("an open stream holds no place").isZero();

		Sinks.Empty<Void> read = Sinks.empty();
		Disposable held = this.filter.filter(exchange(), (exchange) -> read.asMono()).subscribe();
		MockServerWebExchange refusedStream = eventStream();
		List<ServerWebExchange> reached = new CopyOnWriteArrayList<>();
		this.filter.filter(refusedStream, recording(reached)).block(Duration.ofSeconds(5));
		assertThat(reached).as("at the limit a new stream is refused like any request").isEmpty();
		assertThat(refusedStream.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);

		read.tryEmitEmpty();
		stream.tryEmitEmpty();
		assertThat(this.limit.samples).as("only the read's time").hasSize(1);
		open.dispose();
		held.dispose();
	}

	/** The gateway's own warm-up: an idle gateway's response times would mislead it. */
	@Test
	void beforeReadinessNothingIsLimitedNorSampled() {
		this.ready.set(false);
		Sinks.Empty<Void> first = Sinks.empty();
		Disposable held = this.filter.filter(exchange(), (exchange) -> first.asMono()).subscribe();
		List<ServerWebExchange> reached = new CopyOnWriteArrayList<>();

		this.filter.filter(exchange(), recording(reached)).block(Duration.ofSeconds(5));

		assertThat(reached).hasSize(1);
		assertThat(this.limiter.getInflight()).isZero();
		assertThat(this.limit.samples).isEmpty();
		this.ready.set(true);
		this.filter.filter(exchange(), recording(reached)).block(Duration.ofSeconds(5));
		assertThat(this.limit.samples).as("from readiness on").hasSize(1);
		held.dispose();
	}

	@Test
	void theManagementServersRequestsAreNeverLimited() {
		Sinks.Empty<Void> first = Sinks.empty();
		Disposable held = this.filter.filter(exchange(), (exchange) -> first.asMono()).subscribe();
		StaticApplicationContext management = new StaticApplicationContext(this.publicServer);
		MockServerWebExchange probe = MockServerWebExchange.builder(MockServerHttpRequest.get("/actuator/health"))
			.applicationContext(management)
			.build();
		List<ServerWebExchange> reached = new CopyOnWriteArrayList<>();

		this.filter.filter(probe, recording(reached)).block(Duration.ofSeconds(5));

		assertThat(reached).hasSize(1);
		assertThat(this.refused.count()).isZero();
		held.dispose();
	}

	private MockServerWebExchange exchange() {
		return exchange("/api/mall/products/1");
	}

	private MockServerWebExchange exchange(String path) {
		return MockServerWebExchange.builder(MockServerHttpRequest.get(path))
			.applicationContext(this.publicServer)
			.build();
	}

	private MockServerWebExchange eventStream() {
		return MockServerWebExchange
			.builder(MockServerHttpRequest.get("/api/mall/events").accept(MediaType.TEXT_EVENT_STREAM))
			.applicationContext(this.publicServer)
			.build();
	}

	private static WebFilterChain recording(List<ServerWebExchange> reached) {
		return (exchange) -> {
			reached.add(exchange);
			return Mono.empty();
		};
	}

	private static final class RecordingLimit implements Limit {

		final List<Long> samples = new CopyOnWriteArrayList<>();

		@Override
		public int getLimit() {
			return 1;
		}

		@Override
		public void notifyOnChange(Consumer<Integer> consumer) {
		}

		@Override
		public void onSample(long startTime, long rtt, int inflight, boolean didDrop) {
			this.samples.add(rtt);
		}

	}

}
