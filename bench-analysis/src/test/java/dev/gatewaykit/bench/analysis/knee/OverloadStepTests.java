package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class OverloadStepTests {

	private static RequestRecord sent(long startMs, int status, long ms) {
		return new RequestRecord(startMs, startMs + ms, status, ms * 1000);
	}

	@Test
	void admittedAndRefusedRequestsHaveTheirOwnPercentilesAndErrorsAreCountedByKind() {
		List<RequestRecord> records = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			records.add(sent(1000 + i, 200, 50 + i));
		}
		for (int i = 0; i < 50; i++) {
			records.add(sent(1200 + i, 503, 1 + i % 3));
		}
		records.add(sent(1300, 504, 5000));
		records.add(sent(1301, RequestRecord.NO_ANSWER, 30_000));
		records.add(sent(999, 503, 1));
		records.add(sent(2000, 200, 1));

		OverloadStep.Answers answers = OverloadStep.answers(records, 1000, 2000, 3, 1000);

		assertThat(answers.requests()).as("the window's 152 and the 3 in flight, not those sent outside it")
			.isEqualTo(155);
		assertThat(answers.ok()).isEqualTo(100);
		assertThat(answers.failed()).isEqualTo(55);
		assertThat(answers.admittedP50Ms()).isEqualTo(99);
		assertThat(answers.admittedP99Ms()).as("the 2xx answers' alone").isEqualTo(148);
		assertThat(answers.refused()).isEqualTo(50);
		assertThat(answers.refusalP99Ms()).isEqualTo(3);
		assertThat(answers.slowestMs()).isEqualTo(30_000);
		assertThat(answers.errors()).containsOnly(entry("503", 50L), entry("504", 1L), entry("no answer", 1L),
				entry(OverloadStep.UNANSWERED, 3L));
	}

	@Test
	void aTwoHundredAfterTheDeadlineIsLateNotGoodputButStillAnAdmittedLatency() {
		List<RequestRecord> records = List.of(sent(0, 200, 50), sent(1, 200, 999), sent(2, 200, 1001),
				sent(3, 200, 15_000));

		OverloadStep.Answers answers = OverloadStep.answers(records, 0, 100, 0, 1000);

		assertThat(answers.ok()).isEqualTo(2);
		assertThat(answers.errors()).containsOnly(entry(OverloadStep.LATE, 2L));
		assertThat(answers.admittedP99Ms()).isEqualTo(15_000);
	}

	@Test
	void aWindowWithNoRefusalHasNoRefusalPercentile() {
		OverloadStep.Answers answers = OverloadStep.answers(List.of(sent(10, 200, 7)), 0, 100, 0, 1000);

		assertThat(answers.refused()).isZero();
		assertThat(answers.refusalP99Ms()).isZero();
		assertThat(answers.errors()).isEmpty();
	}

	@Test
	void recoveryIsTheTimeToTheLastFailureOnceQuietFollows() {
		List<RequestRecord> records = new ArrayList<>();
		for (long at = 10_000; at < 25_000; at += 100) {
			records.add(sent(at, (at < 13_000) ? 503 : 200, 5));
		}

		Recovery recovery = Recovery.of(600, records, 10_000, 25_000, 0, 1000);

		assertThat(recovery.requests()).isEqualTo(150);
		assertThat(recovery.failed()).isEqualTo(30);
		assertThat(recovery.seconds()).isEqualTo(2.9);
		assertThat(recovery.recovered()).isTrue();
		assertThat(recovery.windowSeconds()).isEqualTo(15);
	}

	@Test
	void failuresNearTheWindowsEndOrRequestsStillWaitingAreNoRecovery() {
		List<RequestRecord> failing = List.of(sent(10_000, 200, 5), sent(21_000, 504, 5000));
		List<RequestRecord> late = List.of(sent(10_000, 200, 5), sent(21_000, 200, 3000));
		List<RequestRecord> clean = List.of(sent(10_000, 200, 5), sent(24_000, 200, 5));

		assertThat(Recovery.of(600, failing, 10_000, 25_000, 0, 1000).recovered()).isFalse();
		assertThat(Recovery.of(600, late, 10_000, 25_000, 0, 1000).recovered()).as("a 200 after 3 s").isFalse();
		assertThat(Recovery.of(600, late, 10_000, 25_000, 0, 5000).recovered()).isTrue();
		assertThat(Recovery.of(600, clean, 10_000, 25_000, 1, 1000).recovered()).as("one still in flight").isFalse();
		assertThat(Recovery.of(600, clean, 10_000, 25_000, 0, 1000).seconds()).isZero();
	}

	@Test
	void theGoodputIsAShareOfTheKnee() {
		OverloadStep step = new OverloadStep(2, 2400, 24_000, 10_800, 1080, 60, 150, 13_200, 2, 900, Map.of(), 13_000,
				120, List.of(), 0, 97, 500, 300, false, null, Map.of());

		assertThat(step.goodputPctOf(1200)).isEqualTo(90);
		assertThat(step.goodputPctOf(0)).isNaN();
	}

}
