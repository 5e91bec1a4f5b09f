package dev.gatewaykit.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.kit.KitChild.Run;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./kit bench} on a gateway that is not the kit's own, end to end, as a user runs
 * it: the kit's command line in a process of its own, with a {@code KIT_DIR} of its own,
 * against real Redis, nginx, toxiproxy and the services. Short runs (5 s windows, 20
 * users): these check that each way in works and what it writes, not performance.
 * <p>
 * The running gateway is {@code ./kit up}'s (the kit's gateway, started separately), so
 * {@code --target-url} and the scenario options are tested on one stack; the
 * {@code --gateway-jar} test starts its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BringYourOwnGatewayTests {

	/** The shortest bench that still measures: a few seconds each side. */
	private static final List<String> SHORT = List.of("--quick", "--users", "20", "--warmup", "5", "--duration", "5",
			"--profile", "off");

	private static final JsonMapper json = JsonMapper.builder().build();

	// Static: shared by the class's stack, and injected before @BeforeAll.
	@TempDir
	static Path tmp;

	private Path kitDir;

	private Map<String, String> stack;

	@BeforeAll
	void up() throws Exception {
		this.kitDir = Files.createDirectories(tmp.resolve("kit-up"));
		// The plain route too: the example simulation reads mall-api's liveness through
		// it.
		Run up = kit(this.kitDir, 300, "up", "fixed", "--gateway-arg", "--kit.routes.vanilla=true");
		assertThat(up.code()).as(up.describe()).isZero();
		this.stack = env(this.kitDir.resolve("stack.env"));
	}

	@AfterAll
	void down() throws Exception {
		if (this.kitDir != null) {
			kit(this.kitDir, 120, "down");
		}
	}

	@Test
	void benchesARunningGatewayAndItsProcess() throws Exception {
		Path out = tmp.resolve("target-run");
		String pid = Files.readString(this.kitDir.resolve("pids/gateway-1.pid")).trim().split("\\s+")[0];

		Run bench = kit(this.kitDir, 300, args("bench", "--target-url", this.stack.get("NGINX_URL"), "--target-pid",
				pid, "--out", out.toString()));

		assertThat(bench.code()).as(bench.describe()).isZero();
		JsonNode custom = json.readTree(out.resolve("custom/mode-summary.json").toFile());
		assertThat(custom.at("/validity/valid").asBoolean()).as(custom.toString()).isTrue();
		assertThat(custom.get("ok").asLong()).isPositive();
		// Bound by the CPU the kit saw, and saying what it did not: ./kit up's backends.
		assertThat(custom.at("/prediction/boundBy").asString()).as(custom.toString()).isEqualTo("cpu");
		assertThat(custom.at("/prediction/formula").asString()).contains("µs CPU of", "gateway");
		// The gateway's CPU per request, from the PID the kit was given.
		assertThat(custom.at("/diagnostics/cpuMicrosPerRequest/gateway").asDouble()).isPositive();
		assertThat(out.resolve("custom/threaddump.txt")).exists();
		JsonNode summary = json.readTree(out.resolve("summary.json").toFile());
		assertThat(summary.at("/params/targetUrl").asString()).isEqualTo(this.stack.get("NGINX_URL"));
		// Nothing was started: the stack's processes are the ones ./kit up started.
		assertThat(bench.err()).doesNotContain("started redis-server").doesNotContain("started gateway-1");
		assertThat(this.kitDir.resolve("pids/gateway-1.pid")).exists();
	}

	@Test
	void runsYourSimulationClass() throws Exception {
		Path out = tmp.resolve("simulation-run");

		Run bench = kit(this.kitDir, 300, args("bench", "--target-url", this.stack.get("NGINX_URL"), "--simulation",
				"dev.gatewaykit.bench.simulation.examples.LivenessSimulation", "--out", out.toString()));

		assertThat(bench.code()).as(bench.describe()).isZero();
		JsonNode custom = json.readTree(out.resolve("custom/mode-summary.json").toFile());
		assertThat(custom.at("/validity/valid").asBoolean()).as(custom.toString()).isTrue();
		assertThat(custom.get("ok").asLong()).isPositive();
		assertThat(Files.readString(out.resolve("custom/gatling.out"))).contains("LivenessSimulation");
		assertThat(json.readTree(out.resolve("summary.json").toFile()).at("/params/simulation").asString())
			.isEqualTo("dev.gatewaykit.bench.simulation.examples.LivenessSimulation");
	}

	@Test
	void sendsWhatARequestFileSays() throws Exception {
		Path out = tmp.resolve("request-file-run");
		Path file = repository().resolve("gatling/requests/example.yaml");

		Run bench = kit(this.kitDir, 300, args("bench", "--target-url", this.stack.get("NGINX_URL"), "--request-file",
				file.toString(), "--out", out.toString()));

		assertThat(bench.code()).as(bench.describe()).isZero();
		JsonNode custom = json.readTree(out.resolve("custom/mode-summary.json").toFile());
		assertThat(custom.at("/validity/valid").asBoolean()).as(custom.toString()).isTrue();
		// The kit's login: the demo users' tokens, then the products with them.
		assertThat(custom.at("/login/ok").asLong()).isPositive();
		assertThat(custom.get("ok").asLong()).isPositive();
	}

	@Test
	void aBadRequestFileStopsTheRunAndSaysWhatIsWrong() throws Exception {
		Path file = Files.writeString(tmp.resolve("bad.yaml"), "requests:\n  - path: /x\n    methd: GET\n");

		Run bench = kit(this.kitDir, 120, args("bench", "--target-url", this.stack.get("NGINX_URL"), "--request-file",
				file.toString(), "--out", tmp.resolve("bad-run").toString()));

		assertThat(bench.code()).as(bench.describe()).isNotZero();
		assertThat(bench.err()).contains("bad.yaml").contains("methd");
	}

	@Test
	void startsYourGatewayJarWithYourArguments() throws Exception {
		Path jar = Files.copy(repository().resolve("gateway/target/gateway-" + version() + ".jar"),
				tmp.resolve("my-gateway.jar"));
		Path out = tmp.resolve("jar-run");
		Path kitDir = Files.createDirectories(tmp.resolve("kit-jar"));

		Run bench = kit(kitDir, 400,
				args("bench", "--gateway-jar", jar.toString(), "--gateway-arg=--spring.profiles.active=fixed",
						"--gateway-arg", "--kit.gateway.mode=bounded-elastic", "--out", out.toString()));

		assertThat(bench.code()).as(bench.describe()).isZero();
		assertThat(bench.err()).contains("gateway-1 (my-gateway.jar, static discovery) healthy");
		JsonNode custom = json.readTree(out.resolve("custom/mode-summary.json").toFile());
		assertThat(custom.at("/validity/valid").asBoolean()).as(custom.toString()).isTrue();
		// The arguments reached the jar: it runs in the mode they named.
		assertThat(custom.at("/gateway/mode").asString()).isEqualTo("bounded-elastic");
		assertThat(custom.at("/diagnostics/cpuMicrosPerRequest/gateway").asDouble()).isPositive();
		JsonNode summary = json.readTree(out.resolve("summary.json").toFile());
		assertThat(summary.at("/params/gatewayJar").asString()).isEqualTo(jar.toString());
		assertThat(out.resolve("report.html")).isNotEmptyFile();
	}

	private static List<String> args(String... args) {
		List<String> all = new ArrayList<>(List.of(args));
		all.addAll(SHORT);
		return all;
	}

	private static String[] array(List<String> args) {
		return args.toArray(String[]::new);
	}

	private Run kit(Path kitDir, int timeoutSeconds, List<String> args) throws Exception {
		return kit(kitDir, timeoutSeconds, array(args));
	}

	/** The kit's command line as {@code ./kit} runs it once the build is there. */
	private Run kit(Path kitDir, int timeoutSeconds, String... args) throws Exception {
		return KitChild.run(kitDir, tmp, Map.of(), timeoutSeconds, args);
	}

	private static Map<String, String> env(Path file) throws IOException {
		Map<String, String> env = new LinkedHashMap<>();
		for (String line : Files.readAllLines(file)) {
			int equals = line.indexOf('=');
			if (equals > 0 && !line.startsWith("#")) {
				env.put(line.substring(0, equals), line.substring(equals + 1).replaceAll("^['\"]|['\"]$", ""));
			}
		}
		return env;
	}

	private static Path repository() {
		return KitChild.repository();
	}

	private static String version() {
		return System.getProperty("kit.project.version");
	}

}
