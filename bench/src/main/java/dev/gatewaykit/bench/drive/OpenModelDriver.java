package dev.gatewaykit.bench.drive;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.HttpMethod;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

/**
 * An open-model load: {@code GET /api/mall/products/{id}} at a set rate whatever the
 * answers do, so that a slow gateway shows as slow answers and a growing number in flight
 * rather than as a lower rate (a closed model would wait with it and hide the fault, and
 * its percentiles would omit the wait: coordinated omission). Each request's send and
 * answer times and status are recorded. The client's timeout is well above every gateway
 * timeout: a gateway that hangs is seen to hang.
 * <p>
 * The rate and the target may change while it runs: the A/B gate ramps a fresh gateway up
 * to its rate, then moves the same load from one gateway to the next between windows.
 * <p>
 * It sends with Reactor Netty's client on a connection pool of its own, closed with it.
 * The JDK's client, which it used before, took about three times the CPU a request
 * (730–750 µs against 220–400 at 600/s, to a server answering in 60 ms) on the very cores
 * the stack it measures runs on, and with those cores busy it timed out connects by the
 * thousand at 1200/s where this one failed none (docs/overload.md, "A cheaper load").
 */
public final class OpenModelDriver implements AutoCloseable {

	/** Product ids the load draws from: the demo catalogue's. */
	public static final int DEMO_PRODUCTS = 10_000;

	/**
	 * The client's timeout in the gate and the knee: well above every gateway timeout, so
	 * that a gateway that hangs is seen to hang.
	 */
	public static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * The newest requests are left this long to be answered before they are judged: after
	 * a window, or at the edge of a warm-up's look back.
	 */
	public static final Duration TAIL = Duration.ofSeconds(1);

	/** How often the ticker looks what is due; each look sends what the rate owes. */
	private static final long TICK_MICROS = 1000;

	/** How long a rate change waits for the tick in progress. */
	private static final Duration RATE_CHANGE_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

	/**
	 * An open model's client opens a connection for every request in flight: its own cap
	 * would be a queue in front of the gateway that the gateway is not charged for.
	 */
	private static final int MAX_CONNECTIONS = 100_000;

	/**
	 * An idle connection is closed before nginx closes it (its {@code keepalive_timeout}
	 * is 65 s in the tuned configuration, 75 s by default): a request is never written to
	 * a connection the server is closing.
	 */
	private static final Duration MAX_IDLE = Duration.ofSeconds(30);

	private final ConnectionProvider connections;

	private final HttpClient http;

	private final LoadRequests requests;

	private final Duration clientTimeout;

