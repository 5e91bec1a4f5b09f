package dev.gatewaykit.bench.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.options.ParsedArgs;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.run.BenchOptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SoakOptionsTests {

	/** A bench run whose fixed mode measured 642 TPS. */
	private static final Path FIXTURE = TestFiles.fixtures().resolve("soak");

	@TempDir
	Path kitDir;

	@Test
	void takesSeventyPercentOfTheNewestRunsFixedThroughput() throws IOException {
		Files.writeString(this.kitDir.resolve("last-run"), FIXTURE + "\n");

		SoakOptions options = parse();

		assertThat(options.rate()).isEqualTo(449.4);
		assertThat(options.rateSource()).contains("70 %").contains("642.0 TPS").contains(FIXTURE.toString());
		assertThat(options.durationSeconds()).isEqualTo(600);
		assertThat(options.warmupSeconds()).isEqualTo(30);
		assertThat(options.settleSeconds()).isEqualTo(30);
		assertThat(options.intervalSeconds()).isEqualTo(5);
		assertThat(SoakRun.rampSeconds(options)).isEqualTo(20);
		assertThat(options.out().getParent()).isEqualTo(this.kitDir);
	}

	@Test
	void takesAnotherShareOfTheRunItIsGiven() {
		SoakOptions options = parse("--fraction", "0.5", "--from-run", FIXTURE.toString());

		assertThat(options.rate()).isEqualTo(321.0);
	}

	@Test
	void anExplicitRateNeedsNoRun() {
		SoakOptions options = parse("--rate", "30", "--duration", "20", "--out", this.kitDir.resolve("s").toString());

		assertThat(options.rate()).isEqualTo(30.0);
		assertThat(options.rateSource()).isEqualTo("--rate");
		assertThat(options.durationSeconds()).isEqualTo(20);
		assertThat(options.out()).isEqualTo(this.kitDir.resolve("s"));
	}

	@Test
	void saysWhatToDoWithoutARunOrARate() {
		assertThatExceptionOfType(BadInputException.class).isThrownBy(this::parse)
			.withMessageContaining("last-run")
			.withMessageContaining("--rate");
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> parse("--from-run", this.kitDir.resolve("nowhere").toString()))
			.withMessageContaining("summary.json")
			.withMessageContaining("--rate");
	}

	@Test
	void takesSeventyPercentOfTheFixedKneeOfAKneeRun() throws IOException {
		Path run = Files.createDirectories(this.kitDir.resolve("knee"));
		Files.writeString(run.resolve("knee.json"),
				"{\"results\":[{\"mode\":\"naive\",\"kneeRate\":34.0,\"resolved\":true},"
						+ "{\"mode\":\"fixed\",\"kneeRate\":1500.0,\"resolved\":true}]}");

		SoakOptions options = parse("--from-run", run.toString());

		assertThat(options.rate()).isEqualTo(1050.0);
		assertThat(options.rateSource()).contains("70 %").contains("knee, 1500 requests/s").contains("knee.json");
	}

	@Test
	void refusesAKneeRunWithoutAFixedKnee() throws IOException {
		Path run = Files.createDirectories(this.kitDir.resolve("knee"));
		Files.writeString(run.resolve("knee.json"), "{\"results\":[{\"mode\":\"naive\",\"kneeRate\":34.0}]}");

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> parse("--from-run", run.toString()))
			.withMessageContaining("no fixed mode with a knee");
	}

	@Test
	void theLeakDetectorIsAdvancedUnlessAskedAndOnlyAtNettysLevels() {
		assertThat(parse("--rate", "30").leakDetection()).isEqualTo("advanced");
		SoakOptions paranoid = parse("--rate", "30", "--leak-detection", "paranoid");
		assertThat(SoakRun.gatewayJvmOptions(paranoid)).contains("-Dio.netty.leakDetection.level=paranoid");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--rate", "30", "--leak-detection", "disabled"))
			.withMessageContaining("--leak-detection");
	}

	@Test
	void refusesARunWithoutAFixedMode() throws IOException {
		Path run = Files.createDirectories(this.kitDir.resolve("naive-only"));
		Files.writeString(run.resolve("summary.json"), "{\"modes\":[{\"mode\":\"naive\",\"tps\":75.0}]}");

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> parse("--from-run", run.toString()))
			.withMessageContaining("no fixed mode");
	}

	@Test
	void refusesContradictoryOrOutOfRangeOptions() {
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--rate", "30", "--fraction", "0.5"))
			.withMessageContaining("pick one");
		assertThatExceptionOfType(UsageException.class)
			.isThrownBy(() -> parse("--fraction", "1.5", "--from-run", FIXTURE.toString()))
			.withMessageContaining("at most 1");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--rate", "0"))
			.withMessageContaining("--rate");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--rate", "1e9"))
			.withMessageContaining("at most");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--rate", "30", "--duration", "7200"))
			.withMessageContaining("--duration");
		assertThatExceptionOfType(UsageException.class).isThrownBy(() -> parse("--rate", "30", "--interval", "0"))
			.withMessageContaining("--interval");
	}

	@Test
	void theLoadIsTheBenchsOpenModelOnTheFixedGatewayWithItsStartOutOfTheWindow() {
		SoakOptions options = parse("--rate", "30", "--duration", "20", "--out", this.kitDir.resolve("s").toString());

		BenchOptions bench = options.benchOptions(this.kitDir);

		assertThat(bench.modes()).containsExactly("fixed");
		assertThat(bench.rate()).contains(30.0);
		assertThat(bench.loadProperties()).containsEntry("bench.model", "open")
			.containsEntry("bench.rate", "30.0")
			.containsEntry("bench.warmupSeconds", "30")
			.containsEntry("bench.durationSeconds", "20");
		assertThat(bench.profile()).isEqualTo(ProfilerEvent.OFF);
		assertThat(bench.ceiling()).isFalse();
		assertThat(bench.out()).isEqualTo(this.kitDir.resolve("s"));
		assertThat(SoakRun.benchCase(bench, options).gatewayJvmOptions())
			.containsExactly("-Dio.netty.leakDetection.level=advanced", "-Dio.netty.leakDetection.targetRecords=8");
	}

	private SoakOptions parse(String... argv) {
		return SoakOptions.from(ParsedArgs.of("soak", argv), this.kitDir);
	}

}
