package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.gatling.Load;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.stack.Discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BenchOptionsTests {

	private static final Path KIT_DIR = Path.of("/tmp/kit");

	@Test
	void theDefaultsReproduceTheIncident() {
		BenchOptions options = parse();

		assertThat(options.modes()).containsExactly("naive", "fixed", "vanilla");
		assertThat(options.profile()).isEqualTo(ProfilerEvent.WALL);
		assertThat(options.blockHound()).isFalse();
		assertThat(options.gatewayJvmOptions()).isEmpty();
		assertThat(options.gatewayArguments("fixed")).isEmpty();
		assertThat(options.users()).isEqualTo(150);
		assertThat(options.durationSeconds()).isEqualTo(60);
		assertThat(options.warmupSeconds()).isEmpty();
		assertThat(options.maxWarmupSeconds()).isEqualTo(150);
		assertThat(options.redisLatencyMs()).isEqualTo(1);
		assertThat(options.authLatencyMs()).isEqualTo(50);
		assertThat(options.nginx()).isEqualTo(NginxConfig.Variant.TUNED);
		assertThat(options.discovery()).isEqualTo(Discovery.STATIC);
		assertThat(options.ceiling()).isTrue();
		assertThat(options.out()).hasParentRaw(KIT_DIR);
		assertThat(options.loadProperties()).containsEntry("bench.model", "closed")
			.containsEntry("bench.users", "150")
			.containsEntry("bench.warmupSeconds", "auto")
			.containsEntry("bench.requestTimeoutMs", "90000");
		// The compose gatling service's defaults (GatlingMain) are the same load.
		assertThat(options.load())
			.isEqualTo(new Load(Load.DEFAULT_USERS, Optional.empty(), Optional.empty(), Load.DEFAULT_MAX_WARMUP_SECONDS,
					Load.DEFAULT_DURATION_SECONDS, Load.DEFAULT_REQUEST_TIMEOUT_MS, Optional.empty(), false));
		assertThat(options.loadProperties()).doesNotContainKey("bench.honourRetryAfter");
		assertThat(options.params()).doesNotContainKey("honourRetryAfter");
	}

	/** A polite client's load: the simulation is told, and so is the run's record. */
	@Test
	void honoursRetryAfterWhenAsked() {
		BenchOptions options = parse("--honour-retry-after");

		assertThat(options.loadProperties()).containsEntry("bench.honourRetryAfter", "true");
		assertThat(options.params()).containsEntry("honourRetryAfter", true);
	}

	/** gateway-mvc's modes run beside the WebFlux ones, each from its own module. */
	@Test
	void takesTheMvcModesMixedWithTheOthers() {
		BenchOptions options = parse("--modes", "mvc-virtual,mvc-platform,naive,fixed");

		assertThat(options.modes()).containsExactly("mvc-virtual", "mvc-platform", "naive", "fixed");
		assertThat(BenchOptions.selection("mvc-virtual").module()).isEqualTo("gateway-mvc");
		assertThat(BenchOptions.selection("mvc-platform").profile()).contains("mvc-platform");
		assertThat(BenchOptions.selection("mvc-platform").mode()).isEmpty();
		assertThat(BenchOptions.selection("naive").module()).isEqualTo("gateway");
		assertThat(options.gatewayArguments("mvc-virtual")).isEmpty();
	}

	@Test
	void refusesWhatGatewayMvcDoesNotHave() {
		assertUsage("mvc-virtual runs gateway-mvc, which has no Nacos discovery", "--modes", "naive,mvc-virtual",
				"--discovery", "nacos");
		assertUsage("--blockhound", "--modes", "mvc-platform", "--blockhound");
	}

	@Test
	void quickIsShortAndSkipsTheCeilingUnlessAskedFor() {
		assertThat(parse("--quick")).satisfies((options) -> {
			assertThat(options.durationSeconds()).isEqualTo(15);
			assertThat(options.maxWarmupSeconds()).isEqualTo(40);
			assertThat(options.ceiling()).isFalse();
			assertThat(options.profile()).isEqualTo(ProfilerEvent.OFF);
		});
		assertThat(parse("--quick", "--profile", "cpu").profile()).isEqualTo(ProfilerEvent.CPU);
		assertThat(parse("--quick", "--ceiling").ceiling()).isTrue();
	}

	@Test
	void acceptsUnitsTheWayTheHelpWritesThem() {
		BenchOptions options = parse("--duration", "30s", "--warmup", "12s", "--auth-latency", "25ms");

		assertThat(options.durationSeconds()).isEqualTo(30);
		assertThat(options.warmupSeconds()).contains(12);
		assertThat(options.authLatencyMs()).isEqualTo(25);
	}

	@Test
	void aFlipRunIsOneModeInsideTheWindow() {
		assertThat(parse("--flip-at", "20").modes()).containsExactly("flip");
		assertThat(parse("--flip-at", "20").flipAtSeconds()).isEqualTo(Optional.of(20));
		assertUsage("--flip-at 60s must fall inside the measured window", "--flip-at", "60");
		assertUsage("leave --modes out", "--flip-at", "20", "--modes", "naive");
		assertUsage("--min-ratio compares fixed with naive", "--flip-at", "20", "--min-ratio", "3");
	}

	@Test
	void badValuesNameTheOption() {
		assertUsage("unknown mode 'turbo'", "--modes", "naive,turbo");
		assertUsage("--max-warmup must be a whole number of at least 20", "--max-warmup", "10");
		assertUsage("--warmup must be auto or a whole number of seconds, was 'soon'", "--warmup", "soon");
		assertUsage("--discovery must be static or nacos", "--discovery", "consul");
		assertUsage("unknown variant 'fast'", "--nginx", "fast");
		assertUsage("--compare: no such file", "--compare", "/nonexistent/summary.json");
		assertUsage("--ceiling and --no-ceiling exclude each other", "--ceiling", "--no-ceiling");
	}

	@Test
	void vanillaIsTheFixedGatewayWithItsPlainRouteOn() {
		BenchOptions options = parse("--modes", "vanilla,fixed");

		assertThat(BenchOptions.selection("vanilla")).isEqualTo(BenchOptions.selection("fixed"));
		assertThat(options.gatewayArguments("vanilla")).containsExactly("--kit.routes.vanilla=true");
		assertThat(options.gatewayArguments("fixed")).isEmpty();
	}

	@Test
	void blockHoundTurnsTheRecorderOnAndAllowsItsClassRewriting() {
		BenchOptions options = parse("--blockhound", "--modes", "naive");

		assertThat(options.gatewayArguments("naive")).containsExactly("--kit.diagnostics.block-hound=true");
		assertThat(options.gatewayJvmOptions()).containsExactly("-XX:+AllowRedefinitionToAddDeleteMethods");
		assertThat(options.params()).containsEntry("blockHound", true).containsEntry("profile", "wall");
	}

	@Test
	void anUnknownProfilerEventNamesTheAcceptedOnes() {
		assertUsage("--profile must be one of off, cpu, wall, alloc, was 'lock'", "--profile", "lock");
	}

	@Test
	void recordsTheParametersItRanWith() {
		Map<String, Object> params = parse("--rate", "500", "--nginx", "naive").params();

		assertThat(params).containsEntry("model", "open")
			.containsEntry("rate", 500.0)
			.containsEntry("nginx", "naive")
			.containsEntry("warmup", "auto");
	}

	@Test
	void repeatsNameEachRepeatsDirectory() {
		assertThat(parse().repeat()).isEqualTo(1);
		assertThat(parse().repeatDirectory("fixed", 1)).isEqualTo("fixed");
		BenchOptions options = parse("--repeat", "3");
		assertThat(options.repeatDirectory("fixed", 2)).isEqualTo("fixed_2");
		assertThat(options.params()).containsEntry("repeat", 3);
		assertUsage("--repeat must be a whole number of at least 1, was '0'", "--repeat", "0");
	}

	@Test
	void yourGatewayJarIsOneModeWithYourArgumentsLast(@TempDir Path dir) throws IOException {
		Path jar = Files.createFile(dir.resolve("my-gateway.jar"));

		BenchOptions options = parse("--gateway-jar", jar.toString(), "--gateway-arg", "--a=1", "--gateway-arg",
				"--b=2", "--blockhound");

		assertThat(options.modes()).containsExactly(ModeSummary.CUSTOM);
		assertThat(options.gateway().jar()).contains(jar);
		assertThat(options.gatewayArguments(ModeSummary.CUSTOM)).containsExactly("--kit.diagnostics.block-hound=true",
				"--a=1", "--b=2");
		assertThat(options.params()).containsEntry("gatewayJar", jar.toString())
			.containsEntry("gatewayArgs", List.of("--a=1", "--b=2"));
		assertThat(BenchOptions.selection(ModeSummary.CUSTOM).profile()).isEmpty();
		assertUsage("is not a .jar file", "--gateway-jar", dir.resolve("missing.jar").toString());
		assertUsage("leave --modes and --flip-at out", "--gateway-jar", jar.toString(), "--modes", "fixed");
		assertUsage("pick one", "--gateway-jar", jar.toString(), "--target-url", "http://127.0.0.1:8080");
	}

	@Test
	void aTargetUrlStartsNothing() {
		BenchOptions options = parse("--target-url", "http://127.0.0.1:18080", "--target-pid",
				String.valueOf(ProcessHandle.current().pid()));

		assertThat(options.modes()).containsExactly(ModeSummary.CUSTOM);
		assertThat(options.ceiling()).isFalse();
		assertThat(options.gateway().pid()).contains(ProcessHandle.current().pid());
		assertUsage("--target-url must be an http:// or https:// URL with a host", "--target-url", "localhost:80");
		assertUsage("--blockhound is installed by the kit", "--target-url", "http://127.0.0.1:1", "--blockhound");
		assertUsage("--gateway-arg is for a gateway the kit starts", "--target-url", "http://127.0.0.1:1",
				"--gateway-arg", "--x=y");
		assertUsage("--target-pid goes with --target-url", "--target-pid", "1");
		assertUsage("--ceiling measures nginx", "--target-url", "http://127.0.0.1:1", "--ceiling");
	}

	@Test
	void theScenarioIsTheKitsARequestFileOrYourSimulation(@TempDir Path dir) throws IOException {
		Path requests = Files.writeString(dir.resolve("requests.yaml"), "requests: []\n");

		assertThat(parse().scenario().simulation()).isEqualTo(BenchOptions.Scenario.KIT);
		BenchOptions file = parse("--request-file", requests.toString());
		assertThat(file.scenario().simulation()).isEqualTo(BenchOptions.Scenario.REQUEST_FILE);
		assertThat(file.loadProperties()).containsEntry("bench.requestFile", requests.toString());
		assertThat(parse("--simulation", "com.acme.MySimulation").scenario().simulation())
			.isEqualTo("com.acme.MySimulation");
		assertUsage("pick one", "--simulation", "com.acme.X", "--request-file", requests.toString());
		assertUsage("--simulation must be a fully qualified class name", "--simulation", "my sim");
		assertUsage("--request-file: no such file", "--request-file", dir.resolve("none.yaml").toString());
		assertUsage("--simulation-classpath goes with --simulation", "--simulation-classpath", dir.toString());
	}

	@Test
	void severalInjectorsNeedAFixedWarmUpAndAUserEachAndAreNamedInTheParameters() {
		assertThat(parse().injectors()).isEqualTo(1);
		assertThat(parse().params()).doesNotContainKey("injectors");
		BenchOptions two = parse("--injectors", "2", "--warmup", "30", "--rate", "900");
		assertThat(two.injectors()).isEqualTo(2);
		assertThat(two.params()).containsEntry("injectors", 2);
		// The load is the total; each injector's share is Injectors.split's.
		assertThat(two.loadProperties()).containsEntry("bench.rate", "900.0");

		assertUsage("give a fixed --warmup S", "--injectors", "2");
		assertUsage("--users must be at least 3", "--injectors", "3", "--warmup", "30", "--users", "2");
		assertUsage("--injectors must be a whole number of at least 1", "--injectors", "0");
	}

	@Test
	void theScalingCurveRisesFromOneGatewayAndIsNamedInTheParameters() {
		assertThat(parse().gateways()).containsExactly(1);
		// As before the option: one, a number.
		assertThat(parse().params()).containsEntry("gateways", 1);
		BenchOptions curve = parse("--gateways", "1, 2,4");
		assertThat(curve.gateways()).containsExactly(1, 2, 4);
		assertThat(curve.params()).containsEntry("gateways", List.of(1, 2, 4));
		assertThat(BenchOptions.scaleDirectory("fixed", 1)).isEqualTo("fixed");
		assertThat(BenchOptions.scaleDirectory("fixed", 2)).isEqualTo("fixed@2gw");

		assertUsage("--gateways must start at 1", "--gateways", "2,4");
		assertUsage("--gateways must rise", "--gateways", "1,4,2");
		assertUsage("--gateways must rise", "--gateways", "1,1");
		assertUsage("at most 8 gateways", "--gateways", "1,9");
		assertUsage("--gateways must be a list of whole numbers", "--gateways", "1,two");
		assertUsage("a --target-url gateway is already running", "--gateways", "1,2", "--target-url",
				"http://127.0.0.1:1");
		assertUsage("leave --gateways out", "--gateways", "1,2", "--flip-at", "30");
		assertUsage("repeat the bench to see its spread", "--gateways", "1,2", "--repeat", "2");
	}

	private static BenchOptions parse(String... argv) {
		return BenchOptions.from(ParsedArgs.of("bench", argv), Map.of(), KIT_DIR);
	}

	private static void assertUsage(String message, String... argv) {
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse(argv)).withMessageContaining(message);
	}

}
