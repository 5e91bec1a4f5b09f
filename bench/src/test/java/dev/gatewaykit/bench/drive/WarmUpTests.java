package dev.gatewaykit.bench.drive;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WarmUpTests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final List<HttpServer> servers = new ArrayList<>();

	private final ExecutorService handlers = Executors.newCachedThreadPool();

	@AfterEach
	void stop() {
		this.servers.forEach((server) -> server.stop(0));
		this.handlers.shutdownNow();
	}

	@Test
	void aGatewayThatAnswersEveryRequestKeepsUp() throws Exception {
		WarmUp.KeepUp check = oneSecondAt(server(200, Duration.ZERO));

		assertThat(check.keepsUp()).isTrue();
		assertThat(check.sent()).isBetween(50L, 150L);
		assertThat(check.ok()).isEqualTo(check.sent());
	}

	@Test
	void refusalsAboveOnePercentDoNotKeepUp() throws Exception {
		WarmUp.KeepUp check = oneSecondAt(server(503, Duration.ZERO));

		assertThat(check.keepsUp()).isFalse();
		assertThat(check.ok()).isZero();
		assertThat(check.sent()).isPositive();
	}

	@Test
	void aRequestWaitingOverASecondIsABacklogThoughTheRestWereAnswered() throws Exception {
		try (OpenModelDriver load = new OpenModelDriver(server(200, Duration.ofSeconds(3)), LoadRequests.plain("/"),
				Duration.ofSeconds(10))) {
			load.start(200);
			Thread.sleep(1000);
			load.rate(0);
			long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
			while (load.inFlight() > 1 && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			assertThat(load.inFlight()).as("only the slow first request in flight").isEqualTo(1);
			long now = System.currentTimeMillis() + OpenModelDriver.TAIL.toMillis();

			WarmUp.KeepUp check = WarmUp.keepUp(load, new ArrayList<>(), now);

			assertThat(check.ok()).as("all but the first answered").isEqualTo(check.sent() - 1);
			assertThat(check.ok()).isGreaterThanOrEqualTo((long) Math.ceil(WarmUp.KEEP_UP_SHARE * check.sent()));
			assertThat(check.keepsUp()).isFalse();
			assertThat(load.awaitAnswers(Duration.ofSeconds(10))).isTrue();
		}
	}

	@Test
	void aWarmUpWhoseLeastIsLongerThanItsMostIsRefused() {
		WarmUp warmUp = new WarmUp(this.http, Duration.ofSeconds(1));
		try (OpenModelDriver load = new OpenModelDriver(URI.create("http://127.0.0.1:9"),
				LoadRequests.products(() -> List.of("t"), 10), Duration.ofSeconds(1))) {
			assertThatIllegalArgumentException().isThrownBy(() -> warmUp.bring(load, URI.create("http://127.0.0.1:9"),
					URI.create("http://127.0.0.1:9/actuator/prometheus"), 10, Duration.ofSeconds(20),
					Duration.ofSeconds(10), false))
				.withMessageContaining("least time");
		}
	}

	/**
	 * 100 requests a second for a second, all answered, then judged as if the look back
	 * ended a tail after the last one was sent.
	 */
	private WarmUp.KeepUp oneSecondAt(URI target) throws InterruptedException {
		try (OpenModelDriver load = new OpenModelDriver(target, LoadRequests.products(() -> List.of("t"), 10),
				Duration.ofSeconds(5))) {
			load.start(100);
			Thread.sleep(1000);
			load.rate(0);
			assertThat(load.awaitAnswers(Duration.ofSeconds(5))).isTrue();
			long now = System.currentTimeMillis() + OpenModelDriver.TAIL.toMillis();
			return WarmUp.keepUp(load, new ArrayList<>(), now);
		}
	}

	private URI server(int status, Duration delay) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.setExecutor(this.handlers);
		AtomicBoolean first = new AtomicBoolean(true);
		server.createContext("/", (exchange) -> {
			try {
				// Only the first request is slow: one old request among answered ones.
				if (first.getAndSet(false)) {
					Thread.sleep(delay.toMillis());
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			exchange.sendResponseHeaders(status, -1);
			exchange.close();
		});
		server.start();
		this.servers.add(server);
		return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
	}

}
