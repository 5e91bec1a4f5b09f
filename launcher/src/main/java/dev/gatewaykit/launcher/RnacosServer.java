package dev.gatewaykit.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A real Nacos-compatible server for integration tests: <a href="https://crates.io/crates/rnacos">rnacos</a>, a
 * Nacos server re-implemented in Rust that speaks the Nacos 2.x/3.x client protocol (gRPC) and the v1 open API.
 * <p>
 * The binary is looked up where {@code ./kit} looks (scripts/provision.sh, {@code find_rnacos}): {@code $RNACOS_BIN}
 * (which {@code ./kit test} sets), then the kit's tools cache ({@code $KIT_TOOLS_BIN}, default
 * {@code ~/.cache/gateway-perf-kit/bin}), then PATH, then cargo's bin directory ({@code $CARGO_HOME/bin}, default
 * {@code ~/.cargo/bin}, where {@code cargo install} puts it). The Nacos client reaches gRPC at the HTTP port + 1000,
 * so both ports are taken together.
 */
public final class RnacosServer extends ServerProcess {

	/** The version {@code ./kit} installs; the tests do not insist on it. */
	public static final String VERSION = "0.8.8";

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final int port;

	private RnacosServer(Path binary, int port, int consolePort, Path dataDir) {
		super("rnacos", List.of(binary.toString(), "--env-file", "/dev/null"), environment(port, consolePort, dataDir),
				dataDir.resolveSibling("rnacos-" + port + ".log"));
		this.port = port;
		awaitReady(this::isHealthy, Duration.ofSeconds(30));
	}

	/**
	 * rnacos 0.8.8 on a fresh data directory sometimes panics in its Raft state-apply actor at start-up (a
	 * message arrives before the actor's dependencies are injected, {@code raftapply.rs:421}). It still answers
	 * {@code /health} and accepts config writes with {@code true}, but never applies them, so no listener hears
	 * of them. Ready therefore means: a config written now can be read back. Up to three fresh starts.
	 */
	private static RnacosServer startApplyingConfig(Path binary, int port, int consolePort, Path dataDir) {
		IllegalStateException last = null;
		for (int attempt = 1; attempt <= 3; attempt++) {
			deleteRecursively(dataDir);
			RnacosServer server = new RnacosServer(binary, port, consolePort, dataDir);
			try {
				if (server.appliesConfig(Duration.ofSeconds(10))) {
					return server;
				}
			}
			catch (RuntimeException ex) {
				server.close();
				throw ex;
			}
			server.close();
			last = new IllegalStateException("rnacos on port " + port + " accepted a config write but never applied "
					+ "it (attempt " + attempt + "); see " + dataDir.resolveSibling("rnacos-" + port + ".log"));
		}
		throw last;
	}

