package dev.gatewaykit.bench.chaos;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

/**
 * An open-model load: {@code GET /api/mall/products/{id}} at a fixed rate whatever the
 * answers do, so that a slow gateway shows as slow answers and a growing number in flight
 * rather than as a lower rate (a closed model would wait with it and hide the fault).
 * Each request's send and answer times and status are recorded. The client's timeout is
 * well above every gateway timeout: a gateway that hangs is seen to hang.
 */
final class OpenModelDriver implements AutoCloseable {

	static final String PRODUCT_PATH = "/api/mall/products/";

	private final HttpClient http;

	private final URI base;

	private final Supplier<List<String>> tokens;

	private final Duration clientTimeout;

	private final int products;

	private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "chaos-load");
		thread.setDaemon(true);
		return thread;
	});

	private final ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();

	private final Map<Long, Long> pending = new ConcurrentHashMap<>();

	private final AtomicLong sequence = new AtomicLong();

	OpenModelDriver(HttpClient http, URI base, Supplier<List<String>> tokens, Duration clientTimeout, int products) {
		this.http = http;
		this.base = base;
		this.tokens = tokens;
		this.clientTimeout = clientTimeout;
		this.products = products;
	}

	/** Starts sending {@code rate} requests a second. */
	void start(int rate) {
		long periodMicros = 1_000_000L / rate;
		this.ticker.scheduleAtFixedRate(this::send, 0, periodMicros, TimeUnit.MICROSECONDS);
	}

	/** Stops sending; what is in flight still completes (see {@link #awaitAnswers}). */
	void stop() {
		this.ticker.shutdownNow();
	}

	/** Waits up to {@code timeout} for every request in flight to be answered or fail. */
	boolean awaitAnswers(Duration timeout) throws InterruptedException {
		long end = System.nanoTime() + timeout.toNanos();
		while (!this.pending.isEmpty() && System.nanoTime() < end) {
			Thread.sleep(50);
		}
		return this.pending.isEmpty();
	}

	/** The requests answered or failed so far. */
	List<RequestRecord> records() {
		return new ArrayList<>(this.records);
	}

	/** When the oldest request still in flight was sent. */
	Optional<Long> oldestPendingMs() {
		return this.pending.values().stream().min(Long::compare);
	}

	@Override
	public void close() {
		stop();
	}

	private void send() {
		long started = System.currentTimeMillis();
		long id = this.sequence.incrementAndGet();
		try {
			List<String> current = this.tokens.get();
			String token = current.get((int) (id % current.size()));
			int product = ThreadLocalRandom.current().nextInt(1, this.products + 1);
			HttpRequest request = HttpRequest.newBuilder(this.base.resolve(PRODUCT_PATH + product))
				.timeout(this.clientTimeout)
				.header("Authorization", "Bearer " + token)
				.GET()
				.build();
			this.pending.put(id, started);
			this.http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, failure) -> {
				int status = (failure != null) ? RequestRecord.NO_ANSWER : response.statusCode();
				this.records.add(new RequestRecord(started, System.currentTimeMillis(), status));
				this.pending.remove(id);
			});
		}
		catch (RuntimeException ex) {
			// A task of scheduleAtFixedRate that throws is never run again: a request
			// that
			// could not even be sent is recorded as unanswered and the load goes on.
			this.pending.remove(id);
			this.records.add(new RequestRecord(started, System.currentTimeMillis(), RequestRecord.NO_ANSWER));
		}
	}

}
