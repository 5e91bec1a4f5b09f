package dev.gatewaykit.bench.simulation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.launcher.gatling.GatlingRun;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two injectors, each Gatling in a JVM of its own as the kit runs it, given one start
 * instant: their windows open on it to the millisecond, and their interval logs cover the
 * same seconds, which is what the merge needs.
 */
class StartInstantSimulationTests {

	@TempDir
	Path dir;

	@Test
	void twoInjectorsGivenOneStartInstantMeasureTheSameSeconds() throws Exception {
		Path requests = Files.writeString(this.dir.resolve("requests.yaml"), """
				token: none
				requests:
				  - name: item
				    path: /items/1
				""");
		// Room for two JVMs to start on a busy machine before the instant.
		long instant = System.currentTimeMillis() + 15_000;
		List<CompletableFuture<Void>> injectors = new ArrayList<>();
		try (LoopbackServer server = LoopbackServer.start(Duration.ofMillis(100), (request) -> "{}")) {
			for (int k = 1; k <= 2; k++) {
				Path out = this.dir.resolve("injector-" + k);
				Map<String, String> properties = Map.of("bench.baseUrl", server.baseUrl(), "bench.requestFile",
						requests.toString(), "bench.users", "2", "bench.warmupSeconds", "1", "bench.durationSeconds",
						"3", "bench.drainSeconds", "0", "bench.label", "injector-" + k, "bench.out", out.toString(),
						"bench.windowStartEpochMs", String.valueOf(instant));
				GatlingRun run = new GatlingRun(RequestFileSimulation.class.getName(), ClassPaths.current(), List.of(),
						List.of("-Xmx256m"), properties, out, "injector-" + k, Duration.ofSeconds(90));
				injectors.add(CompletableFuture.runAsync(() -> run.run((line) -> {
				}), (task) -> new Thread(task, "injector").start()));
			}
			CompletableFuture.allOf(injectors.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
		}

		for (int k = 1; k <= 2; k++) {
			Path out = this.dir.resolve("injector-" + k);
			MeasuredRun run = BenchJson.read(out.resolve("measured.json"), MeasuredRun.class);
			assertThat(run.windowStartEpochMs()).as("injector %d", k).isEqualTo(instant);
			assertThat(run.measured().ok()).as("injector %d", k).isPositive();
			List<LatencyLog.Interval> log = LatencyLog.read(out.resolve(LatencyLog.FILE));
			assertThat(log).extracting((interval) -> LatencyLog.secondOf(interval, instant)).containsExactly(0, 1, 2);
			assertThat(log.stream().mapToLong((interval) -> interval.histogram().getTotalCount()).sum())
				.isEqualTo(run.measured().ok());
		}
	}

}
