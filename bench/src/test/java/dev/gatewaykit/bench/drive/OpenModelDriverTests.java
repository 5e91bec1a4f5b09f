package dev.gatewaykit.bench.drive;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

import static org.assertj.core.api.Assertions.assertThat;

class OpenModelDriverTests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final Server first = new Server(200);

	private final Server second = new Server(503);

	@AfterEach
	void stop() {
		this.first.server.stop(0);
		this.second.server.stop(0);
	}

	@Test
	void sendsAtTheRateToTheTargetOfTheMomentAndStopsAtRateZero() throws Exception {
		try (OpenModelDriver load = new OpenModelDriver(this.first.uri(),
				LoadRequests.products(() -> List.of("t1", "t2"), 100), Duration.ofSeconds(5))) {
			load.start(200);
			await(() -> this.first.requests.get() >= 20);
			load.target(this.second.uri());
			await(() -> this.second.requests.get() >= 20);
			load.rate(0);
			assertThat(load.awaitAnswers(Duration.ofSeconds(5))).isTrue();
			int sent = this.first.requests.get() + this.second.requests.get();
			Thread.sleep(200);
			assertThat(this.first.requests.get() + this.second.requests.get()).as("nothing sent at rate 0")
				.isEqualTo(sent);

			List<RequestRecord> records = load.takeRecords();
			assertThat(records).hasSize(sent);
			assertThat(records).filteredOn(RequestRecord::ok).hasSize(this.first.requests.get());
			assertThat(records).filteredOn((r) -> r.status() == 503).hasSize(this.second.requests.get());
			assertThat(records).allSatisfy((r) -> assertThat(r.micros()).isPositive());
			assertThat(load.takeRecords()).as("taken once").isEmpty();
			assertThat(this.first.paths).allSatisfy((path) -> assertThat(path)
				.matches(LoadRequests.PRODUCT_PATH.replace("/", "\\/") + "([1-9][0-9]?|100)"));
		}
	}

	@Test
	void thePlainRequestsCarryNoTokenAndTheProductReadsTheUsersInTurn() throws Exception {
		try (OpenModelDriver plain = new OpenModelDriver(this.first.uri(), LoadRequests.plain(LoadRequests.PLAIN_PATH),
				Duration.ofSeconds(5))) {
			plain.start(100);
			await(() -> this.first.requests.get() >= 5);
			plain.rate(0);
			assertThat(plain.awaitAnswers(Duration.ofSeconds(5))).isTrue();
		}
		assertThat(this.first.paths).containsOnly(LoadRequests.PLAIN_PATH);
		assertThat(this.first.tokens).containsOnly("none");

		this.first.paths.clear();
		this.first.tokens.clear();
		try (OpenModelDriver products = new OpenModelDriver(this.first.uri(),
				LoadRequests.products(() -> List.of("t1", "t2"), 10), Duration.ofSeconds(5))) {
			products.start(100);
			await(() -> this.first.tokens.size() >= 6);
			products.rate(0);
			assertThat(products.awaitAnswers(Duration.ofSeconds(5))).isTrue();
		}
		assertThat(this.first.tokens).containsOnly("Bearer t1", "Bearer t2").contains("Bearer t1", "Bearer t2");
	}

	@Test
	void theConnectionsOpenedBeforeTheLoadAreTheOnesItsRequestsUse() throws Exception {
		try (OpenModelDriver load = new OpenModelDriver(this.first.uri(), LoadRequests.plain(LoadRequests.PLAIN_PATH),
				Duration.ofSeconds(5))) {
			int opened = load.connect(this.first.uri().resolve("/health"), 20, Duration.ofSeconds(5));

			assertThat(opened).isEqualTo(20);
			Set<Integer> connected = Set.copyOf(this.first.ports);
			assertThat(connected).hasSize(20);
			assertThat(this.first.paths).containsOnly("/health");
			assertThat(load.takeRecords()).as("not the load's requests").isEmpty();

			this.first.ports.clear();
			load.start(100);
			await(() -> this.first.requests.get() >= 50);
			load.rate(0);
			assertThat(load.awaitAnswers(Duration.ofSeconds(5))).isTrue();
			assertThat(this.first.ports).as("the load's requests, on connections already open")
				.isNotEmpty()
				.isSubsetOf(connected);
		}
	}

	@Test
	void aBurstCountsTheAnswersOfItsSecondHalf() throws Exception {
		try (OpenModelDriver load = new OpenModelDriver(this.first.uri(), LoadRequests.products(() -> List.of("t"), 10),
				Duration.ofSeconds(5))) {
			double rate = load.saturate(this.first.uri(), 4, Duration.ofSeconds(1));

			assertThat(rate).isPositive();
			assertThat(load.takeRecords()).as("a burst is not the open load's").isEmpty();
		}
	}

	@Test
	void aRequestUnansweredWithinTheClientsTimeoutIsRecordedAsNoAnswerThen() throws Exception {
		Server slow = new Server(200, Duration.ofSeconds(3));
		try (OpenModelDriver load = new OpenModelDriver(slow.uri(), LoadRequests.plain("/"), Duration.ofMillis(300))) {
			load.start(50);
			await(() -> slow.requests.get() >= 3);
			load.rate(0);
			assertThat(load.awaitAnswers(Duration.ofSeconds(5))).isTrue();

			List<RequestRecord> records = load.takeRecords();
			assertThat(records).isNotEmpty()
				.allSatisfy((r) -> assertThat(r.status()).isEqualTo(RequestRecord.NO_ANSWER))
				.allSatisfy((r) -> assertThat(r.micros()).isBetween(300_000L, 2_000_000L));
		}
		finally {
			slow.server.stop(0);
		}
	}

	private static void await(BooleanSupplier condition) throws InterruptedException {
		long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("waited 10 s").isLessThan(end);
			Thread.sleep(10);
		}
	}

	/** A loopback server answering every request with one status. */
	private static final class Server {

		final HttpServer server;

		final AtomicInteger requests = new AtomicInteger();

		final List<String> paths = new java.util.concurrent.CopyOnWriteArrayList<>();

		final List<String> tokens = new java.util.concurrent.CopyOnWriteArrayList<>();

		/** The client's port of every request: one per connection. */
		final List<Integer> ports = new java.util.concurrent.CopyOnWriteArrayList<>();

		Server(int status) {
			this(status, Duration.ZERO);
		}

		Server(int status, Duration delay) {
			try {
				this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
			this.server.createContext("/", (exchange) -> {
				this.requests.incrementAndGet();
				this.paths.add(exchange.getRequestURI().getPath());
				this.ports.add(exchange.getRemoteAddress().getPort());
				String token = exchange.getRequestHeaders().getFirst("Authorization");
				this.tokens.add((token != null) ? token : "none");
				try {
					Thread.sleep(delay.toMillis());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				exchange.sendResponseHeaders(status, -1);
				exchange.close();
			});
			this.server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
			this.server.start();
		}

		URI uri() {
			return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
		}

	}

}