	private boolean appliesConfig(Duration timeout) {
		String probe = "probe-" + System.nanoTime();
		publishYaml("kit-readiness-probe.yaml", "probe: " + probe + "\n");
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			HttpRequest request = HttpRequest
				.newBuilder(uri("/nacos/v1/cs/configs?dataId=kit-readiness-probe.yaml&group=DEFAULT_GROUP"))
				.timeout(Duration.ofSeconds(2))
				.build();
			try {
				HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200 && response.body().contains(probe)) {
					return true;
				}
			}
			catch (IOException ex) {
				// not yet
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			sleep(Duration.ofMillis(100));
		}
		return false;
	}

	private static void deleteRecursively(Path dir) {
		if (!Files.exists(dir)) {
			return;
		}
		try (var paths = Files.walk(dir)) {
			paths.sorted(java.util.Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not remove " + dir, ex);
		}
	}

	/**
	 * The rnacos binary, or {@code null} with {@link #missingMessage()} saying how to get it.
	 */
	public static Path find() {
		List<Path> candidates = new ArrayList<>();
		String env = System.getenv("RNACOS_BIN");
		if (env != null && !env.isBlank()) {
			candidates.add(Path.of(env));
		}
		String home = System.getProperty("user.home");
		candidates.add(directory("KIT_TOOLS_BIN", Path.of(home, ".cache", "gateway-perf-kit", "bin")).resolve("rnacos"));
		Path onPath = onPath("rnacos");
		if (onPath != null) {
			candidates.add(onPath);
		}
		candidates.add(directory("CARGO_HOME", Path.of(home, ".cargo")).resolve("bin").resolve("rnacos"));
		// The version matters: the start-up workaround below is for 0.8.8, and the kit runs that one too.
		return candidates.stream()
			.filter(Files::isExecutable)
			.filter(RnacosServer::isPinnedVersion)
			.findFirst()
			.orElse(null);
	}

	/** The directory an environment variable names, or the default when it is unset or blank. */
	private static Path directory(String variable, Path fallback) {
		String value = System.getenv(variable);
		return (value != null && !value.isBlank()) ? Path.of(value) : fallback;
	}

	private static boolean isPinnedVersion(Path binary) {
		try {
			Process process = new ProcessBuilder(binary.toString(), "--version").redirectErrorStream(true).start();
			if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return false;
			}
			return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).contains(VERSION);
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	public static String missingMessage() {
		return "rnacos " + VERSION + " is not installed: run the tests with `./kit test` (it builds rnacos once), or "
				+ "install it with `cargo install rnacos --locked --version " + VERSION + "` (or `./kit tools rnacos`), "
				+ "or point RNACOS_BIN at the binary";
	}

	/** Starts rnacos on free loopback ports with its data under {@code target/test-servers/}. */
	public static RnacosServer start() {
		Path binary = find();
		if (binary == null) {
			throw new IllegalStateException(missingMessage());
		}
		int port = freePortWithGrpcSibling();
		Path dataDir = Path.of("target", "test-servers", "rnacos-" + port).toAbsolutePath();
		return startApplyingConfig(binary, port, FreePorts.next(), dataDir);
	}


	/** {@code host:port}, as {@code spring.cloud.nacos.server-addr} wants it. */
	public String serverAddr() {
		return "127.0.0.1:" + this.port;
	}

	public int port() {
		return this.port;
	}

	public boolean isHealthy() {
		try {
			HttpResponse<String> response = http.send(
					HttpRequest.newBuilder(uri("/health")).timeout(Duration.ofSeconds(2)).build(),
					HttpResponse.BodyHandlers.ofString());
			return response.statusCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** The ports of the healthy instances registered for {@code service}, from the v1 open API. */
	public List<Integer> instancePorts(String service) {
		String body = send(HttpRequest.newBuilder(uri("/nacos/v1/ns/instance/list?serviceName=" + encode(service)))
			.timeout(Duration.ofSeconds(5))
			.build());
		List<Integer> ports = new ArrayList<>();
		// The hosts array is the only place "port": appears; a JSON library would be one more dependency here.
		Matcher matcher = Pattern.compile("\"port\"\\s*:\\s*(\\d+)").matcher(body);
		while (matcher.find()) {
			ports.add(Integer.parseInt(matcher.group(1)));
		}
		return ports;
	}

	/** Publishes (creates or replaces) a YAML config in {@code DEFAULT_GROUP}. */
	public void publishYaml(String dataId, String content) {
		Map<String, String> form = new LinkedHashMap<>();
		form.put("dataId", dataId);
		form.put("group", "DEFAULT_GROUP");
		form.put("type", "yaml");
		form.put("content", content);
		String body = form.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + "=" + encode(entry.getValue()))
			.collect(Collectors.joining("&"));
		String answer = send(HttpRequest.newBuilder(uri("/nacos/v1/cs/configs"))
			.timeout(Duration.ofSeconds(5))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build());
		if (!"true".equals(answer.trim())) {
			throw new IllegalStateException("rnacos refused config " + dataId + ": " + answer);
		}
	}

	private String send(HttpRequest request) {
		try {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new IllegalStateException(request.uri() + " answered " + response.statusCode() + ": "
						+ response.body());
			}
			return response.body();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(request.uri() + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	private static Map<String, String> environment(int port, int consolePort, Path dataDir) {
		return Map.of("RNACOS_HTTP_PORT", String.valueOf(port), "RNACOS_GRPC_PORT", String.valueOf(port + 1000),
				"RNACOS_HTTP_CONSOLE_PORT", String.valueOf(consolePort), "RNACOS_SDK_HOST", "127.0.0.1",
				"RNACOS_CONSOLE_HOST", "127.0.0.1", "RNACOS_DATA_DIR", dataDir.toString());
	}

	/** A free port whose +1000 sibling (the Nacos client's gRPC convention) is free too. */
	private static int freePortWithGrpcSibling() {
		for (int attempt = 0; attempt < 50; attempt++) {
			int port = FreePorts.next();
			if (port + 1000 <= 65535 && FreePorts.isFree(port + 1000)) {
				return port;
			}
		}
		throw new IllegalStateException("no free port pair (p, p+1000) on loopback after 50 tries");
	}

}
