package dev.gatewaykit.kit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@code ./kit soak} end to end, as a user runs it: the kit's command line in a process
 * of its own, with a {@code KIT_DIR} of its own, against real Redis, nginx, toxiproxy and
 * the services. A short soak (20 s at 30 requests/s): it checks that the soak runs,
 * judges and cleans up, not that the gateway lasts ten minutes.
 */
class SoakTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final Pattern STARTED = Pattern.compile("started (\\S+) \\(pid (\\d+)\\)");

	@TempDir
	Path tmp;

	@Test
	void soaksTheFixedGatewayJudgesItAndStopsEverythingItStarted() throws Exception {
		Path out = this.tmp.resolve("soak-run");

		Run soak = kit(Files.createDirectories(this.tmp.resolve("kit")), 600, "soak", "--rate", "30", "--duration",
				"20", "--warmup", "10", "--settle", "5", "--interval", "2", "--out", out.toString());

		assertThat(soak.code()).as(soak.describe()).isZero();
		JsonNode result = json.readTree(out.resolve("soak.json").toFile());
		assertThat(result.get("rate").asDouble()).isEqualTo(30.0);
		assertThat(result.at("/gatewayJvmOptions/0").asString()).isEqualTo("-Dio.netty.leakDetection.level=paranoid");
		// A GC'd baseline and after snapshot, and samples in between (20 s every 2 s).
		assertThat(result.at("/baseline/gcForced").asBoolean()).isTrue();
		assertThat(result.at("/baseline/heapBytes").asLong()).isPositive();
		assertThat(result.at("/baseline/threads").asInt()).isPositive();
		assertThat(result.at("/baseline/openFiles").asInt()).isPositive();
		assertThat(result.at("/after/gcForced").asBoolean()).isTrue();
		assertThat(result.get("during").size()).isGreaterThanOrEqualTo(5);
		long ok = 0;
		for (JsonNode second : result.get("requests")) {
			// The window: the seconds before it are the logins, those after it the tail.
			int t = second.get("t").asInt();
			if (t >= 0 && t < 20) {
				ok += second.get("ok").asLong();
			}
		}
		// 30 requests/s for 20 s, give or take the first and last second.
		assertThat(ok).isBetween(540L, 630L);
		assertThat(result.at("/verdict/checks").size()).isEqualTo(6);
		// The table on stdout, every target met.
		assertThat(soak.out()).contains("LEAK: reports").contains("heap after GC").doesNotContain("MISSED");
		assertThat(Files.readString(out.resolve("soak.html"))).contains("<svg").contains("Soak: passed");
		// The gateway's log the leak count was taken from.
		assertThat(out.resolve("soak/gateway-1.log")).isNotEmptyFile();
		// Nothing it started runs any more.
		List<Long> started = started(soak.err());
		assertThat(started).hasSizeGreaterThanOrEqualTo(5);
		for (long pid : started) {
			assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("pid %d", pid).isEmpty();
		}
	}

	@Test
	void withoutARateOrABenchRunItSaysWhatToDoAndStartsNothing() throws Exception {
		Run soak = kit(Files.createDirectories(this.tmp.resolve("empty-kit")), 60, "soak", "--duration", "20");

		assertThat(soak.code()).as(soak.describe()).isEqualTo(2);
		assertThat(soak.err()).contains("last-run").contains("--rate").doesNotContain("started");
	}

	private static List<Long> started(String log) {
		List<Long> pids = new ArrayList<>();
		Matcher matcher = STARTED.matcher(log);
		while (matcher.find()) {
			pids.add(Long.parseLong(matcher.group(2)));
		}
		return pids;
	}

	/** The kit's command line as {@code ./kit} runs it once the build is there. */
	private Run kit(Path kitDir, int timeoutSeconds, String... args) throws Exception {
		Path root = Path.of(System.getProperty("kit.repository.root")).toAbsolutePath().normalize();
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
						"-Dkit.repository.root=" + root, "-cp",
						root.resolve("bench/target/lib") + "/*:" + root.resolve("bench/target/classes"),
						"dev.gatewaykit.bench.KitCli"));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
		builder.environment().put("KIT_DIR", kitDir.toString());
		Path out = Files.createTempFile(this.tmp, "kit-", ".out");
		Path err = Files.createTempFile(this.tmp, "kit-", ".err");
		Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			fail("kit " + String.join(" ", args) + " did not finish within " + timeoutSeconds + " s; stderr: "
					+ Files.readString(err));
		}
		return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
	}

	private record Run(int code, String out, String err) {

		String describe() {
			return "exit " + this.code + "\nstdout:\n" + this.out + "\nstderr:\n" + this.err;
		}

	}

}
