package dev.gatewaykit.kit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.gatewaykit.kit.KitChild.Run;
import dev.gatewaykit.launcher.stack.Stack;

/**
 * {@code ./kit chaos} end to end, as a user runs it: the kit's command line in a process
 * of its own with a {@code KIT_DIR} of its own, against real Redis, nginx, toxiproxy and
 * the services. One fault in one mode with short phases: that the fault is injected on
 * the mall link, answered within the gateway's response timeout, lifted and recovered
 * from, and that the run leaves nothing running.
 */
class ChaosCommandTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	@TempDir
	Path tmp;

	@Test
	void aBlackHoleOnTheMallLinkAndASmallPoolAreMeasuredAndTheirVerdictIsTheExitStatus() throws Exception {
		Path kitDir = Files.createDirectories(this.tmp.resolve("kit"));
		// Under target/, not the temporary directory: the run's requests.csv and gateway
		// log stay for a look after the test.
		Path out = Path.of("target", "chaos-e2e").toAbsolutePath();
		Files.deleteIfExists(out.resolve("chaos.json"));

		// A 7 s fault: longer than the 5 s response timeout, so that the first requests
		// sent into it are answered by that timeout, not by the lift.
		// And the small pool: its own 50 requests/s, a second late, through 16
		// connections.
		Run chaos = kit(kitDir, 500, "chaos", "--modes", "reactive", "--faults", "mall-black-hole", "--lifecycle",
				"mall-pool-small", "--rate", "20", "--users", "3", "--baseline-seconds", "2", "--fault-seconds", "7",
				"--recovery-seconds", "15", "--out", out.toString());

		JsonNode report = json.readTree(out.resolve("chaos.json").toFile());
		JsonNode outcome = report.path("outcomes").get(0);
		String seen = chaos.describe() + "\n" + outcome + logTails(kitDir.resolve("logs"));
		assertThat(outcome.path("fault").asString()).as(seen).isEqualTo("mall-black-hole");
		assertThat(outcome.path("mode").asString()).isEqualTo("reactive");
		// The black hole took effect: the response timeout answered some requests.
		assertThat(outcome.path("statuses").path("504").asInt()).as(seen).isPositive();
		assertThat(outcome.path("slowestMs").asLong()).as(seen).isGreaterThanOrEqualTo(5000);
		assertThat(outcome.path("boundMs").asLong()).isEqualTo(6000);
		// Whether the gateway met the targets is what the run reports, and its exit
		// status says it: 0 exactly when the slowest was within its bound and the
		// recovery within 5 s.
		JsonNode pool = report.path("lifecycle").get(0);
		assertThat(pool.path("fault").asString()).as(seen).isEqualTo("mall-pool-small");
		// 16 connections serve 16 of the 50 a second: the others wait past the 2 s bound.
		assertThat(pool.path("naive").path("errors").asInt()).as(seen + pool).isPositive();
		assertThat(pool.path("naive").path("signatureLines").asLong()).as(seen + pool).isPositive();
		boolean met = outcome.path("slowestMs").asLong() <= outcome.path("boundMs").asLong()
				&& outcome.path("recoverySeconds").asInt(Integer.MAX_VALUE) <= 5
				&& pool.path("template").path("errors").asInt() == 0
				&& pool.path("template").path("signatureLines").asLong() == 0;
		assertThat(chaos.code()).as(seen).isEqualTo((met) ? 0 : 1);
		assertThat(chaos.out()).contains("mall-black-hole").contains((met) ? "ok" : "MISSED");
		assertThat(out.resolve("chaos.html")).content().contains("<td>mall-black-hole");
		assertThat(out.resolve("reactive/requests.csv")).isRegularFile();
		// Every process the run started was stopped and its record removed.
		try (Stream<Path> pids = Files.list(kitDir.resolve("pids"))) {
			assertThat(pids.filter((file) -> file.toString().endsWith(".pid"))).isEmpty();
		}
	}

	/**
	 * The end of each service's log: the temporary directory is gone once the test has
	 * failed.
	 */
	private static String logTails(Path logs) {
		StringBuilder tails = new StringBuilder();
		try (Stream<Path> files = Files.list(logs)) {
			for (Path log : files.sorted().toList()) {
				List<String> lines = Files.readAllLines(log);
				tails.append("\n--- ")
					.append(log.getFileName())
					.append(" ---\n")
					.append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
			}
		}
		catch (IOException | UncheckedIOException ex) {
			tails.append("\n(no logs: ").append(ex).append(')');
		}
		return tails.toString();
	}

	/**
	 * The kit's command line as {@code ./kit} runs it once the build is there. The
	 * backends seed Redis at start-up (10 000 products, 1000 demo users) with a 1 s
	 * command timeout: on a shared 2-core box that start-up alone can time out. A patient
	 * Redis client for them; the gateway's own Redis timeout is the chaos run's, set on
	 * its command line, which outranks this.
	 */
	private Run kit(Path kitDir, int timeoutSeconds, String... args) throws Exception {
		List<String> jvmOptions = new ArrayList<>(Stack.DEFAULT_JVM_OPTIONS);
		jvmOptions.add("-Dspring.data.redis.timeout=10s");
		return KitChild.run(kitDir, this.tmp, Map.of("KIT_JVM_OPTS", String.join(" ", jvmOptions)), timeoutSeconds,
				args);
	}

}
