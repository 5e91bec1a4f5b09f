package dev.gatewaykit.launcher.gatling;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.launcher.Workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The compose {@code gatling} service's run and {@code ./kit bench}'s are one: given the
 * same settings, the same command line and the same files.
 */
class GatlingMainTests {

	private static final LocalDateTime STARTED = LocalDateTime.of(2026, 11, 25, 23, 58, 7);

	private static final Path IMAGE = Path.of("/injector");

	/** The class path the image's run and the kit's both take from the workspace. */
	private static final List<Path> CLASS_PATH = new Workspace(IMAGE, IMAGE.resolve("target/kit"), "0.1.0")
		.gatlingClassPath();

	/** What docker-compose.yml gives the gatling service, with the load test file. */
	private static final Map<String, String> COMPOSE = Map.of("BENCH_BASE_URL", "http://nginx", "BENCH_LABEL", "fixed",
			"BENCH_USERS", "150", "BENCH_RATE", "", "BENCH_WARMUP_SECONDS", "auto", "BENCH_DURATION_SECONDS", "60",
			"BENCH_USERS_CSV", "/var/lib/kit/demo-users.csv", "BENCH_OUT", "/bench/out");

	@Test
	void buildsTheCommandLineTheKitBuildsForTheSameSettings() {
		Path dir = Path.of("/bench/out/20261125-235807/fixed");
		// ./kit bench's path (BenchRun): its default load, the environment's JVM
		// options, the properties of a gateway run.
		Load kitDefaults = new Load(Load.DEFAULT_USERS, Optional.empty(), Optional.empty(),
				Load.DEFAULT_MAX_WARMUP_SECONDS, Load.DEFAULT_DURATION_SECONDS, Load.DEFAULT_REQUEST_TIMEOUT_MS,
				Optional.empty(), false);
		GatlingRun kit = new GatlingRun(GatlingRun.SIMULATION, CLASS_PATH, List.of(), GatlingRun.jvmOptions(Map.of()),
				GatlingRun.properties(URI.create("http://nginx"), "gateway", kitDefaults.properties(),
						Path.of("/var/lib/kit/demo-users.csv"), "fixed", dir),
				dir, "fixed", kitDefaults.timeout());

		GatlingRun compose = GatlingMain.gatlingRun(COMPOSE, CLASS_PATH, STARTED);

		assertThat(compose.command()).isEqualTo(kit.command());
		assertThat(compose.dir()).isEqualTo(dir);
		assertThat(compose.timeout()).isEqualTo(kit.timeout()).isEqualTo(Duration.ofSeconds(150 + 60 + 90 + 300));
		assertThat(compose.command()).containsSubsequence("-Xms256m", "-Xmx1g", "-XX:ThreadPriorityPolicy=1", "-cp",
				"/injector/gatling/target/bench-lib/*:/injector/gatling/target/classes"
						+ ":/injector/gatling/target/test-classes",
				"-Dbench.baseUrl=http://nginx", "-Dbench.target=gateway", "-Dbench.model=closed", "-Dbench.users=150",
				"-Dbench.warmupSeconds=auto", "-Dbench.maxWarmupSeconds=150", "-Dbench.durationSeconds=60",
				"-Dbench.requestTimeoutMs=90000", "-Dbench.usersCsv=/var/lib/kit/demo-users.csv", "-Dbench.label=fixed",
				"-Dbench.out=" + dir, "io.gatling.app.Gatling", "-s", GatlingRun.SIMULATION, "-rf",
				dir.resolve("gatling-results").toString());
	}

