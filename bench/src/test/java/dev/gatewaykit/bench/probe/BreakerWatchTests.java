package dev.gatewaykit.bench.probe;

import java.net.URI;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.chaos.BreakerTransition;

import static org.assertj.core.api.Assertions.assertThat;

class BreakerWatchTests {

	private static final String SCRAPE = """
			# HELP resilience4j_circuitbreaker_state The states of the circuit breaker
			# TYPE resilience4j_circuitbreaker_state gauge
			resilience4j_circuitbreaker_state{application="gateway",name="relay",state="closed"} 0.0
			resilience4j_circuitbreaker_state{application="gateway",name="relay",state="open"} 1.0
			resilience4j_circuitbreaker_state{application="gateway",name="session",state="closed"} 1.0
			resilience4j_circuitbreaker_state{application="gateway",name="session",state="open"} 0.0
			resilience4j_circuitbreaker_calls_seconds_count{name="relay",kind="failed"} 12.0
			""";

	@Test
	void readsEachBreakersStateFromTheGaugeAtOne() {
		assertThat(BreakerWatch.states(SCRAPE)).containsOnly(Map.entry("relay", "open"),
				Map.entry("session", "closed"));
	}

	@Test
	void readsAGaugeWithATimestampAndABreakerNameWithQuotesOrBraces() {
		String scrape = """
				resilience4j_circuitbreaker_state{name="relay",state="open"} 1.0 1764115200000
				resilience4j_circuitbreaker_state{name="session \\"v2\\"",state="half_open"} 1.0
				resilience4j_circuitbreaker_state{name="catalog {eu}",state="closed"} 1.0
				resilience4j_circuitbreaker_state{name="catalog {eu}",state="open"} NaN
				""";

		assertThat(BreakerWatch.states(scrape)).containsOnly(Map.entry("relay", "open"),
				Map.entry("session \"v2\"", "half_open"), Map.entry("catalog {eu}", "closed"));
	}

	@Test
	void aGatewayWithoutTheGaugeHasNoBreaker() {
		BreakerWatch watch = new BreakerWatch(URI.create("http://127.0.0.1:1/actuator/prometheus"));
		watch.record(1_000, BreakerWatch.states("jvm_threads_live_threads 42.0\n"));

		assertThat(watch.transitions()).isEmpty();
	}

	@Test
	void recordsAChangeBetweenTwoScrapes() {
		BreakerWatch watch = new BreakerWatch(URI.create("http://127.0.0.1:1/actuator/prometheus"));
		watch.record(1_000, Map.of("relay", "closed", "session", "closed"));
		watch.record(2_000, Map.of("relay", "closed", "session", "closed"));
		watch.record(3_000, BreakerWatch.states(SCRAPE));

		assertThat(watch.transitions()).hasValueSatisfying((transitions) -> assertThat(transitions)
			.containsExactly(new BreakerTransition(3_000, "relay", "closed", "open")));
	}

}
