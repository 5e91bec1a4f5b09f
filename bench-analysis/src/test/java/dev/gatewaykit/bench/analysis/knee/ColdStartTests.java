package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ColdStartTests {

	private static final long T0 = 1_000_000;

	@Test
	void countsEachSecondsRequestsWhereTheyWereSent() {
		List<RequestRecord> records = new ArrayList<>();
		// Second 1: 10 sent, 5 refused; second 2: 10 sent, all 2xx, one of them late.
		for (int i = 0; i < 10; i++) {
			records.add(new RequestRecord(T0 + i * 100, T0 + i * 100 + 5, (i < 5) ? 503 : 200));
			records.add(new RequestRecord(T0 + 1000 + i * 100, T0 + 1000 + i * 100 + ((i == 0) ? 2500 : 5), 200));
		}
		ColdStart cold = ColdStart.of("fixed", 100, 75, "", 8.5, records, T0, T0 + 2000, 0, 1000, false);
		assertThat(cold.seconds()).extracting(ColdStart.Second::requests).containsExactly(10L, 10L);
		assertThat(cold.seconds()).extracting(ColdStart.Second::errors).containsExactly(5L, 0L);
		assertThat(cold.seconds()).extracting(ColdStart.Second::late).containsExactly(0L, 1L);
		assertThat(cold.requests()).isEqualTo(20);
		assertThat(cold.errors()).isEqualTo(5);
		assertThat(cold.late()).isEqualTo(1);
		assertThat(cold.errorPct()).isEqualTo(25);
		assertThat(cold.met()).isFalse();
		assertThat(cold.cleanFrom()).isEqualTo(2);
	}

	@Test
	void countsTheUnansweredAsTheLastSecondsErrors() {
		List<RequestRecord> records = List.of(new RequestRecord(T0, T0 + 5, 200),
				new RequestRecord(T0 + 1500, T0 + 1505, 200));
		ColdStart cold = ColdStart.of("fixed", 100, 75, "", 8.5, records, T0, T0 + 2000, 3, 1000, false);
		assertThat(cold.seconds()).extracting(ColdStart.Second::errors).containsExactly(0L, 3L);
		assertThat(cold.requests()).isEqualTo(5);
		assertThat(cold.cleanFrom()).isZero();
	}

	@Test
	void meetsTheBarUnderOnePercentOfErrors() {
		List<RequestRecord> records = new ArrayList<>();
		for (int i = 0; i < 1000; i++) {
			records.add(new RequestRecord(T0 + i, T0 + i + 3, (i == 999) ? 502 : 200));
		}
		ColdStart cold = ColdStart.of("fixed", 1000, 750, "", 8.5, records, T0, T0 + 1000, 0, 1000, false);
		assertThat(cold.errorPct()).isEqualTo(0.1);
		assertThat(cold.met()).isTrue();
		// One second with 0.1 % errors is under the bar: clean from the first.
		assertThat(cold.cleanFrom()).isEqualTo(1);
		assertThat(ColdStart.of("fixed", 1000, 750, "", 8.5, records, T0, T0 + 1000, 0, 1000, true).met())
			.as("a start cut short was not measured to its end")
			.isFalse();
		assertThat(ColdStart.of("fixed", 1000, 750, "", 8.5, List.of(), T0, T0 + 1000, 0, 1000, false).met())
			.as("nothing sent proves nothing")
			.isFalse();
	}

}