	@Test
	void anOpenModelAFixedWarmupAndTheInjectorsJvmOptionsComeFromTheEnvironment() {
		Map<String, String> environment = new HashMap<>(COMPOSE);
		environment.putAll(Map.of("BENCH_RATE", "400", "BENCH_WARMUP_SECONDS", "20", "BENCH_LABEL", "naive",
				"KIT_GATLING_JVM_OPTS", " -Xmx2g  -XX:+UseParallelGC "));
		Load load = new Load(Load.DEFAULT_USERS, Optional.of(400.0), Optional.of(20), Load.DEFAULT_MAX_WARMUP_SECONDS,
				60, Load.DEFAULT_REQUEST_TIMEOUT_MS, Optional.empty(), false);
		Path dir = Path.of("/bench/out/20261125-235807/naive");

		GatlingRun compose = GatlingMain.gatlingRun(environment, CLASS_PATH, STARTED);

		assertThat(compose.command())
			.isEqualTo(new GatlingRun(CLASS_PATH, List.of("-Xmx2g", "-XX:+UseParallelGC"),
					GatlingRun.properties(URI.create("http://nginx"), "gateway", load.properties(),
							Path.of("/var/lib/kit/demo-users.csv"), "naive", dir),
					dir, "naive", load.timeout())
				.command());
		assertThat(compose.command()).contains("-Dbench.model=open", "-Dbench.rate=400.0", "-Dbench.warmupSeconds=20")
			.doesNotContain("-Dbench.users=150", "-Xmx1g", "-Dbench.honourRetryAfter=true");
	}

	@Test
	void aUserHonoursRetryAfterOnlyWhenTheEnvironmentSaysSo() {
		Map<String, String> environment = new HashMap<>(COMPOSE);
		environment.put("BENCH_HONOUR_RETRY_AFTER", "true");

		assertThat(GatlingMain.gatlingRun(environment, CLASS_PATH, STARTED).command())
			.contains("-Dbench.honourRetryAfter=true");

		environment.put("BENCH_HONOUR_RETRY_AFTER", "sometimes");
		assertThatIllegalArgumentException().isThrownBy(() -> GatlingMain.gatlingRun(environment, CLASS_PATH, STARTED))
			.withMessage("BENCH_HONOUR_RETRY_AFTER must be true or false, was 'sometimes'");
	}

	@Test
	void refusesAMissingOrMalformedSetting() {
		Map<String, String> noOut = new HashMap<>(COMPOSE);
		noOut.remove("BENCH_OUT");
		assertThatIllegalArgumentException().isThrownBy(() -> GatlingMain.gatlingRun(noOut, CLASS_PATH, STARTED))
			.withMessage("BENCH_OUT is not set");
		Map<String, String> badUsers = new HashMap<>(COMPOSE);
		badUsers.put("BENCH_USERS", "lots");
		assertThatIllegalArgumentException().isThrownBy(() -> GatlingMain.gatlingRun(badUsers, CLASS_PATH, STARTED))
			.withMessage("BENCH_USERS must be a whole number of at least 1, was 'lots'");
	}

	@Test
	void stopsBeforeStartingGatlingWithoutDemoUsers(@TempDir Path dir) throws IOException {
		Map<String, String> environment = new HashMap<>(COMPOSE);
		environment.put("BENCH_USERS_CSV", dir.resolve("demo-users.csv").toString());
		environment.put("BENCH_OUT", dir.resolve("out").toString());
		ByteArrayOutputStream err = new ByteArrayOutputStream();

		int status = GatlingMain.run(new String[0], environment, CLASS_PATH,
				new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));

		assertThat(status).isEqualTo(1);
		assertThat(err.toString(StandardCharsets.UTF_8)).contains("no demo users at " + dir.resolve("demo-users.csv"),
				"docker/compose.load-test.yml");
		assertThat(dir.resolve("out")).doesNotExist();
	}

	@Test
	void helpNamesEveryVariableItReads() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();

		int status = GatlingMain.run(new String[] { "--help" }, Map.of(), CLASS_PATH,
				new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));

		assertThat(status).isZero();
		assertThat(out.toString(StandardCharsets.UTF_8)).contains(GatlingMain.VARIABLES);
		assertThat(GatlingMain.run(new String[] { "--users" }, Map.of(), CLASS_PATH,
				new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())))
			.isEqualTo(2);
	}

}
