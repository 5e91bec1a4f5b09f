package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.flip.FlipEvent;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.launcher.stack.ManagementAccess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flipper against stand-ins for the gateway's {@code /actuator/kit} and Nacos's
 * config API, on loopback. Time is a fake clock that the flipper's sleeps advance, so
 * waiting ten seconds for a confirmation takes none.
 */
class ModeFlipperTests {

	@TempDir
	Path dir;

	private final AtomicLong now = new AtomicLong(1_800_000_000_000L);

	private final List<String> requests = new CopyOnWriteArrayList<>();

	private FakeGateway gateway;

	private HttpServer nacos;

	private final AtomicReference<String> published = new AtomicReference<>();

	private ModeFlipper flipper;

	@BeforeEach
	void start() throws IOException {
		this.gateway = new FakeGateway("blocking");
		this.nacos = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.nacos.createContext("/nacos/v1/cs/configs", (exchange) -> {
			this.requests.add(exchange.getRequestMethod() + " nacos " + exchange.getRequestURI().getPath());
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			this.published.set(URLDecoder.decode(body, StandardCharsets.UTF_8));
			respond(exchange, 200, "true");
		});
		this.nacos.start();
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		this.flipper = new ModeFlipper(http, this.now::get, (duration) -> this.now.addAndGet(duration.toMillis()));
	}

	@AfterEach
	void stop() {
		this.gateway.server.stop(0);
		this.nacos.stop(0);
	}

