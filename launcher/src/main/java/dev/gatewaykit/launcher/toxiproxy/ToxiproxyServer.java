package dev.gatewaykit.launcher.toxiproxy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.launcher.BenchJson;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.HttpAnswer;
import dev.gatewaykit.launcher.ServerProcess;

/**
 * toxiproxy-server on loopback, and the two things the bench asks of its API: a proxy per
 * link, and a latency toxic per proxy on the way back (so each round trip pays it once).
 */
public final class ToxiproxyServer extends ServerProcess {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final URI api;

	private ToxiproxyServer(Path binary, int port, Path log) {
		super("toxiproxy", List.of(binary.toString(), "-host", "127.0.0.1", "-port", String.valueOf(port)), log);
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
		send("DELETE", "/proxies/" + proxy + "/toxics/latency", null);
		if (millis > 0) {
			String body = BenchJson.write(Map.of("name", "latency", "type", "latency", "stream", "downstream",
					"attributes", Map.of("latency", millis, "jitter", 0)));
			expect(send("POST", "/proxies/" + proxy + "/toxics", body), 200, "setting " + millis + " ms on " + proxy);
		}
	}

	private void expect(int status, int expected, String what) {
		if (status != expected && status != 200) {
			throw new IllegalStateException("toxiproxy: " + what + " answered " + status + "; see " + log());
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
