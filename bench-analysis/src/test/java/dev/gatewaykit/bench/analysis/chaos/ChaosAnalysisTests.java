package dev.gatewaykit.bench.analysis.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The figures of one fault from synthetic records: a baseline from 0 to 10 s, the fault
 * from 10 to 20 s, the lift at 20 s and the watch until 40 s, ten requests a second.
 */
class ChaosAnalysisTests {

	private static final Phases PHASES = new Phases(0, 10_000, 20_000, 40_000);

	private static final Duration BOUND = Duration.ofMillis(3000);

	private static final Duration TARGET = Duration.ofSeconds(5);

	@Test
	void countsTheStatusesOfTheRequestsSentWhileTheFaultLasted() {
		List<RequestRecord> records = load((start) -> {
			if (start >= 10_000 && start < 15_000) {
				return 504;
			}
			return (start >= 15_000 && start < 20_000) ? RequestRecord.NO_ANSWER : 200;
		}, (start) -> 10);

		FaultOutcome outcome = outcome(records);

		assertThat(outcome.statuses()).containsExactly(Map.entry("504", 50), Map.entry("no answer", 50));
		assertThat(outcome.errors()).isEqualTo(100);
		assertThat(outcome.requests()).isEqualTo(300);
		assertThat(outcome.baselineClean()).isTrue();
	}

	@Test
	void theSlowestIsTheLongestRequestSentFromTheFaultOnAndIsJudgedAgainstItsBound() {
		List<RequestRecord> records = load((start) -> 200, (start) -> (start != 12_000) ? 10 : 3001);
		records.add(new RequestRecord(9_000, 19_000, 200));

		FaultOutcome outcome = outcome(records);

		// The baseline's slow request is not the fault's.
		assertThat(outcome.slowestMs()).isEqualTo(3001);
		assertThat(outcome.slowestMet()).isFalse();
		assertThat(outcome.misses()).containsExactly("slowest 3001 ms > 3000 ms");
	}

	@Test
	void recoveryIsTheFirstSecondAfterTheLiftFromWhichEveryAnswerIs2xx() {
		// Errors until 23.5 s, one more at 24.9 s: good from second 5 after the lift.
		List<RequestRecord> records = load(
				(start) -> ((start >= 10_000 && start < 23_500) || start == 24_900) ? 503 : 200, (start) -> 10);

		FaultOutcome outcome = outcome(records);

		assertThat(outcome.recoverySeconds()).contains(5);
		assertThat(outcome.recoveryMet()).isTrue();
		assertThat(outcome.met()).isTrue();
	}

	@Test
	void aRecoveryPastTheTargetIsMissed() {
		List<RequestRecord> records = load((start) -> (start >= 10_000 && start < 26_000) ? 401 : 200, (start) -> 10);

		FaultOutcome outcome = outcome(records);

		assertThat(outcome.recoverySeconds()).contains(6);
		assertThat(outcome.misses()).containsExactly("recovery 6 s > 5 s");
	}

	@Test
	void answersThatNeverTurnGoodAreNoRecovery() {
		List<RequestRecord> records = load((start) -> (start >= 10_000) ? 503 : 200, (start) -> 10);

		assertThat(outcome(records).recoverySeconds()).isEmpty();
		assertThat(outcome(records).misses()).containsExactly("not recovered");
	}

	@Test
	void aRequestSentDuringTheFaultAndAnsweredAfterTheLiftIsTheFaults() {
		List<RequestRecord> records = load((start) -> 200, (start) -> 10);
		records.add(new RequestRecord(19_900, 22_000, 504));

		assertThat(outcome(records).recoverySeconds()).contains(0);
	}

	@Test
	void anErrorInTheBaselineIsFlagged() {
		List<RequestRecord> records = load((start) -> (start != 5_000) ? 200 : 500, (start) -> 10);

		assertThat(outcome(records).baselineClean()).isFalse();
	}

	@Test
	void aBaselineRequestStillWaitingWhenTheFaultCameIsNotABaselineError() {
		List<RequestRecord> records = load((start) -> 200, (start) -> 10);
		records.add(new RequestRecord(9_950, 15_000, 504));

		assertThat(outcome(records).baselineClean()).isTrue();
	}

	@Test
	void breakerTransitionsAreTheFaultsOwnOrNoBreakerAtAll() {
		List<RequestRecord> records = load((start) -> 200, (start) -> 10);
		List<BreakerTransition> transitions = List.of(new BreakerTransition(5_000, "relay", "open", "closed"),
				new BreakerTransition(11_000, "relay", "closed", "open"),
				new BreakerTransition(25_000, "relay", "open", "half_open"),
				new BreakerTransition(45_000, "relay", "half_open", "closed"));

		assertThat(ChaosAnalysis
			.outcome("auth-reset", "reactive", PHASES, records, BOUND, TARGET, Optional.of(transitions))
			.breaker()).contains(List.of("relay closed→open", "relay open→half_open"));
		assertThat(outcome(records).breaker()).isEmpty();
	}

	@Test
	void theLoadHasSettledAfterCleanSecondsWithNothingPending() {
		List<RequestRecord> records = load((start) -> (start < 22_000 && start >= 10_000) ? 503 : 200, (start) -> 10);
		List<RequestRecord> sentBy = records.stream().filter((r) -> r.startMs() < 26_000).toList();
		Duration clean = Duration.ofSeconds(3);

		assertThat(ChaosAnalysis.settled(sentBy, Optional.empty(), 20_000, 26_000, clean)).isTrue();
		// An error inside the window, a window reaching back before the lift, a request
		// still pending.
		assertThat(ChaosAnalysis.settled(sentBy, Optional.empty(), 20_000, 25_000, clean)).isFalse();
		assertThat(ChaosAnalysis.settled(sentBy, Optional.empty(), 23_000, 26_000, clean)).isFalse();
		assertThat(ChaosAnalysis.settled(sentBy, Optional.of(21_000L), 20_000, 26_000, clean)).isFalse();
		assertThat(ChaosAnalysis.settled(List.of(), Optional.empty(), 20_000, 26_000, clean)).isFalse();
	}

	private static FaultOutcome outcome(List<RequestRecord> records) {
		return ChaosAnalysis.outcome("mall-sigstop", "blocking", PHASES, records, BOUND, TARGET, Optional.empty());
	}

	/** Ten requests a second from 0 to 40 s, with the status and duration given. */
	private static List<RequestRecord> load(LongUnaryOperator status, LongUnaryOperator duration) {
		List<RequestRecord> records = new ArrayList<>();
		for (long start = 0; start < 40_000; start += 100) {
			records.add(new RequestRecord(start, start + duration.applyAsLong(start), (int) status.applyAsLong(start)));
		}
		return records;
	}

}