	@Test
	void switchesThroughTheActuatorAtTheChosenSecondAndRecordsWhenItWasConfirmed() throws Exception {
		long windowStart = this.now.get() + 5_000;
		writePhase(windowStart);

		FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.ACTUATOR, List.of(this.gateway.url())));

		assertThat(event.confirmed()).isTrue();
		assertThat(event.windowStartEpochMs()).isEqualTo(windowStart);
		assertThat(event.requestedAtEpochMs()).isEqualTo(windowStart + 10_000);
		assertThat(event.confirmedAtEpochMs()).isGreaterThanOrEqualTo(event.requestedAtEpochMs());
		assertThat(event.instances()).singleElement()
			.satisfies((instance) -> assertThat(instance.modeBefore()).isEqualTo("blocking"))
			.satisfies((instance) -> assertThat(instance.modeAfter()).isEqualTo("reactive"));
		assertThat(this.gateway.posted).containsExactly("{\"mode\":\"reactive\"}");
		assertThat(this.requests).doesNotContain("POST nacos /nacos/v1/cs/configs");
	}

	@Test
	void writesFlipJson() throws Exception {
		writePhase(this.now.get());

		this.flipper.flip(plan(ModeFlipper.Via.ACTUATOR, List.of(this.gateway.url())));

		FlipEvent read = BenchJson.read(this.dir.resolve(FlipEvent.FILE), FlipEvent.class);
		assertThat(read.from()).isEqualTo("blocking");
		assertThat(read.to()).isEqualTo("reactive");
		assertThat(read.via()).isEqualTo("actuator");
		assertThat(read.confirmed()).isTrue();
	}

	@Test
	void switchesThroughNacosConfigAndWaitsForEveryGatewayToPickItUp() throws Exception {
		FakeGateway second = new FakeGateway("blocking");
		try {
			writePhase(this.now.get());
			// Each gateway "hears" the config a little later, as a Nacos listener would.
			this.gateway.switchAfterGets("reactive", 3);
			second.switchAfterGets("reactive", 6);

			FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.NACOS, List.of(this.gateway.url(), second.url())));

			assertThat(event.confirmed()).isTrue();
			assertThat(this.published.get()).contains("dataId=gateway.yaml", "group=DEFAULT_GROUP", "type=yaml",
					"content=kit.gateway.mode: reactive");
			assertThat(this.gateway.posted).isEmpty();
			assertThat(event.instances()).extracting(FlipEvent.Instance::modeAfter).containsOnly("reactive");
			assertThat(event.confirmedAtEpochMs()).isEqualTo(event.instances().get(1).confirmedAtEpochMs());
			assertThat(event.confirmedAtEpochMs()).isGreaterThan(event.instances().get(0).confirmedAtEpochMs());
		}
		finally {
			second.server.stop(0);
		}
	}

	@Test
	void aGatewayThatNeverReportsTheNewModeIsNotConfirmedAndSaysWhichOne() throws Exception {
		writePhase(this.now.get());
		this.gateway.switchAfterGets("reactive", Integer.MAX_VALUE);

		FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.NACOS, List.of(this.gateway.url()), 2));

		assertThat(event.confirmed()).isFalse();
		assertThat(event.confirmedAtEpochMs()).isNull();
		assertThat(event.requestedAtEpochMs()).isNotNull();
		assertThat(event.error()).contains("not confirmed within 2 s", this.gateway.url() + " still reports blocking");
		assertThat(this.now.get() - event.requestedAtEpochMs()).isBetween(2_000L, 2_100L);
	}

	@Test
	void aGatewayInAnotherModeThanExpectedIsNotSwitched() throws Exception {
		writePhase(this.now.get());
		this.gateway.mode.set("reactive");

		FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.ACTUATOR, List.of(this.gateway.url())));

		assertThat(event.confirmed()).isFalse();
		assertThat(event.requestedAtEpochMs()).isNull();
		assertThat(event.error()).contains("is in mode reactive, not blocking");
		assertThat(this.gateway.posted).isEmpty();
	}

	@Test
	void aModeChangedByAnyoneElseBeforeTheSwitchIsAnError() throws Exception {
		writePhase(this.now.get());
		// Blocking when checked, publish-on by the time of the switch.
		this.gateway.switchAfterGets("publish-on", 1);

		FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.ACTUATOR, List.of(this.gateway.url())));

		assertThat(event.confirmed()).isFalse();
		assertThat(event.error()).contains("switched from publish-on, not from blocking");
	}

	@Test
	void withoutPhaseJsonNothingIsSwitched() throws Exception {
		FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.ACTUATOR, List.of(this.gateway.url())));

		assertThat(event.confirmed()).isFalse();
		assertThat(event.error()).contains("no phase.json");
		assertThat(this.gateway.posted).isEmpty();
	}

	@Test
	void anUnreachableGatewayIsReportedNotAssumed() throws Exception {
		writePhase(this.now.get());
		URI nobody = this.gateway.url();
		this.gateway.server.stop(0);

		FlipEvent event = this.flipper.flip(plan(ModeFlipper.Via.ACTUATOR, List.of(nobody)));

		assertThat(event.confirmed()).isFalse();
		assertThat(event.error()).contains("is in mode unknown (");
	}

	private ModeFlipper.Plan plan(ModeFlipper.Via via, List<URI> gateways) {
		return plan(via, gateways, 10);
	}

	private ModeFlipper.Plan plan(ModeFlipper.Via via, List<URI> gateways, int confirmSeconds) {
		return new ModeFlipper.Plan(this.dir, 10, ExecutionMode.BLOCKING, ExecutionMode.REACTIVE, via, gateways,
				URI.create("http://127.0.0.1:" + this.nacos.getAddress().getPort()), Duration.ofSeconds(30),
				Duration.ofSeconds(confirmSeconds), Optional.of(MANAGEMENT));
	}

	private void writePhase(long windowStart) throws IOException {
		Files.writeString(this.dir.resolve("phase.json"), BenchJson.write(Map.of("phaseStartEpochMs",
				windowStart - 5_000, "windowStartEpochMs", windowStart, "windowEndEpochMs", windowStart + 30_000)));
	}

	private static void respond(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, bytes.length);
		try (var out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	private static final ManagementAccess MANAGEMENT = ManagementAccess.generate();

	/** {@code GET/POST /actuator/kit} as the gateway's KitEndpoint answers them. */
	static final class FakeGateway {

		final HttpServer server;

		final AtomicReference<String> mode;

		final List<String> posted = new CopyOnWriteArrayList<>();

		private volatile String pendingMode;

		private volatile int getsUntilSwitch = -1;

		FakeGateway(String initial) throws IOException {
			this.mode = new AtomicReference<>(initial);
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			this.server.createContext("/actuator/kit", this::handle);
			this.server.start();
		}

		URI url() {
			return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/actuator");
		}

		/**
		 * The mode changes on its own once this many reads were answered, like a config
		 * listener catching up.
		 */
		void switchAfterGets(String next, int gets) {
			this.pendingMode = next;
			this.getsUntilSwitch = gets;
		}

		private void handle(HttpExchange exchange) throws IOException {
			if (exchange.getRequestMethod().equals("POST")) {
				// The gateway refuses management writes without its credentials.
				if (!MANAGEMENT.authorization().equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
					respond(exchange, 401, "{\"status\":401,\"error\":\"unauthorized\",\"message\":\"\"}");
					return;
				}
				try (InputStream in = exchange.getRequestBody()) {
					String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
					this.posted.add(body);
					String previous = this.mode.getAndSet(BenchJson.mapper().readTree(body).path("mode").asString());
					respond(exchange, 200, "{\"previous\":\"" + previous + "\",\"mode\":\"" + this.mode.get() + "\"}");
				}
				return;
			}
			respond(exchange, 200, "{\"mode\":\"" + this.mode.get() + "\",\"eventLoopThreads\":4}");
			if (this.getsUntilSwitch > 0 && --this.getsUntilSwitch == 0) {
				this.mode.set(this.pendingMode);
			}
		}

	}

}
