package dev.gatewaykit.bench.gate;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.paired.GateMetric;
import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.bench.options.UsageException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class GateOptionsTests {

	private static final Path KIT_DIR = Path.of("/tmp/kit");

	@Test
	void byDefaultTheKitsGatewayOnBothSidesTwoJvmsEachCpuAtFivePercent() {
		GateOptions options = parse();

		assertThat(options.baseline().given()).isEmpty();
		assertThat(options.candidate().given()).isEmpty();
		assertThat(options.selection().profile()).contains("fixed");
		assertThat(options.rate()).isEmpty();
		assertThat(options.share()).isEqualTo(0.4);
		assertThat(options.jvms()).isEqualTo(2);
		assertThat(options.window()).isEqualTo(Duration.ofSeconds(10));
		assertThat(options.blockHound()).isTrue();
		assertThat(options.gate().minPairs()).isEqualTo(6);
		assertThat(options.gate().maxPairs()).isEqualTo(10);
		assertThat(options.maxTime()).isEqualTo(Duration.ofMinutes(10));
		assertThat(options.gate().limits()).containsOnlyKeys(GateMetric.GATEWAY_SHARE, GateMetric.STACK_CPU)
			.containsEntry(GateMetric.GATEWAY_SHARE, 5.0)
			.containsEntry(GateMetric.STACK_CPU, 10.0);
		assertThat(options.out().getFileName().toString()).startsWith("gate-");
	}

	@Test
	void eachSideTakesItsOwnJarOrRefAndArguments() {
		GateOptions options = parse("--baseline", "main", "--candidate", "/tmp/new.jar", "--candidate-arg=--a=1",
				"--candidate-arg=--b=2", "--baseline-arg=--c=3", "--rate", "800", "--limit-p99", "off",
				"--limit-gateway-cpu", "3", "--limit-p50", "30", "--no-blockhound", "--jvms", "1", "--out", "/tmp/g",
				"--max-minutes", "0");

		assertThat(options.baseline().given()).isEqualTo("main");
		assertThat(options.baseline().isJar()).isFalse();
		assertThat(options.baseline().arguments()).containsExactly("--c=3");
		assertThat(options.candidate().isJar()).isTrue();
		assertThat(options.candidate().arguments()).containsExactly("--a=1", "--b=2");
		assertThat(options.rate()).contains(800.0);
		assertThat(options.gate().limits()).doesNotContainKey(GateMetric.P99)
			.containsEntry(GateMetric.GATEWAY_CPU, 3.0)
			.containsEntry(GateMetric.P50, 30.0);
		assertThat(options.blockHound()).isFalse();
		assertThat(options.jvms()).isEqualTo(1);
		assertThat(options.maxTime()).isZero();
		assertThat(options.out()).isEqualTo(Path.of("/tmp/g"));
	}

	@Test
	void refusesWhatCannotGiveAVerdict() {
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--min-pairs", "4"))
			.withMessageContaining("4 pairs give no 95 % interval");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--min-pairs", "8", "--max-pairs", "7"))
			.withMessageContaining("need 1 <= min <= max");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--share", "1"))
			.withMessageContaining("--share must be at most 0.95");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--max-minutes", "-1"))
			.withMessageContaining("--max-minutes");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--limit-stack-cpu", "five"))
			.withMessageContaining("--limit-stack-cpu must be a number");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--profile", "fast"))
			.withMessageContaining("--profile: unknown profile or mode 'fast'");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--limit-gateway-share", "off", "--limit-gateway-cpu", "off", "--limit-stack-cpu",
					"off", "--limit-p50", "off", "--limit-p99", "off"))
			.withMessageContaining("a limit on at least one metric");
	}

	private static GateOptions parse(String... argv) {
		return GateOptions.from(ParsedArgs.of("gate", argv), KIT_DIR);
	}

}
