package dev.gatewaykit.launcher.nginx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The real nginx, rendered from each template with two upstreams, in front of two tiny
 * HTTP servers on loopback: what {@code ./kit up --gateways 2} relies on. nginx must
 * spread requests over both instances and keep answering when one of them goes away. Like
 * {@link NginxConfigTests}, it fails (never skips) without nginx, since CI installs it.
 */
class NginxUpstreamIntegrationTests {

	private static final int REQUESTS = 40;

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	/** {@code limit_req zone=login burst=200} in the tuned template. */
	private static final int LOGIN_BURST = 200;

	@TempDir
	Path prefix;

	private final List<Backend> backends = new ArrayList<>();

	private Process nginx;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

	@AfterEach
	void stopEverything() throws InterruptedException {
		if (this.nginx != null) {
			this.nginx.destroy();
			if (!this.nginx.waitFor(10, TimeUnit.SECONDS)) {
				this.nginx.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		this.backends.forEach(Backend::stop);
	}

	@ParameterizedTest(name = "{0} spreads requests over both instances")
	@EnumSource(NginxConfig.Variant.class)
	void spreadsRequestsOverEveryInstance(NginxConfig.Variant variant) throws Exception {
		Backend a = backend("a");
		Backend b = backend("b");
		int port = startNginx(variant);

		for (int i = 0; i < REQUESTS; i++) {
			HttpResponse<String> response = get(port);
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isIn("a", "b");
		}

		// Round-robin: an even split; a quarter each is the floor that still proves both
		// are used.
		assertThat(a.hits.get() + b.hits.get()).isEqualTo(REQUESTS);
		assertThat(a.hits.get()).isGreaterThanOrEqualTo(REQUESTS / 4);
		assertThat(b.hits.get()).isGreaterThanOrEqualTo(REQUESTS / 4);
	}

	@ParameterizedTest(name = "{0} keeps answering when an instance goes away")
	@EnumSource(NginxConfig.Variant.class)
	void keepsAnsweringWhenAnInstanceStops(NginxConfig.Variant variant) throws Exception {
		Backend a = backend("a");
		Backend b = backend("b");
		int port = startNginx(variant);
		for (int i = 0; i < 4; i++) {
			assertThat(get(port).statusCode()).isEqualTo(200);
		}
		int bBefore = b.hits.get();

		a.stop();
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < REQUESTS / 2; i++) {
			statuses.add(get(port).statusCode());
		}

		// The connection to the stopped instance is refused (or a kept-alive one is
		// reset): proxy_next_upstream sends the request to the other one, which answers
		// them all.
		assertThat(statuses).containsOnly(200);
		assertThat(b.hits.get() - bBefore).isEqualTo(REQUESTS / 2);
	}

	/**
	 * The tuned configuration's {@code limit_req} on the login location: one client
	 * address gets its burst (200) plus what refills at 10 a second while it sends, then
	 * 429 with the kit's JSON error and {@code Retry-After}; other paths are not limited.
	 */
	@Test
	void tunedLimitsLoginsPerClientAddress() throws Exception {
		Backend backend = backend("auth");
		int port = startNginx(NginxConfig.Variant.TUNED);

		// All at once (sent one by one they take long enough for the refill to cover
		// them).
		long started = System.nanoTime();
		List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
		for (int i = 0; i < LOGIN_BURST + 100; i++) {
			answers.add(this.client.sendAsync(request(port, "POST", "/api/auth/oauth/token"),
					HttpResponse.BodyHandlers.ofString()));
		}
		int ok = 0;
		HttpResponse<String> refused = null;
		for (CompletableFuture<HttpResponse<String>> answer : answers) {
			HttpResponse<String> response = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			if (response.statusCode() == 200) {
				ok++;
			}
			else {
				assertThat(response.statusCode()).isEqualTo(429);
				refused = response;
			}
		}
		double seconds = (System.nanoTime() - started) / 1e9;

		assertThat(refused).as("a 429 after %d logins in %.1f s", ok, seconds).isNotNull();
		assertThat(refused.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
		assertThat(refused.body()).contains("\"status\":429").contains("too_many_requests");
		assertThat(refused.headers().firstValue("Retry-After")).isPresent();
		// The burst, plus at most what refilled (10 a second) while the requests went
		// out.
		assertThat(ok).isBetween(LOGIN_BURST, LOGIN_BURST + 1 + (int) Math.ceil(seconds * 10));
		assertThat(backend.hits.get()).isEqualTo(ok);
		assertThat(send(port, "GET", "/api/mall/products/1").statusCode()).isEqualTo(200);
	}

	private Backend backend(String name) throws IOException {
		Backend backend = new Backend(name);
		this.backends.add(backend);
		return backend;
	}

	private int startNginx(NginxConfig.Variant variant) throws Exception {
		int port = freePort();
		List<NginxConfig.Upstream> upstreams = this.backends.stream()
			.map((backend) -> new NginxConfig.Upstream("127.0.0.1", backend.port()))
			.toList();
		Path config = NginxConfig.write(variant, NginxConfigTests.TEMPLATES, port, upstreams, this.prefix, 1);
		this.nginx = new ProcessBuilder(NginxConfigTests.nginx(), "-p", this.prefix.toString(), "-c", config.toString(),
				"-e", this.prefix.resolve("logs/error.log").toString(), "-g", "daemon off;")
			.redirectErrorStream(true)
			.redirectOutput(this.prefix.resolve("nginx.out").toFile())
			.start();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!listening(port)) {
			assertThat(this.nginx.isAlive()).as(() -> "nginx exited: " + read("nginx.out") + read("logs/error.log"))
				.isTrue();
			assertThat(System.nanoTime()).as("nginx listening on " + port + " within 10 s").isLessThan(deadline);
			Thread.sleep(50);
		}
		return port;
	}

	private HttpResponse<String> get(int port) throws IOException, InterruptedException {
		return send(port, "GET", "/who");
	}

	private HttpResponse<String> send(int port, String method, String path) throws IOException, InterruptedException {
		return this.client.send(request(port, method, path), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpRequest request(int port, String method, String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(TIMEOUT)
			.method(method, HttpRequest.BodyPublishers.noBody())
			.build();
	}

	private static boolean listening(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	private String read(String file) {
		try {
			return Files.readString(this.prefix.resolve(file));
		}
		catch (IOException ex) {
			return "";
		}
	}

	/** A backend instance that answers its own name and counts what it served. */
	private static final class Backend {

		final AtomicInteger hits = new AtomicInteger();

		private final HttpServer server;

		private boolean stopped;

		Backend(String name) throws IOException {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			byte[] body = name.getBytes(StandardCharsets.UTF_8);
			this.server.createContext("/", (exchange) -> {
				this.hits.incrementAndGet();
				exchange.getRequestBody().readAllBytes();
				exchange.sendResponseHeaders(200, body.length);
				try (OutputStream out = exchange.getResponseBody()) {
					out.write(body);
				}
			});
			this.server.start();
		}

		int port() {
			return this.server.getAddress().getPort();
		}

		void stop() {
			if (!this.stopped) {
				this.stopped = true;
				this.server.stop(0);
			}
		}

	}

}
