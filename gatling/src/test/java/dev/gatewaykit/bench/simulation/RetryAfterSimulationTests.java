package dev.gatewaykit.bench.simulation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.launcher.gatling.GatlingRun;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A closed-model user against a gateway at its limit, Gatling in a JVM of its own as the
 * kit runs it: told to honour {@code Retry-After} it waits as asked between refusals; not
 * told, it loops at once, and its refusals are a load of their own.
 */
class RetryAfterSimulationTests {

	/** The load: one user, 6 s in all. */
	private static final int SECONDS = 6;

	@TempDir
	Path dir;

	@Test
	void aPoliteUserWaitsAsItIsTold() throws Exception {
		// Told to wait 2 s: its first request and one after each wait.
		assertThat(requestsSent(true)).isBetween(2, SECONDS / 2 + 2);
	}

	@Test
	void anImpatientUserLoopsAtOnce() throws Exception {
		// One every 10 ms or so, the server's delay: hundreds in the same seconds.
		assertThat(requestsSent(false)).isGreaterThan(50);
	}

	private int requestsSent(boolean honour) throws Exception {
		Path requests = Files.writeString(this.dir.resolve("requests.yaml"), """
				token: none
				requests:
				  - name: item
				    path: /items/1
				""");
		Path out = this.dir.resolve("out");
		try (LoopbackServer server = LoopbackServer.refusing(Duration.ofMillis(10), "2")) {
			Map<String, String> properties = Map.of("bench.baseUrl", server.baseUrl(), "bench.requestFile",
					requests.toString(), "bench.users", "1", "bench.warmupSeconds", "1", "bench.durationSeconds",
					String.valueOf(SECONDS - 1), "bench.drainSeconds", "0", "bench.maxErrorPct", "-1",
					"bench.honourRetryAfter", String.valueOf(honour), "bench.out", out.toString());
			new GatlingRun(RequestFileSimulation.class.getName(), ClassPaths.current(), List.of(), List.of("-Xmx256m"),
					properties, out, "retry-after", Duration.ofSeconds(90))
				.run((line) -> {
				});
			return server.seen().size();
		}
	}

}
