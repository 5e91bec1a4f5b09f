package dev.gatewaykit.gateway;

import dev.gatewaykit.gateway.core.testing.StubBackends;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mall route's {@code Retry} repeats the forward to mall-api, never the relay call:
 * on main it sat before {@code RelayToken}, so a GET whose first connection was reset
 * fetched a second relay token from auth-service (one more call to the dependency that is
 * most likely struggling when connections reset).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RetryResilienceTests {

	static final StubBackends backends = new StubBackends();

	static final ResettingMall mall = new ResettingMall();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("kit.routes.auth-uri", backends::authUrl);
		registry.add("kit.routes.mall-uri", mall::url);
	}

	@LocalServerPort
	int port;

	@AfterAll
	static void stop() {
		mall.close();
		backends.close();
	}

	@Test
	void retriesAResetGetWithOneRelayCall() {
		String token = GatewayIntegrationTestSupport.login("51");
		int relayCallsBefore = backends.relayCalls.get();
		WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + token)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.attempt")
			.isEqualTo(2);
		assertThat(mall.requests.get()).as("attempts at mall-api").isEqualTo(2);
		assertThat(backends.relayCalls.get() - relayCallsBefore).as("relay calls").isEqualTo(1);
	}

	/**
	 * mall-api with a dying instance's manners: it resets the connection of every odd
	 * request (after reading it, so the gateway sees an I/O error, not a refusal) and
	 * answers every even one. Plain sockets, since a reset is below what an HTTP server
	 * lets a handler do.
	 */
	static final class ResettingMall implements AutoCloseable {

		final AtomicInteger requests = new AtomicInteger();

		private final ServerSocket server;

		ResettingMall() {
			try {
				this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			Thread acceptor = new Thread(this::serve, "resetting-mall");
			acceptor.setDaemon(true);
			acceptor.start();
		}

		String url() {
			return "http://127.0.0.1:" + this.server.getLocalPort();
		}

		private void serve() {
			while (!this.server.isClosed()) {
				try (Socket socket = this.server.accept()) {
					socket.setSoTimeout(5000);
					readHead(socket.getInputStream());
					int attempt = this.requests.incrementAndGet();
					if (attempt % 2 == 1) {
						// SO_LINGER 0: close() sends RST instead of FIN.
						socket.setSoLinger(true, 0);
						continue;
					}
					byte[] body = ("{\"attempt\":" + attempt + "}").getBytes(StandardCharsets.UTF_8);
					String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length
							+ "\r\nConnection: close\r\n\r\n";
					socket.getOutputStream().write(head.getBytes(StandardCharsets.UTF_8));
					socket.getOutputStream().write(body);
					socket.getOutputStream().flush();
				}
				catch (IOException ex) {
					// Closed by close(), or a client that went away: serve the next one.
				}
			}
		}

		/** Reads up to the blank line after the headers (a GET has no body). */
		private static void readHead(InputStream in) throws IOException {
			int last4 = 0;
			int c;
			while ((c = in.read()) != -1) {
				last4 = (last4 << 8) | c;
				if (last4 == 0x0D0A0D0A) {
					return;
				}
			}
		}

		@Override
		public void close() {
			try {
				this.server.close();
			}
			catch (IOException ex) {
				// Nothing left to release.
			}
		}

	}

}
