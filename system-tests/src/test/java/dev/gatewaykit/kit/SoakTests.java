package dev.gatewaykit.kit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.gatewaykit.kit.KitChild.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

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
				"20", "--warmup", "10", "--settle", "5", "--interval", "2", "--leak-detection", "paranoid", "--out",
				out.toString());

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
		return KitChild.run(kitDir, this.tmp, Map.of(), timeoutSeconds, args);
	}

}
