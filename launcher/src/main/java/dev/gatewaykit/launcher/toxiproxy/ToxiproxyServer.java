package dev.gatewaykit.launcher.toxiproxy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.KitHttp;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServerProcess;

/**
 * toxiproxy-server on loopback, and what the kit asks of its API: a proxy per link, a
 * latency toxic per proxy on the way back (so each round trip pays it once), and the
 * faults of {@code ./kit chaos} as {@link Toxic}s added and removed by name.
 */
public final class ToxiproxyServer extends ServerProcess {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final HttpClient http = KitHttp.client();

	private final URI api;

	private ToxiproxyServer(Path binary, int port, Path log) {
		// Without LOG_LEVEL toxiproxy logs at trace: several JSON lines, each with its
		// caller looked up, for every connection opened and closed through it, on the
		// stack's CPUs during a bench (146 MB in a day of knee runs here).
		super("toxiproxy", List.of(binary.toString(), "-host", "127.0.0.1", "-port", String.valueOf(port)),
				Map.of("LOG_LEVEL", "info"), log);
		this.api = URI.create("http://127.0.0.1:" + port);
		awaitReady(() -> send("GET", "/version", null) == 200, Duration.ofSeconds(30));
	}

	public static ToxiproxyServer start(Path binary, Path log) {
		return new ToxiproxyServer(binary, FreePorts.next(), log);
	}

	/**
	 * A proxy from a new free loopback port to {@code upstreamPort}; returns the port to
	 * connect to.
	 */
	public int proxy(String name, int upstreamPort) {
		int listen = FreePorts.next();
		String body = BenchJson.write(Map.of("name", name, "listen", "127.0.0.1:" + listen, "upstream",
				"127.0.0.1:" + upstreamPort, "enabled", true));
		expect(send("POST", "/proxies", body), 201, "creating proxy " + name);
		return listen;
	}

	/** Replaces the proxy's latency toxic; 0 removes it. */
	public void latency(String proxy, int millis) {
		remove(proxy, "latency");
		if (millis > 0) {
			add(proxy, Toxic.latency(Duration.ofMillis(millis)));
		}
	}

	/** Adds {@code toxic} to {@code proxy}; fails if toxiproxy refuses it. */
	public void add(String proxy, Toxic toxic) {
		expect(send("POST", "/proxies/" + proxy + "/toxics", BenchJson.write(toxic.json())), 200,
				"adding " + toxic.type() + " to " + proxy);
	}

	/**
	 * Removes the toxic named {@code name} from {@code proxy}, if it is there (a missing
	 * one is not an error: removing is what a clean-up does twice).
	 */
	public void remove(String proxy, String name) {
		send("DELETE", "/proxies/" + proxy + "/toxics/" + name, null);
	}

	private void expect(int status, int expected, String what) {
		if (status != expected && status != 200) {
			throw new RunFailedException("toxiproxy: " + what + " answered " + status + "; see " + log());
		}
	}

	private int send(String method, String path, String json) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.api.resolve(path)).timeout(TIMEOUT);
		request.method(method,
				(json != null) ? HttpRequest.BodyPublishers.ofString(json) : HttpRequest.BodyPublishers.noBody());
		if (json != null) {
			request.header("Content-Type", "application/json");
		}
		return HttpAnswer.send(http, request.build()).status();
	}

}
