package dev.gatewaykit.bench.knee;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.drive.CpuSplit;
import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.nginx.NginxConfig.EdgeLimit;
import dev.gatewaykit.bench.run.BenchOptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class KneeOptionsTests {

	private static final Path KIT_DIR = Path.of("/tmp/kit");

	private static KneeOptions parse(String... argv) {
		return KneeOptions.from(ParsedArgs.of("knee", argv), KIT_DIR);
	}

	@Test
	void byDefaultTheNaiveAndFixedModesFromFiftyAtTheBenchsLinks() {
		KneeOptions options = parse();

		assertThat(options.modes()).extracting(KneeOptions.Mode::name).containsExactly("naive", "fixed");
		assertThat(options.modes().get(0).selection().profile()).contains("naive");
		assertThat(options.gatewayJar()).isEmpty();
		assertThat(options.start()).isEqualTo(50);
		assertThat(options.resolution()).isEqualTo(0.05);
		assertThat(options.criteria().maxP99Ms()).isEqualTo(200);
		assertThat(options.criteria().maxErrorPct()).isEqualTo(0.1);
		assertThat(options.window()).isEqualTo(Duration.ofSeconds(10));
		assertThat(options.holds()).isEqualTo(2);
		assertThat(options.redisLatencyMs()).isEqualTo(1);
		assertThat(options.authLatencyMs()).isEqualTo(50);
		assertThat(options.out().getFileName().toString()).startsWith("knee-");
	}

	@Test
	void takesModesTargetsAndLimits() {
		KneeOptions options = parse("--modes", "fixed, reactive,fixed", "--from", "200", "--p99-ms", "50",
				"--max-error-pct", "0", "--resolution-pct", "10", "--max-steps", "6", "--holds", "1", "--auth-latency",
				"0");

		assertThat(options.modes()).extracting(KneeOptions.Mode::name).containsExactly("fixed", "reactive");
		assertThat(options.modes().get(1).selection().mode()).contains("reactive");
		assertThat(options.start()).isEqualTo(200);
		assertThat(options.criteria().maxP99Ms()).isEqualTo(50);
		assertThat(options.criteria().maxErrorPct()).isZero();
		assertThat(options.resolution()).isEqualTo(0.1);
		assertThat(options.maxSteps()).isEqualTo(6);
		assertThat(options.holds()).isEqualTo(1);
		assertThat(options.authLatencyMs()).isZero();
	}

	@Test
	void gatewayArgumentsGoToEveryModeAfterItsOwn() {
		KneeOptions options = parse("--modes", "fixed,vanilla", "--gateway-arg=--kit.gateway.admission.enabled=true",
				"--gateway-arg", "--logging.level.root=WARN");

		assertThat(options.modes().get(0).arguments()).containsExactly("--kit.gateway.admission.enabled=true",
				"--logging.level.root=WARN");
		assertThat(options.modes().get(1).arguments()).containsExactly(BenchOptions.VANILLA_ROUTE,
				"--kit.gateway.admission.enabled=true", "--logging.level.root=WARN");
	}

	@Test
	void aModeWithAdmissionIsTheSameGatewayWithItsLimitOn() {
		KneeOptions options = parse("--modes", "fixed,fixed+admission,vanilla+admission");

		assertThat(options.modes()).extracting(KneeOptions.Mode::name)
			.containsExactly("fixed", "fixed+admission", "vanilla+admission");
		KneeOptions.Mode admitted = options.modes().get(1);
		assertThat(admitted.selection()).isEqualTo(options.modes().get(0).selection());
		assertThat(admitted.arguments()).containsExactly("--kit.gateway.admission.enabled=true");
		assertThat(options.modes().get(2).plain()).isTrue();
		assertThat(options.modes().get(2).arguments()).containsExactly(BenchOptions.VANILLA_ROUTE,
				"--kit.gateway.admission.enabled=true");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--modes", "nope+admission"))
			.withMessageStartingWith("--modes:");
	}

	@Test
	void aModeWithoutAdmissionIsTheSameGatewayWithItsLimitOff() {
		KneeOptions options = parse("--modes", "fixed,fixed-admission");

		KneeOptions.Mode unlimited = options.modes().get(1);
		assertThat(unlimited.name()).isEqualTo("fixed-admission");
		assertThat(unlimited.selection()).isEqualTo(options.modes().get(0).selection());
		assertThat(unlimited.arguments()).containsExactly("--kit.gateway.admission.enabled=false");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--modes", "nope-admission"))
			.withMessageStartingWith("--modes:");
	}

	@Test
	void theOverloadIsAskedForAndItsMultiplesChecked() {
		assertThat(parse().overload()).isEmpty();
		assertThat(parse("--overload").overload()).containsExactly(1.0, 1.5, 2.0, 3.0);
		assertThat(parse("--overload", "--overload-multiples", "2, 4").overload()).containsExactly(2.0, 4.0);
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--overload", "--overload-multiples", "1,x"))
			.withMessage("--overload-multiples: not a number: 'x'");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--overload", "--overload-multiples", "0.5"))
			.withMessageContaining("each must be above 0.5");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--overload-multiples", "2"))
			.withMessage("--overload-multiples needs --overload");
	}

	@Test
	void nginxCapsRequestsInProgressOrASecondOnlyWhenAnEdgeLimitIsGiven() {
		assertThat(parse().edgeLimit()).isEmpty();
		assertThat(parse("--edge-limit", "100").edgeLimit()).contains(new EdgeLimit.InProgress(100));
		assertThat(parse("--edge-rate", "350").edgeLimit()).contains(new EdgeLimit.Rate(350));
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--edge-limit", "0"))
			.withMessageContaining("--edge-limit");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--edge-limit", "many"))
			.withMessageContaining("--edge-limit");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--edge-rate", "0"))
			.withMessageContaining("--edge-rate");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--edge-limit", "100", "--edge-rate", "350"))
			.withMessage("--edge-limit and --edge-rate are two ways to cap nginx: give one of them");
	}

	@Test
	void anEdgeLimitFromTheKneeIsSizedAfterTheSearchSoItNeedsTheOverloadOrTheColdStart() {
		KneeOptions auto = parse("--edge-limit", "auto", "--overload");
		assertThat(auto.edgeFromKnee()).contains(EdgeLimit.Kind.IN_PROGRESS);
		assertThat(auto.edgeLimit()).as("no cap given: the search runs without one").isEmpty();
		assertThat(parse("--edge-limit", "auto", "--cold-start").edgeFromKnee()).contains(EdgeLimit.Kind.IN_PROGRESS);
		assertThat(parse("--edge-rate", "auto", "--cold-start").edgeFromKnee()).contains(EdgeLimit.Kind.RATE);
		assertThat(parse("--edge-rate", "auto", "--cold-start").edgeLimit()).isEmpty();
		assertThat(parse("--edge-limit", "100").edgeFromKnee()).isEmpty();
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--edge-limit", "auto"))
			.withMessageContaining("--overload or --cold-start");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--edge-rate", "auto"))
			.withMessageStartingWith("--edge-rate auto")
			.withMessageContaining("--overload or --cold-start");
	}

	@Test
	void theJitLogIsTheColdStartsSoItNeedsIt() {
		assertThat(parse("--cold-start").jitLog()).isFalse();
		assertThat(parse("--cold-start", "--jit-log").jitLog()).isTrue();
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--jit-log"))
			.withMessage("--jit-log needs --cold-start: it logs the cold gateway's JIT");
		assertThat(parse("--cold-start", "--cold-start-profile").coldStartProfile()).isTrue();
		assertThat(parse("--cold-start").coldStartProfile()).isFalse();
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--cold-start-profile"))
			.withMessage("--cold-start-profile needs --cold-start: it profiles the cold gateway");
	}

	@Test
	void aGatewayBehindACapInProgressIsToldItsSizeBeforeItsOwnArguments() {
		List<String> own = List.of("--kit.gateway.admission.edge-cap=50");

		assertThat(KneeOptions.behindEdge(Optional.of(new EdgeLimit.InProgress(281)), own))
			.containsExactly("--kit.gateway.admission.edge-cap=281", "--kit.gateway.admission.edge-cap=50");
		assertThat(KneeOptions.behindEdge(Optional.of(new EdgeLimit.Rate(900)), own)).isEqualTo(own);
		assertThat(KneeOptions.behindEdge(Optional.empty(), own)).isEqualTo(own);
	}

	@Test
	void headroomMultipliesOnlyACapSizedFromTheKnee() {
		assertThat(parse("--edge-limit", "auto", "--overload").edgeHeadroom()).isEqualTo(1.5);
		assertThat(parse("--edge-rate", "auto", "--overload").edgeHeadroom()).isEqualTo(1);
		assertThat(parse("--edge-limit", "auto", "--overload", "--edge-headroom", "1").edgeHeadroom()).isEqualTo(1);
		assertThat(parse("--edge-rate", "auto", "--cold-start", "--edge-headroom", "1.25").edgeHeadroom())
			.isEqualTo(1.25);
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--edge-limit", "100", "--overload", "--edge-headroom", "1.5"))
			.withMessageStartingWith("--edge-headroom multiplies the cap auto sizes");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--overload", "--edge-headroom", "1.5"))
			.withMessageContaining("--edge-limit auto or --edge-rate auto");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--edge-limit", "auto", "--overload", "--edge-headroom", "0.1"))
			.withMessageContaining("at least 0.25");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--edge-limit", "auto", "--overload", "--edge-headroom", "11"))
			.withMessage("--edge-headroom must be at most 10, was '11'");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--edge-limit", "auto", "--overload", "--edge-headroom", "lots"))
			.withMessageContaining("must be a number");
	}

	@Test
	void theLoadAndTheStackArePinnedApartOnlyWhenBothAreGiven() {
		assertThat(parse().cpuSplit()).isEmpty();
		assumeTrue(Runtime.getRuntime().availableProcessors() >= 2);
		assertThat(parse("--load-cpus", "1", "--stack-cpus", "0").cpuSplit()).contains(new CpuSplit("1", "0"));
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--load-cpus", "1"))
			.withMessage("--load-cpus and --stack-cpus go together: the load's CPUs and the stack's");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--load-cpus", "0", "--stack-cpus", "0"))
			.withMessage("--load-cpus/--stack-cpus: the load's CPUs (0) and the stack's (0) must not share one");
	}

	@Test
	void vanillaIsTheFixedGatewaysPlainRouteReadWithoutALogin() {
		KneeOptions options = parse("--modes", "fixed,vanilla");

		KneeOptions.Mode fixed = options.modes().get(0);
		KneeOptions.Mode vanilla = options.modes().get(1);
		assertThat(fixed.plain()).isFalse();
		assertThat(fixed.arguments()).isEmpty();
		assertThat(vanilla.plain()).isTrue();
		assertThat(vanilla.selection().profile()).contains("fixed");
		assertThat(vanilla.arguments()).containsExactly("--kit.routes.vanilla=true");
	}

	@Test
	void aUsersJarIsTheOneModeCustom(@TempDir Path dir) throws Exception {
		Path jar = Files.createFile(dir.resolve("my-gateway.jar"));

		KneeOptions options = parse("--gateway-jar", jar.toString());

		assertThat(options.modes()).extracting(KneeOptions.Mode::name).containsExactly("custom");
		assertThat(options.gatewayJar()).contains(jar);
	}

	@Test
	void badInputSaysWhatIsWrong(@TempDir Path dir) {
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--modes", "fast"))
			.withMessageContaining("--modes: unknown profile or mode 'fast'");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--gateway-jar", dir.resolve("none.jar").toString()))
			.withMessageContaining("--gateway-jar: no such .jar file");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--from", "500", "--max-rate", "100"))
			.withMessageContaining("--max-rate (100.0) is below --from (500.0)");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--from", "0"))
			.withMessageContaining("--from must be a number of at least 1");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--p99-ms", "soon"))
			.withMessageContaining("--p99-ms must be a number");
	}

}
