package dev.gatewaykit.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.merge.InjectorMerge;
import dev.gatewaykit.bench.analysis.merge.SyntheticInjector;
import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.LatencyLog;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class InjectorsTests {

	private static final long INSTANT = 1_764_244_480_000L;

	@TempDir
	Path dir;

	@Test
	void splitsTheUsersAsEvenlyAsWholeUsersGoAndGivesEachTheStartInstant() {
		Map<String, String> load = Map.of("bench.model", "closed", "bench.users", "150", "bench.warmupSeconds", "30");

		List<Map<String, String>> shares = Injectors.split(load, 4, INSTANT);

		assertThat(shares).extracting((share) -> share.get("bench.users")).containsExactly("38", "38", "37", "37");
		assertThat(shares)
			.allSatisfy((share) -> assertThat(share).containsEntry("bench.windowStartEpochMs", String.valueOf(INSTANT))
				.containsEntry("bench.model", "closed")
				.containsEntry("bench.warmupSeconds", "30"));
	}

	@Test
	void splitsTheRateEvenly() {
		List<Map<String, String>> shares = Injectors
			.split(Map.of("bench.model", "open", "bench.rate", "1100.0", "bench.warmupSeconds", "30"), 2, INSTANT);

		assertThat(shares).extracting((share) -> share.get("bench.rate")).containsExactly("550.0", "550.0");
		assertThat(shares).allSatisfy((share) -> assertThat(share).doesNotContainKey("bench.users"));
	}

	@Test
	void refusesFewerUsersThanInjectors() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Injectors.split(Map.of("bench.users", "2", "bench.warmupSeconds", "30"), 3, INSTANT))
			.withMessageContaining("2 users cannot be split over 3 injectors");
	}

	@Test
	void theWindowsOpenAfterTheAllowanceAndTheWarmUpOnAWholeSecond() {
		long now = 1_764_244_400_123L;

		long instant = Injectors.startInstant(now, Map.of("bench.warmupSeconds", "30"));

		assertThat(instant % 1000).isZero();
		assertThat(instant - now).isBetween(90_000L, 91_000L);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Injectors.startInstant(now, Map.of("bench.warmupSeconds", "auto")))
			.withMessageContaining("need a fixed warm-up");
	}

	@Test
	void mergesTheInjectorsIntoTheCasesDirectoryKeepingTheFirstsOwnFiles() throws Exception {
		new SyntheticInjector("injector 1", INSTANT, 3).ok(0, 10, 100)
			.ok(1, 10, 100)
			.workload(Workload.open(50))
			.write(this.dir);
		new SyntheticInjector("injector 2", INSTANT, 3).ok(1, 30, 100)
			.ok(2, 30, 100)
			.workload(Workload.open(50))
			.write(Injectors.directory(this.dir, 2));
		Files.writeString(this.dir.resolve("phase.json"), "{}");

		InjectorMerge.Merged merged = Injectors.merge(this.dir, 2);

		MeasuredRun run = BenchJson.read(this.dir.resolve("measured.json"), MeasuredRun.class);
		assertThat(run).isEqualTo(merged.measured());
		assertThat(run.measured().ok()).isEqualTo(400);
		assertThat(run.measured().latencyMs().max()).isEqualTo(30);
		assertThat(run.workload()).isEqualTo(Workload.open(100));
		assertThat(LatencyLog.read(this.dir.resolve(LatencyLog.FILE)))
			.extracting((interval) -> interval.histogram().getTotalCount())
			.containsExactly(100L, 200L, 100L);
		assertThat(BenchJson.read(this.dir.resolve("injector-1/measured.json"), MeasuredRun.class).measured().ok())
			.isEqualTo(200);
		assertThat(this.dir.resolve("phase.json")).exists();
	}

	@Test
	void anInjectorThatOpenedItsWindowLateFailsTheMerge() {
		new SyntheticInjector("injector 1", INSTANT, 3).ok(0, 10, 100).write(this.dir);
		new SyntheticInjector("injector 2", INSTANT + 1000, 3).ok(0, 10, 100).write(Injectors.directory(this.dir, 2));

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> Injectors.merge(this.dir, 2))
			.withMessageContaining("windows not aligned: injector 2's opened 1000 ms from injector 1's");
	}

}
