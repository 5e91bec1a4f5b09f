package dev.gatewaykit.bench.analysis.soak;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SoakVerdictTests {

	private static final long MIB = 1024 * 1024;

	private static final Snapshot BASELINE = gcd(100 * MIB, 8 * MIB, 60, 40);

	@Test
	void passesWhenEveryResourceIsBackWithinItsAllowance() {
		Snapshot after = gcd(100 * MIB + 15 * MIB, 8 * MIB + 16 * MIB, 68, 44);

		SoakVerdict verdict = judge(after, 0, 0);

		assertThat(verdict.passed()).as(verdict.toString()).isTrue();
		assertThat(verdict.checks()).extracting(SoakVerdict.Check::metric)
			.containsExactly("failed requests", "LEAK: reports", "heap after GC", "direct memory", "open files",
					"threads");
	}

	@Test
	void missesWhenOneRequestFailed() {
		SoakVerdict verdict = judge(BASELINE, 1, 0);

		assertThat(verdict.passed()).isFalse();
		assertThat(missed(verdict)).containsExactly("failed requests");
	}

	@Test
	void missesOnASingleLeakReport() {
		SoakVerdict verdict = judge(BASELINE, 0, 1);

		assertThat(missed(verdict)).containsExactly("LEAK: reports");
	}

	@Test
	void allowsTheHeapSixteenMebibytesWhenTenPercentIsLess() {
		// 10 % of 100 MiB is 10 MiB: the 16 MiB floor applies.
		assertThat(missed(judge(gcd(116 * MIB, 8 * MIB, 60, 40), 0, 0))).isEmpty();
		assertThat(missed(judge(gcd(116 * MIB + 1, 8 * MIB, 60, 40), 0, 0))).containsExactly("heap after GC");
	}

	@Test
	void allowsTheHeapTenPercentWhenThatIsMore() {
		Snapshot big = gcd(400 * MIB, 8 * MIB, 60, 40);

		assertThat(
				SoakVerdict.judge(big, List.of(), gcd(440 * MIB, 8 * MIB, 60, 40), 0, 0, Tolerances.DEFAULT).passed())
			.isTrue();
		assertThat(
				SoakVerdict.judge(big, List.of(), gcd(441 * MIB, 8 * MIB, 60, 40), 0, 0, Tolerances.DEFAULT).passed())
			.isFalse();
	}

	@Test
	void missesEachResourceThatStaysAboveItsAllowance() {
		assertThat(missed(judge(gcd(100 * MIB, 24 * MIB + 1, 60, 40), 0, 0))).containsExactly("direct memory");
		assertThat(missed(judge(gcd(100 * MIB, 8 * MIB, 69, 40), 0, 0))).containsExactly("open files");
		assertThat(missed(judge(gcd(100 * MIB, 8 * MIB, 60, 45), 0, 0))).containsExactly("threads");
	}

	@Test
	void reportsTheHighestSampleDuringTheLoadWithoutJudgingIt() {
		// Under load a gateway holds more: only where it ends counts.
		List<Snapshot> during = List.of(sample(10, 300 * MIB, 40 * MIB, 400, 90),
				sample(20, 250 * MIB, 64 * MIB, 350, 95));

		SoakVerdict verdict = SoakVerdict.judge(BASELINE, during, BASELINE, 0, 0, Tolerances.DEFAULT);

		assertThat(verdict.passed()).isTrue();
		assertThat(verdict.checks()).filteredOn((check) -> check.metric().equals("heap after GC"))
			.singleElement()
			.extracting(SoakVerdict.Check::maxDuring)
			.isEqualTo(300 * MIB);
		assertThat(verdict.checks()).filteredOn((check) -> check.metric().equals("direct memory"))
			.singleElement()
			.extracting(SoakVerdict.Check::maxDuring)
			.isEqualTo(64 * MIB);
		assertThat(verdict.checks()).filteredOn((check) -> check.metric().equals("threads"))
			.singleElement()
			.extracting(SoakVerdict.Check::maxDuring)
			.isEqualTo(95L);
	}

	@Test
	void refusesABaselineTakenWithoutAForcedGc() {
		Snapshot notCollected = sample(-1, 100 * MIB, 8 * MIB, 60, 40);

		assertThatIllegalArgumentException()
			.isThrownBy(() -> SoakVerdict.judge(notCollected, List.of(), BASELINE, 0, 0, Tolerances.DEFAULT))
			.withMessageContaining("forced GC");
	}

	@Test
	void theTableSaysWhichTargetWasMissed() {
		List<Snapshot> during = List.of(sample(5, 120 * MIB, 9 * MIB, 70, 42));
		Snapshot after = gcd(100 * MIB, 8 * MIB, 60, 50);
		Soak soak = new Soak(Soak.SCHEMA, 30, "--rate", 20, List.of("-Xmx512m"), Tolerances.DEFAULT, BASELINE, during,
				after, 0, List.of(), 3, new LeakReports(0, List.of()),
				SoakVerdict.judge(BASELINE, during, after, 0, 0, Tolerances.DEFAULT));

		assertThat(soak.table()).containsPattern("threads\\s+40\\s+42\\s+50\\s+44\\s+MISSED")
			.containsPattern("heap after GC\\s+100\\.0 MiB\\s+120\\.0 MiB\\s+100\\.0 MiB\\s+116\\.0 MiB\\s+ok");
	}

	private static SoakVerdict judge(Snapshot after, long failed, long leaks) {
		return SoakVerdict.judge(BASELINE, List.of(), after, failed, leaks, Tolerances.DEFAULT);
	}

	private static List<String> missed(SoakVerdict verdict) {
		return verdict.checks().stream().filter((check) -> !check.passed()).map(SoakVerdict.Check::metric).toList();
	}

	private static Snapshot gcd(long heap, long direct, int files, int threads) {
		return new Snapshot(0, 0, true, heap, heap, direct, null, files, threads);
	}

	private static Snapshot sample(double t, long heapAfterGc, long direct, int files, int threads) {
		return new Snapshot((long) (t * 1000), t, false, heapAfterGc * 2, heapAfterGc, direct, null, files, threads);
	}

}
