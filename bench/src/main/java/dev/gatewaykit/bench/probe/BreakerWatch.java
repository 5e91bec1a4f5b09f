package dev.gatewaykit.bench.probe;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.gatewaykit.bench.analysis.chaos.BreakerTransition;
import dev.gatewaykit.bench.model.PrometheusText;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;

/**
 * Scrapes the gateway's {@code /actuator/prometheus} once a second for Resilience4j's
 * {@code resilience4j_circuitbreaker_state} gauge (1 for each breaker's current state, 0
 * for the others) and records every change. A gateway that never shows the gauge has no
 * breaker, which the tables say rather than "no transitions".
 */
public final class BreakerWatch implements AutoCloseable {

	private final HttpClient http = KitHttp.client();

	private final URI prometheus;

	private final ScheduledExecutorService scraper = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "chaos-breaker-watch");
		thread.setDaemon(true);
		return thread;
	});

	private final List<BreakerTransition> transitions = new ArrayList<>();

	private Map<String, String> last = Map.of();

	private boolean seen;

	public BreakerWatch(URI prometheus) {
		this.prometheus = prometheus;
	}

	public void start() {
		this.scraper.scheduleWithFixedDelay(this::scrape, 0, 1, TimeUnit.SECONDS);
	}

	/** The transitions so far, or empty if the gauge never appeared. */
	public synchronized Optional<List<BreakerTransition>> transitions() {
		return this.seen ? Optional.of(List.copyOf(this.transitions)) : Optional.empty();
	}

	@Override
	public void close() {
		this.scraper.shutdownNow();
	}

	private void scrape() {
		// A gateway busy failing may answer the scrape late: a scrape is skipped, not
		// waited for.
		HttpAnswer answer = HttpAnswer.send(this.http,
				HttpRequest.newBuilder(this.prometheus).timeout(Duration.ofSeconds(2)).GET().build());
		if (answer.ok()) {
			record(System.currentTimeMillis(), states(answer.body()));
		}
	}

	synchronized void record(long atMs, Map<String, String> states) {
		if (states.isEmpty()) {
			return;
		}
		this.seen = true;
		states.forEach((name, state) -> {
			String before = this.last.get(name);
			if (before != null && !before.equals(state)) {
				this.transitions.add(new BreakerTransition(atMs, name, before, state));
			}
		});
		this.last = states;
	}

	/**
	 * Each breaker's current state in a Prometheus text exposition: the {@code state}
	 * label of its gauge at 1.
	 */
	public static Map<String, String> states(String prometheusText) {
		Map<String, String> states = new HashMap<>();
		for (PrometheusText.Sample gauge : PrometheusText.parse(prometheusText)
			.named("resilience4j_circuitbreaker_state")) {
			Optional<String> name = gauge.label("name");
			Optional<String> state = gauge.label("state");
			// Not "< 0.5": a NaN gauge is no state either.
			if (gauge.value() >= 0.5 && name.isPresent() && state.isPresent()) {
				states.put(name.get(), state.get());
			}
		}
		return states;
	}

}
