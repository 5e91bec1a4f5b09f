package dev.gatewaykit.bench.simulation;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.simulation.LoopbackServer.Seen;
import dev.gatewaykit.launcher.gatling.GatlingRun;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request file run end to end, the way the kit runs it: Gatling in a JVM of its own
 * ({@link GatlingRun}) against a loopback server that answers after 200 ms, so two users
 * send about ten requests a second for a few seconds.
 */
class RequestFileSimulationTests {

	@TempDir
	Path dir;

	@Test
	void sendsTheFilesRequestsByWeightAndMeasuresThem() throws IOException {
		Path requests = Files.writeString(this.dir.resolve("requests.yaml"), """
				token: none
				requests:
				  - name: item
				    path: /items/{random:1..5}
				    headers:
				      X-Trace: t-{random:1..9}
				    weight: 3
				  - name: order
				    method: POST
				    path: /orders
				    body: '{"item": {random:1..3}}'
				""");
		Path out = this.dir.resolve("run");
		List<String> progress = new CopyOnWriteArrayList<>();
		List<Seen> seen;
		try (LoopbackServer server = LoopbackServer.start(Duration.ofMillis(200), (request) -> "{}")) {
			Map<String, String> properties = Map.of("bench.baseUrl", server.baseUrl(), "bench.requestFile",
					requests.toString(), "bench.users", "2", "bench.warmupSeconds", "1", "bench.durationSeconds", "2",
					"bench.drainSeconds", "0", "bench.label", "e2e", "bench.out", out.toString());
			new GatlingRun(RequestFileSimulation.class.getName(), testClassPath(), List.of(), List.of("-Xmx256m"),
					properties, out, "e2e", Duration.ofSeconds(60))
				.run(progress::add);
			seen = server.seen();
		}

		assertThat(progress).anyMatch((line) -> line.startsWith("[e2e] request file " + requests));
		assertThat(seen).filteredOn((request) -> request.method().equals("GET")).isNotEmpty().allSatisfy((request) -> {
			assertThat(request.path()).matches("/items/[1-5]");
			assertThat(request.headers().get("x-trace")).matches("t-[1-9]");
			assertThat(request.body()).isEmpty();
		});
		assertThat(seen).filteredOn((request) -> request.method().equals("POST")).isNotEmpty().allSatisfy((request) -> {
			assertThat(request.path()).isEqualTo("/orders");
			assertThat(request.body()).matches("\\{\"item\": [1-3]}");
			assertThat(request.headers().get("content-type")).isEqualTo("application/json");
		});
		assertThat(seen).allSatisfy((request) -> assertThat(request.headers()).doesNotContainKey("authorization"));

		MeasuredRun run = BenchJson.read(out.resolve("measured.json"), MeasuredRun.class);
		assertThat(run.login().ok()).isZero();
		assertThat(run.measured().ok()).isPositive();
		assertThat(run.measured().ko()).isZero();
		// Every request the server answered is counted once, but for those still in
		// flight
		// when the load stopped (at most one per user).
		long recorded = total(run.warmup()) + total(run.measured()) + total(run.tail());
		assertThat(recorded).isBetween(seen.size() - 2L, (long) seen.size());
		assertThat(out.resolve("phase.json")).isRegularFile();
		assertThat(out.resolve("timeseries.json")).isRegularFile();
		// The window's seconds in HdrHistogram's interval log, holding every OK latency
		// of the window.
		List<LatencyLog.Interval> log = LatencyLog.read(out.resolve(LatencyLog.FILE));
		assertThat(log).hasSize(2);
		assertThat(log.stream().mapToLong((interval) -> interval.histogram().getTotalCount()).sum())
			.isEqualTo(run.measured().ok());
		assertThat(out.resolve("gatling").resolve("index.html")).isRegularFile();
	}

	private static long total(PhaseStats phase) {
		return phase.ok() + phase.ko();
	}

	/** This JVM's class path: the kit's classes, test classes and dependencies. */
	private static List<Path> testClassPath() {
		return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
	}

}
