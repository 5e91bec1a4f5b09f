package dev.gatewaykit.launcher.nacos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.launcher.FileTrees;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.Tools;

/**
 * A real Nacos-compatible server: <a href="https://crates.io/crates/rnacos">rnacos</a>, a
 * Nacos server re-implemented in Rust that speaks the Nacos 2.x/3.x client protocol
 * (gRPC) and the v1 open API. {@code ./kit} and the tests start it here, the same way.
 * <p>
 * The binary is {@link Tools#findRnacos()}'s. The Nacos client reaches gRPC at the HTTP
 * port + 1000, so both ports are taken together.
 */
public final class RnacosServer extends ServerProcess {

	/** The version the kit pins ({@link Tools#RNACOS_VERSION}). */
	public static final String VERSION = Tools.RNACOS_VERSION;

	private static final HttpClient http = KitHttp.client();

	private final int port;

	private final NacosClient client;

	private RnacosServer(Path binary, int port, int consolePort, Path dataDir, Path log) {
		super("rnacos", List.of(binary.toString(), "--env-file", "/dev/null"), environment(port, consolePort, dataDir),
				log);
		this.port = port;
		this.client = new NacosClient(http, URI.create("http://127.0.0.1:" + port));
		awaitReady(this::isHealthy, Duration.ofSeconds(30));
	}

	/**
	 * Starts rnacos on free loopback ports with its data in {@code dataDir} (emptied
	 * first) and its output in {@code log}.
	 * <p>
	 * rnacos 0.8.8 on a fresh data directory sometimes panics in its Raft state-apply
	 * actor at start-up (a message arrives before the actor's dependencies are injected,
	 * {@code raftapply.rs:421}). It still answers {@code /health} and accepts config
	 * writes with {@code true}, but never applies them, so no listener hears of them.
	 * Ready therefore means: a config written now can be read back. Up to three fresh
	 * starts.
	 */
	public static RnacosServer start(Path binary, Path dataDir, Path log) {
		RunFailedException last = null;
		for (int attempt = 1; attempt <= 3; attempt++) {
			deleteRecursively(dataDir);
			RnacosServer server = new RnacosServer(binary, freePortWithGrpcSibling(), FreePorts.next(), dataDir, log);
			try {
				String probe = "probe: " + System.nanoTime() + "\n";
				server.client.publishYaml("kit-readiness-probe.yaml", probe, Duration.ofSeconds(5));
				if (server.client.servesWithin("kit-readiness-probe.yaml", Optional.of(probe),
						Duration.ofSeconds(10))) {
					return server;
				}
			}
			catch (RuntimeException ex) {
				server.close();
				throw ex;
			}
			server.close();
			last = new RunFailedException(
					"rnacos accepted a config write but never applied it (attempt " + attempt + "); see " + log);
		}
		throw last;
	}

	/**
	 * For tests: rnacos from {@link Tools#findRnacos()}, data and log under
	 * {@code target/test-servers/}.
	 */
	public static RnacosServer start() {
		Path binary = find().orElseThrow(() -> new RunFailedException(missingMessage()));
		Path dir = Path.of("target", "test-servers").toAbsolutePath();
		String name = "rnacos-" + System.nanoTime();
		return start(binary, dir.resolve(name), dir.resolve(name + ".log"));
	}

	/** The pinned rnacos from where the kit looks, if there is one (installs nothing). */
	public static Optional<Path> find() {
		return Tools.fromEnvironment(Path.of("target"), (line) -> {
		}).findRnacos();
	}

	public static String missingMessage() {
		return "rnacos " + VERSION + " is not installed: run the tests with `./kit test` (it builds rnacos once), or "
				+ "install it with `cargo install rnacos --locked --version " + VERSION
				+ "` (or `./kit tools rnacos`), " + "or point RNACOS_BIN at the binary";
	}

	/** {@code host:port}, as {@code spring.cloud.nacos.server-addr} wants it. */
	public String serverAddr() {
		return "127.0.0.1:" + this.port;
	}

	public int port() {
		return this.port;
	}

	public URI url() {
		return this.client.server();
	}

	public NacosClient client() {
		return this.client;
	}

	public boolean isHealthy() {
		URI health = this.client.server().resolve("/health");
		return HttpAnswer.send(http, HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).build()).ok();
	}

	/** The ports of the healthy loopback instances registered for {@code service}. */
	public List<Integer> instancePorts(String service) {
		return this.client.healthyLoopbackPorts(service);
	}

	/** Publishes (creates or replaces) a YAML config in {@code DEFAULT_GROUP}. */
	public void publishYaml(String dataId, String content) {
		this.client.publishYaml(dataId, content, Duration.ofSeconds(5));
	}

	/**
	 * The arguments every service needs to find this server and register with a loopback
	 * address.
	 */
	public List<String> serviceArguments() {
		return List.of("--spring.cloud.nacos.server-addr=" + serverAddr(),
				"--spring.cloud.nacos.discovery.ip=127.0.0.1");
	}

	private static void deleteRecursively(Path dir) {
		try {
			FileTrees.delete(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not remove " + dir, ex);
		}
	}

	private static Map<String, String> environment(int port, int consolePort, Path dataDir) {
		return Map.of("RNACOS_HTTP_PORT", String.valueOf(port), "RNACOS_GRPC_PORT", String.valueOf(port + 1000),
				"RNACOS_HTTP_CONSOLE_PORT", String.valueOf(consolePort), "RNACOS_SDK_HOST", "127.0.0.1",
				"RNACOS_CONSOLE_HOST", "127.0.0.1", "RNACOS_DATA_DIR", dataDir.toString());
	}

	/**
	 * A free port whose +1000 sibling (the Nacos client's gRPC convention) is free too.
	 */
	private static int freePortWithGrpcSibling() {
		for (int attempt = 0; attempt < 50; attempt++) {
			int port = FreePorts.next();
			if (port + 1000 <= 65535 && FreePorts.isFree(port + 1000)) {
				return port;
			}
		}
		throw new RunFailedException("no free port pair (p, p+1000) on loopback after 50 tries");
	}

}
