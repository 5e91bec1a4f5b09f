package dev.gatewaykit.bench.drive;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.model.Unloaded;

import static org.assertj.core.api.Assertions.assertThat;

class UnloadedProbeTests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private HttpServer server;

	private final ExecutorService handlers = Executors.newFixedThreadPool(4);

	/** Most requests in flight at once. */
	private final AtomicInteger mostInFlight = new AtomicInteger();

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger requests = new AtomicInteger();

	@AfterEach
	void stop() {
		this.server.stop(0);
		this.handlers.shutdownNow();
	}

	@Test
	void sendsOneAtATimeAndTimesTheMedianOfTheOkAnswers() throws IOException {
		// Every third request answered 503 at once; the others after 20 ms.
		start();

		Unloaded unloaded = UnloadedProbe.measure(this.http, uri(), LoadRequests.plain("/x"), 30).orElseThrow();

		assertThat(this.requests.get()).isEqualTo(30);
		assertThat(this.mostInFlight.get()).as("one request at a time").isEqualTo(1);
		assertThat(unloaded.requests()).isEqualTo(30);
		assertThat(unloaded.ok()).isEqualTo(20);
		assertThat(unloaded.minMs()).isGreaterThanOrEqualTo(20);
		assertThat(unloaded.medianMs()).isGreaterThanOrEqualTo(unloaded.minMs()).isLessThan(1000);
	}

	@Test
	void nothingWhenNoRequestIsAnsweredOk() throws IOException {
		start();

		assertThat(UnloadedProbe.measure(this.http, URI.create("http://127.0.0.1:1"), LoadRequests.plain("/x"), 3))
			.isEmpty();
	}

	private void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(this.handlers);
		this.server.createContext("/", (exchange) -> {
			int now = this.inFlight.incrementAndGet();
			this.mostInFlight.accumulateAndGet(now, Math::max);
			int number = this.requests.incrementAndGet();
			try {
				if (number % 3 != 0) {
					Thread.sleep(20);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.inFlight.decrementAndGet();
			exchange.sendResponseHeaders((number % 3 == 0) ? 503 : 200, -1);
			exchange.close();
		});
		this.server.start();
	}

	private URI uri() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

}