	private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "open-model-load");
		thread.setDaemon(true);
		return thread;
	});

	private final ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();

	private final Map<Long, Long> pending = new ConcurrentHashMap<>();

	/**
	 * Held while an answer moves from {@link #pending} to {@link #records}, and while
	 * {@link #take} reads both: a request is then counted once, never in neither.
	 */
	private final Object answering = new Object();

	private final AtomicLong sequence = new AtomicLong();

	private volatile URI base;

	private volatile double rate;

	/** Requests the rate owes since the last tick (ticker thread only). */
	private double owed;

	private long lastTickNanos;

	public OpenModelDriver(URI base, LoadRequests requests, Duration clientTimeout) {
		this.connections = ConnectionProvider.builder("kit-load")
			.maxConnections(MAX_CONNECTIONS)
			.pendingAcquireMaxCount(-1)
			.pendingAcquireTimeout(clientTimeout)
			.maxIdleTime(MAX_IDLE)
			.build();
		this.http = HttpClient.create(this.connections)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) CONNECT_TIMEOUT.toMillis());
		this.base = base;
		this.requests = requests;
		this.clientTimeout = clientTimeout;
	}

	/**
	 * Opens {@code count} connections to {@code uri}'s server before the load starts,
	 * with as many requests to {@code uri} at once, and leaves them idle in the pool for
	 * the load's first requests. A production front end's clients are connected when a
	 * gateway starts behind it; this load's, facing a fresh nginx, would otherwise open
	 * theirs in the load's first second, on the cores a fresh gateway needs most then. No
	 * request is written until every one has its connection (or half the timeout has
	 * passed): one answered early would free its connection for a later request instead
	 * of a new one (holding the answers back instead left 568 to 800 of 900 opened, since
	 * the pool takes a connection back once its answer is read).
	 * @return how many requests were answered, each on a connection of its own, now idle
	 * in the pool; fewer than {@code count} when some could not connect or were not
	 * answered within {@code timeout}
	 */
	public int connect(URI uri, int count, Duration timeout) throws InterruptedException {
		AtomicInteger connected = new AtomicInteger();
		AtomicInteger answered = new AtomicInteger();
		Sinks.Empty<Void> allConnected = Sinks.empty();
		Mono<Void> written = allConnected.asMono().timeout(timeout.dividedBy(2), Mono.empty());
		CountDownLatch ended = new CountDownLatch(count);
		for (int i = 0; i < count; i++) {
			this.http.request(HttpMethod.GET).uri(uri).send((request, outbound) -> {
				if (connected.incrementAndGet() == count) {
					allConnected.tryEmitEmpty();
				}
				return written;
			})
				.response((response, body) -> body.then())
				.timeout(timeout)
				.subscribe(null, (error) -> ended.countDown(), () -> {
					answered.incrementAndGet();
					ended.countDown();
				});
		}
		ended.await(timeout.toMillis() + RATE_CHANGE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		return answered.get();
	}

	/** Starts sending {@code rate} requests a second. */
	public void start(double rate) {
		rate(rate);
		this.lastTickNanos = System.nanoTime();
		this.ticker.scheduleAtFixedRate(this::tick, 0, TICK_MICROS, TimeUnit.MICROSECONDS);
	}

	/**
	 * A closed-model burst beside the open load: {@code users} clients each sending its
	 * next request when its last is answered, to {@code base}, for {@code duration}. What
	 * the stack carries flat out (the A/B gate's calibration).
	 * @return the requests answered 2xx in the burst's second half, per second (the first
	 * half fills the pipeline)
	 */
	public double saturate(URI base, int users, Duration duration) throws InterruptedException {
		long start = System.nanoTime();
		long end = start + duration.toNanos();
		long half = start + duration.toNanos() / 2;
		AtomicLong ok = new AtomicLong();
		for (int user = 0; user < users; user++) {
			loop(base, end, half, ok);
		}
		Thread.sleep(duration.toMillis());
		return ok.get() / (duration.toNanos() / 2 / 1e9);
	}

	private void loop(URI base, long end, long half, AtomicLong ok) {
		if (System.nanoTime() >= end) {
			return;
		}
		status(base, this.sequence.incrementAndGet()).onErrorReturn(RequestRecord.NO_ANSWER).subscribe((status) -> {
			long now = System.nanoTime();
			if (status / 100 == 2 && now >= half && now < end) {
				ok.incrementAndGet();
			}
			loop(base, end, half, ok);
		});
	}

	/** Sends {@code rate} requests a second from now on. */
	public void rate(double rate) {
		if (!(rate >= 0) || Double.isInfinite(rate)) {
			throw new IllegalArgumentException("a rate must be 0 or more requests a second: " + rate);
		}
		if (this.ticker.isShutdown()) {
			this.rate = rate;
			return;
		}
		// Set on the ticker's own thread, between two ticks: a tick that read the old
		// rate has then put every request it sent among the pending, so awaitAnswers
		// after
		// rate(0) waits for all of them (set from here, one could still go out after it
		// returned: the fresh-clone CI at 16:38 saw 41 requests where 40 were answered).
		try {
			this.ticker.submit(() -> set(rate)).get(RATE_CHANGE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.rate = rate;
		}
		catch (ExecutionException | TimeoutException | RejectedExecutionException ex) {
			// Stopped meanwhile, or a ticker stuck in a send: the rate still changes.
			this.rate = rate;
		}
	}

	private void set(double rate) {
		this.rate = rate;
	}

	public double rate() {
		return this.rate;
	}

	/**
	 * Sends the next requests to {@code base}; those in flight finish where they went.
	 */
	public void target(URI base) {
		this.base = base;
	}

	/** Stops sending; what is in flight still completes (see {@link #awaitAnswers}). */
	public void stop() {
		this.ticker.shutdownNow();
	}

	/** Waits up to {@code timeout} for every request in flight to be answered or fail. */
	public boolean awaitAnswers(Duration timeout) throws InterruptedException {
		long end = System.nanoTime() + timeout.toNanos();
		while (!this.pending.isEmpty() && System.nanoTime() < end) {
			Thread.sleep(50);
		}
		return this.pending.isEmpty();
	}

	/** The requests answered or failed so far. */
	public List<RequestRecord> records() {
		return new ArrayList<>(this.records);
	}

	/**
	 * The requests answered or failed since the last call, forgotten here: a gate of ten
	 * minutes would otherwise keep every one of them.
	 */
	public List<RequestRecord> takeRecords() {
		List<RequestRecord> taken = new ArrayList<>();
		RequestRecord record;
		while ((record = this.records.poll()) != null) {
			taken.add(record);
		}
		return taken;
	}

	/**
	 * The requests answered or failed since the last take (as {@link #takeRecords}) and,
	 * at the same instant, how many sent in {@code [fromMs, toMs)} are still in flight.
	 * Read apart, an answer arriving between the two reads would be in neither.
	 */
	public Taken take(long fromMs, long toMs) {
		synchronized (this.answering) {
			return new Taken(takeRecords(), inFlightSentBetween(fromMs, toMs));
		}
	}

	/**
	 * What {@link #take} saw.
	 *
	 * @param records the requests answered or failed since the previous take
	 * @param inFlight how many requests sent in the asked span were still unanswered
	 */
	public record Taken(List<RequestRecord> records, long inFlight) {
	}

	/** How many requests sent in {@code [fromMs, toMs)} are still in flight. */
	public long inFlightSentBetween(long fromMs, long toMs) {
		return this.pending.values().stream().filter((sent) -> sent >= fromMs && sent < toMs).count();
	}

	/** When the oldest request still in flight was sent. */
	public Optional<Long> oldestPendingMs() {
		return this.pending.values().stream().min(Long::compare);
	}

	/** How many requests are in flight now. */
	public int inFlight() {
		return this.pending.size();
	}

	/**
	 * Stops sending and closes the connections as their requests end: what is in flight
	 * still completes.
	 */
	@Override
	public void close() {
		stop();
		this.connections.disposeLater().subscribe();
	}

	private void tick() {
		long now = System.nanoTime();
		this.owed += this.rate * (now - this.lastTickNanos) / 1e9;
		this.lastTickNanos = now;
		// A late tick (a GC pause, a busy core) sends everything it owes at once: the
		// arrivals of an open model do not wait for the client.
		while (this.owed >= 1) {
			this.owed -= 1;
			send();
		}
	}

	/**
	 * Request {@code id} to {@code base}: its status once its whole answer is read, an
	 * error if none came within the client's timeout.
	 */
	private Mono<Integer> status(URI base, long id) {
		LoadRequests.Request request = this.requests.next(id);
		return this.http.headers((headers) -> request.headers().forEach(headers::set))
			.get()
			.uri(base.resolve(request.path()))
			.response((response, body) -> body.then(Mono.just(response.status().code())))
			.single()
			.timeout(this.clientTimeout);
	}

	private void send() {
		long started = System.currentTimeMillis();
		long startedNanos = System.nanoTime();
		long id = this.sequence.incrementAndGet();
		try {
			Mono<Integer> status = status(this.base, id);
			this.pending.put(id, started);
			status.onErrorReturn(RequestRecord.NO_ANSWER).subscribe((answered) -> {
				RequestRecord record = new RequestRecord(started, System.currentTimeMillis(), answered,
						(System.nanoTime() - startedNanos) / 1000);
				synchronized (this.answering) {
					this.records.add(record);
					this.pending.remove(id);
				}
			});
		}
		catch (RuntimeException ex) {
			// A task of scheduleAtFixedRate that throws is never run again: a request
			// that could not even be sent is recorded as unanswered and the load goes on.
			synchronized (this.answering) {
				this.pending.remove(id);
				this.records.add(new RequestRecord(started, System.currentTimeMillis(), RequestRecord.NO_ANSWER));
			}
		}
	}

}
