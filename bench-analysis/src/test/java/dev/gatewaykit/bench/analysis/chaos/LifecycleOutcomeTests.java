package dev.gatewaykit.bench.analysis.chaos;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LifecycleOutcomeTests {

	private static final LifecycleOutcome.Side CLEAN = new LifecycleOutcome.Side("defaults", Map.of("200", 10), 10, 0,
			20, 0);

	@Test
	void aSideCountsOnlyTheRequestsSentInItsWindow() {
		List<RequestRecord> records = List.of(new RequestRecord(900, 1900, 0), new RequestRecord(1000, 1020, 200),
				new RequestRecord(1500, 2600, 502), new RequestRecord(1999, 2010, 200),
				new RequestRecord(2000, 2001, 503));

		LifecycleOutcome.Side side = LifecycleOutcome.Side.of("max-idle-time=30s", records, 1000, 2000, 2);

		assertThat(side.requests()).isEqualTo(3);
		assertThat(side.errors()).isEqualTo(1);
		assertThat(side.statuses()).containsExactlyInAnyOrderEntriesOf(Map.of("200", 2, "502", 1));
		assertThat(side.slowestMs()).isEqualTo(1100);
		assertThat(side.signatureLines()).isEqualTo(2);
	}

	@Test
	void metWhenTheNaiveSideShowsTheErrorAndTheTemplatesShowsNeitherItNorAFailure() {
		LifecycleOutcome.Side failing = new LifecycleOutcome.Side("naive", Map.of("502", 4), 10, 4, 1000, 1);

		assertThat(new LifecycleOutcome("f", "e", failing, CLEAN).met()).isTrue();
		assertThat(new LifecycleOutcome("f", "e", failing, CLEAN).misses()).isEmpty();
	}

	@Test
	void theUsersErrorInTheLogReproducesItEvenWhenARetryAnsweredEveryRequest() {
		LifecycleOutcome.Side retried = new LifecycleOutcome.Side("naive", Map.of("200", 10), 10, 0, 1000, 7);

		assertThat(new LifecycleOutcome("f", "e", retried, CLEAN).reproduced()).isTrue();
	}

	@Test
	void failuresWithoutTheUsersErrorDoNotReproduceIt() {
		LifecycleOutcome.Side otherError = new LifecycleOutcome.Side("naive", Map.of("502", 4), 10, 4, 1000, 0);

		LifecycleOutcome outcome = new LifecycleOutcome("f", "e", otherError, CLEAN);

		assertThat(outcome.reproduced()).isFalse();
		assertThat(outcome.misses()).containsExactly("naive setting did not reproduce it");
	}

	@Test
	void theTemplateMissesOnAFailedRequestOrTheErrorInItsLogOrNothingSent() {
		LifecycleOutcome.Side failing = new LifecycleOutcome.Side("naive", Map.of("502", 4), 10, 4, 1000, 1);
		LifecycleOutcome.Side logged = new LifecycleOutcome.Side("t", Map.of("200", 10), 10, 0, 20, 1);
		LifecycleOutcome.Side nothing = new LifecycleOutcome.Side("t", Map.of(), 0, 0, 0, 0);

		assertThat(new LifecycleOutcome("f", "e", failing, failing).prevented()).isFalse();
		assertThat(new LifecycleOutcome("f", "e", failing, logged).prevented()).isFalse();
		assertThat(new LifecycleOutcome("f", "e", failing, nothing).prevented()).isFalse();
		assertThat(new LifecycleOutcome("f", "e", failing, logged).misses())
			.containsExactly("template: 0 errors, 1 log lines");
	}

	@Test
	void aFaultTheTemplateRetriesIsPreventedByNoFailedRequestWhateverItsLogSays() {
		LifecycleOutcome.Side failing = new LifecycleOutcome.Side("naive", Map.of("502", 4), 10, 4, 1000, 8);
		LifecycleOutcome.Side retried = new LifecycleOutcome.Side("t", Map.of("200", 10), 10, 0, 20, 5);
		LifecycleOutcome.Side failedOnce = new LifecycleOutcome.Side("t", Map.of("200", 9, "502", 1), 10, 1, 20, 5);

		assertThat(new LifecycleOutcome("f", "e", failing, retried, true).met()).isTrue();
		assertThat(new LifecycleOutcome("f", "e", failing, retried, false).prevented()).isFalse();
		assertThat(new LifecycleOutcome("f", "e", failing, failedOnce, true).prevented()).isFalse();
	}

}
