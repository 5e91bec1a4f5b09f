package dev.gatewaykit.gateway;

import dev.gatewaykit.gateway.core.testing.StubBackends;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import dev.gatewaykit.launcher.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing waits forever, in any execution mode: a dependency that stalls half-way gives
 * the client a JSON error within the configured timeout, not when the dependency gives
 * up. Covers the stalled relay body (auth-service sends its headers and part of its body,
 * then nothing: the JDK client's request timeout ends at the headers, so the blocking
 * mode held an event loop until the connection closed), the relay call that is accepted
 * and never answered, and a Redis that stops answering ({@code CLIENT PAUSE}), against a
 * real redis-server and a real HTTP server. The relay-body case failed on main for the
 * blocking mode (an answer only after the stall).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class StalledDependencyResilienceTests {

	private static final Duration RELAY_TIMEOUT = Duration.ofSeconds(1);

	private static final Duration SESSION_TIMEOUT = Duration.ofMillis(500);

	/**
	 * What a loaded test machine may add to a timeout; well below {@link #STALL}, so an
	 * answer that came only when the stall ended fails.
	 */
	private static final Duration MARGIN = Duration.ofMillis(2500);

	/** How long the stubs stall: far longer than any timeout plus its margin. */
	private static final Duration STALL = Duration.ofSeconds(10);

	/**
	 * How long Redis is paused: longer than its timeout plus the margin, and shorter than
	 * {@link #STALL} since every test waits the pause out.
	 */
	private static final Duration REDIS_PAUSE = SESSION_TIMEOUT.plus(MARGIN).plusSeconds(1);

	/**
	 * The shared test Redis: paused here, but every test waits until it answers again, so
	 * the classes after this one find it as usual.
	 */
	static final RedisServer redis = GatewayIntegrationTestSupport.redis;

	static final StallingAuthService authService = new StallingAuthService();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
		registry.add("kit.routes.auth-uri", authService::url);
		// Never reached: every request here fails before it is forwarded.
		registry.add("kit.routes.mall-uri", authService::url);
		registry.add("kit.gateway.auth-service.timeout", () -> RELAY_TIMEOUT.toMillis() + "ms");
		registry.add("kit.gateway.session.timeout", () -> SESSION_TIMEOUT.toMillis() + "ms");
		registry.add("management.server.port", () -> "0");
		registry.add("kit.gateway.auth-service.client-secret", () -> StubBackends.CLIENT_SECRET);
		GatewayIntegrationTestSupport.registerManagementCredentials(registry);
	}

	@LocalServerPort
	int port;

	@Autowired
	ModeSwitch modes;

	@AfterEach
	void restore() {
		authService.behaviour.set(Behaviour.PARTIAL_BODY);
		this.modes.switchTo(ExecutionMode.REACTIVE);
	}

	@AfterAll
	static void stop() {
		authService.close();
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers502WithinTheTimeoutWhenTheRelayBodyStalls(ExecutionMode mode) {
		authService.behaviour.set(Behaviour.PARTIAL_BODY);
		expectWithin(mode, login(), 502, "auth_service_unavailable", RELAY_TIMEOUT);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers502WithinTheTimeoutWhenAuthServiceNeverAnswers(ExecutionMode mode) {
		authService.behaviour.set(Behaviour.SILENT);
		expectWithin(mode, login(), 502, "auth_service_unavailable", RELAY_TIMEOUT);
	}

	@ParameterizedTest
	@EnumSource(ExecutionMode.class)
	void answers503WithinTheTimeoutWhenRedisStalls(ExecutionMode mode) throws InterruptedException {
		String token = login();
		assertThat(redis.command("CLIENT PAUSE " + REDIS_PAUSE.toMillis())).isEqualTo("+OK");
		try {
			expectWithin(mode, token, 503, "session_store_unavailable", SESSION_TIMEOUT);
		}
		finally {
			awaitRedis();
		}
	}

	private void expectWithin(ExecutionMode mode, String token, int status, String error, Duration timeout) {
		this.modes.switchTo(mode);
		long start = System.nanoTime();
		WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(STALL.multipliedBy(2))
			.build()
			.get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + token)
			.exchange()
			.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(status)
			.jsonPath("$.error")
			.isEqualTo(error);
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(timeout.plus(MARGIN));
	}

	private static String login() {
		return GatewayIntegrationTestSupport.login("31");
	}

	/** The pause cannot be lifted early (CLIENT UNPAUSE is paused too): wait it out. */
	private static void awaitRedis() throws InterruptedException {
		long deadline = System.nanoTime() + REDIS_PAUSE.multipliedBy(2).toNanos();
		while (!"+PONG".equals(redis.command("PING"))) {
			assertThat(System.nanoTime()).as("redis answers again").isLessThan(deadline);
			Thread.sleep(100);
		}
	}

	enum Behaviour {

		/** Headers and 11 bytes of a longer body, then nothing until {@link #STALL}. */
		PARTIAL_BODY,

		/** Reads the request, then sends nothing until {@link #STALL}. */
		SILENT

	}

	/**
	 * auth-service's relay endpoint, misbehaving. The handler threads are daemons: a
	 * stall still running when the tests end must not keep the JVM alive.
	 */
	static final class StallingAuthService implements AutoCloseable {

		final AtomicReference<Behaviour> behaviour = new AtomicReference<>(Behaviour.PARTIAL_BODY);

		private final ExecutorService threads = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "stalling-auth-service");
			thread.setDaemon(true);
			return thread;
		});

		private final HttpServer server;

		StallingAuthService() {
			try {
				this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			this.server.createContext(RelayTokenEndpoint.PATH, (exchange) -> {
				try (exchange) {
					exchange.getRequestBody().readAllBytes();
					if (this.behaviour.get() == Behaviour.PARTIAL_BODY) {
						byte[] start = "{\"relay_to".getBytes(StandardCharsets.UTF_8);
						exchange.getResponseHeaders().set("Content-Type", "application/json");
						exchange.sendResponseHeaders(200, 64);
						OutputStream body = exchange.getResponseBody();
						body.write(start);
						body.write(' ');
						body.flush();
					}
					Thread.sleep(STALL.toMillis());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				catch (IOException ex) {
					// The gateway gave up and closed the connection: what it should do.
				}
			});
			this.server.setExecutor(this.threads);
			this.server.start();
		}

		String url() {
			return "http://127.0.0.1:" + this.server.getAddress().getPort();
		}

		@Override
		public void close() {
			this.server.stop(0);
			this.threads.shutdownNow();
		}

	}

}
