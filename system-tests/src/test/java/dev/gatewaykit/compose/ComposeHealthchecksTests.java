package dev.gatewaykit.compose;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two healthchecks run for real, on this machine, against a stand-in for the service they
 * probe:
 * <ul>
 * <li>Nacos's: the readiness endpoint answers HTTP 200 also while Nacos is not ready,
 * with a failure code in the body, so the check must read the body, not the status
 * line;</li>
 * <li>toxiproxy-latency's, and the script behind it: a restarted toxiproxy has lost its
 * toxics, and the service must notice (unhealthy) and put them back.</li>
 * </ul>
 */
class ComposeHealthchecksTests {

	private final ComposeProject compose = ComposeProject.load();

	private final List<HttpServer> servers = new ArrayList<>();

	private final List<Process> processes = new ArrayList<>();

	@AfterEach
	void stop() {
		this.processes.forEach(Process::destroy);
		this.servers.forEach((server) -> server.stop(0));
	}

	@Test
	void nacosIsHealthyOnlyWhenTheReadinessBodySaysSo() throws Exception {
		AtomicReference<String> body = new AtomicReference<>();
		HttpServer nacos = server();
		nacos.createContext("/nacos/v3/admin/core/state/readiness", (exchange) -> {
			try (exchange) {
				byte[] bytes = body.get().getBytes(StandardCharsets.UTF_8);
				exchange.sendResponseHeaders(200, bytes.length);
				exchange.getResponseBody().write(bytes);
			}
		});
		List<String> check = ComposeProject.healthcheck(this.compose.service("nacos"))
			.stream()
			.map((part) -> part.replace("/127.0.0.1/8848", "/127.0.0.1/" + nacos.getAddress().getPort()))
			.toList();
		// What ServerStateController answers before the naming and config modules are
		// up (Result.failure), then when they are (Result.success("ok")).
		body.set("{\"code\":30000,\"message\":\"server is not ready\",\"data\":null}");
		assertThat(run(check, Map.of())).isNotZero();
		body.set("{\"code\":0,\"message\":\"success\",\"data\":\"ok\"}");
		assertThat(run(check, Map.of())).isZero();
	}

	@Test
	void toxiproxyLatencyPutsTheToxicsBackAfterAToxiproxyRestart() throws Exception {
		FakeToxiproxy toxiproxy = new FakeToxiproxy(server());
		Map<String, String> environment = Map.of("TOXIPROXY_URL", toxiproxy.url(), "REDIS_LATENCY_MS", "1",
				"AUTH_LATENCY_MS", "50");
		List<String> check = ComposeProject.healthcheck(this.compose.service("toxiproxy-latency"))
			.stream()
			.map(this::local)
			.toList();
		assertThat(check).as("toxiproxy-latency's healthcheck").isNotEmpty();
		assertThat(run(check, environment)).as("no toxics yet").isNotZero();
		// The service's entrypoint: set the toxics, then keep them.
		ProcessBuilder keeper = new ProcessBuilder("sh", local("/opt/kit/set-latency.sh"))
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectErrorStream(true);
		keeper.environment().putAll(environment);
		this.processes.add(keeper.start());
		awaitHealthy(check, environment);
		assertThat(toxiproxy.toxics).containsEntry("redis", 1).containsEntry("auth", 50);
		// toxiproxy restarts: proxies from its config file, no toxics.
		toxiproxy.toxics.clear();
		assertThat(run(check, environment)).isNotZero();
		awaitHealthy(check, environment);
		assertThat(toxiproxy.toxics).containsEntry("redis", 1).containsEntry("auth", 50);
	}

	private void awaitHealthy(List<String> check, Map<String, String> environment) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (run(check, environment) != 0) {
			assertThat(System.nanoTime()).as("healthy within 20 s").isLessThan(deadline);
			Thread.sleep(200);
		}
	}

	/** The container's path of a mounted script, on this machine. */
	private String local(String part) {
		return part.replace("/opt/kit/set-latency.sh",
				this.compose.root.resolve("docker/toxiproxy/set-latency.sh").toString());
	}

	private HttpServer server() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
		server.start();
		this.servers.add(server);
		return server;
	}

	private static int run(List<String> command, Map<String, String> environment) throws Exception {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().putAll(environment);
		Process process = builder.start();
		process.getInputStream().readAllBytes();
		assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
		return process.exitValue();
	}

	/**
	 * The part of toxiproxy's API set-latency.sh uses: GET, DELETE and POST of a proxy's
	 * toxics, holding the latency per proxy.
	 */
	private static final class FakeToxiproxy {

		private static final Pattern LATENCY = Pattern.compile("\"latency\":(\\d+)");

		final Map<String, Integer> toxics = new ConcurrentHashMap<>();

		final List<String> calls = new CopyOnWriteArrayList<>();

		private final HttpServer server;

		FakeToxiproxy(HttpServer server) {
			this.server = server;
			server.createContext("/proxies/", (exchange) -> {
				try (exchange) {
					String[] path = exchange.getRequestURI().getPath().split("/");
					String proxy = path[2];
					String method = exchange.getRequestMethod();
					this.calls.add(method + " " + exchange.getRequestURI().getPath());
					Integer latency = this.toxics.get(proxy);
					if (method.equals("GET") && latency != null) {
						respond(exchange, 200, "{\"attributes\":{\"latency\":" + latency
								+ ",\"jitter\":0},\"name\":\"latency\",\"type\":\"latency\",\"stream\":\"downstream\"}");
					}
					else if (method.equals("DELETE") && latency != null) {
						this.toxics.remove(proxy);
						exchange.sendResponseHeaders(204, -1);
					}
					else if (method.equals("POST")) {
						String json = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
						Matcher value = LATENCY.matcher(json);
						assertThat(value.find()).isTrue();
						this.toxics.put(proxy, Integer.valueOf(value.group(1)));
						respond(exchange, 200, json);
					}
					else {
						respond(exchange, 404, "{\"error\":\"toxic not found\",\"status\":404}");
					}
				}
			});
		}

		String url() {
			return "http://127.0.0.1:" + this.server.getAddress().getPort();
		}

		private static void respond(HttpExchange exchange, int status, String body) throws IOException {
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(status, bytes.length);
			exchange.getResponseBody().write(bytes);
		}

	}

}
