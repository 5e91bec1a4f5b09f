package dev.gatewaykit.bench.analysis.sockets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class StarvationAnalysisTests {

	@TempDir
	Path dir;

	@Test
	void eachSecondOfTheWindowHasItsMostAndMeanWaitingAndItsMostOpen() throws Exception {
		Path file = write(line(9_500, 9, "a", "b", "c"), line(10_000, 5, "a", "b"), line(10_500, 6, "a"),
				line(11_000, 6), line(11_500, 4, "b"), line(13_000, 9, "a", "b", "c"));

		StarvationAnalysis analysis = StarvationAnalysis.analyse(file, 10_000, 13_000);

		assertThat(analysis.samples()).isEqualTo(4);
		assertThat(analysis.intervalMs()).isEqualTo(500);
		assertThat(analysis.seconds()).containsExactly(new StarvationAnalysis.Second(0, 2, 2, 1.5, 6, 0),
				new StarvationAnalysis.Second(1, 2, 1, 0.5, 6, 0),
				new StarvationAnalysis.Second(2, 0, null, null, null, null));
	}

	@Test
	void eachSecondAndTheWindowHaveTheirMostConnectionsWaitingToBeAccepted() throws Exception {
		Path file = write(queued(9_500, 12, 9), queued(10_000, 6, 1), queued(10_500, 8, 4), queued(11_000, 8, 2),
				queued(11_750, 8, 3), queued(13_000, 12, 9));

		StarvationAnalysis analysis = StarvationAnalysis.analyse(file, 10_000, 13_000);

		assertThat(analysis.seconds()).extracting(StarvationAnalysis.Second::maxAcceptQueue)
			.containsExactly(4, 3, null);
		assertThat(analysis.maxAcceptQueue()).isEqualTo(4);
	}

	@Test
	void withoutSamplesInTheWindowThereIsNoMostInTheAcceptQueue() throws Exception {
		StarvationAnalysis analysis = StarvationAnalysis.analyse(write(queued(5_000, 3, 2)), 0, 2_000);

		assertThat(analysis.maxAcceptQueue()).isNull();
	}

	@Test
	void linesWrittenBeforeTheAcceptQueueWasSampledReadAsNoneWaitingThere() throws Exception {
		Path file = write("{\"t\":0,\"open\":2,\"unread\":1,\"waiting\":[\"a\"]}",
				"{\"t\":500,\"open\":2,\"unread\":0,\"waiting\":[]}");

		StarvationAnalysis analysis = StarvationAnalysis.analyse(file, 0, 1_000);

		assertThat(analysis.seconds()).containsExactly(new StarvationAnalysis.Second(0, 2, 1, 0.5, 2, 0));
		assertThat(analysis.maxAcceptQueue()).isZero();
		assertThat(analysis.waits().count()).isEqualTo(1);
	}

	@Test
	void aLongWaitThatBeganBeforeTheWindowCountsWholeAndOneThatEndedBeforeItDoesNot() throws Exception {
		List<String> lines = new ArrayList<>();
		for (long t = 0; t <= 60_000; t += 1_000) {
			List<String> waiting = new ArrayList<>();
			if (t <= 30_000) {
				waiting.add("10.0.0.1:1000");
			}
			if (t >= 5_000 && t <= 6_000) {
				waiting.add("10.0.0.2:2000");
			}
			lines.add(line(t, 10, waiting.toArray(String[]::new)));
		}

		StarvationAnalysis analysis = StarvationAnalysis.analyse(write(lines.toArray(String[]::new)), 20_000, 60_000);

		assertThat(analysis.waits().count()).isEqualTo(1);
		assertThat(analysis.waits().longest())
			.containsExactly(new StarvationAnalysis.Span("10.0.0.1:1000", 0, 30_000, 31_000));
		assertThat(analysis.waits().maxMs()).isEqualTo(31_000);
		assertThat(analysis.waits().atLeast20s()).isEqualTo(1);
		assertThat(bucket(analysis, "20–40 s").count()).isEqualTo(1);
	}

	@Test
	void aSampleWithoutUnreadBytesSplitsAConnectionsWaitInTwo() throws Exception {
		Path file = write(line(0, 3, "a"), line(1_000, 3, "a"), line(2_000, 3), line(3_000, 3, "a"), line(4_000, 3));

		StarvationAnalysis.Waits waits = StarvationAnalysis.analyse(file, 0, 5_000).waits();

		assertThat(waits.count()).isEqualTo(2);
		assertThat(waits.longest()).containsExactly(new StarvationAnalysis.Span("a", 0, 1_000, 2_000),
				new StarvationAnalysis.Span("a", 3_000, 3_000, 1_000));
	}

	@Test
	void aWaitStillGoingWhenTheWindowEndsCountsWholeAndEndsAtTheLastSample() throws Exception {
		Path file = write(line(0, 1), line(1_000, 1, "a"), line(2_000, 1, "a"), line(3_000, 1, "a"));

		StarvationAnalysis.Waits waits = StarvationAnalysis.analyse(file, 0, 2_000).waits();

		assertThat(waits.longest()).containsExactly(new StarvationAnalysis.Span("a", 1_000, 3_000, 3_000));
	}

	@Test
	void durationsFallIntoFixedBucketsWithNearestRankPercentiles() throws Exception {
		// One connection per duration: waits of 1, 1, 2, 3 and 70 samples of 250 ms.
		List<String> lines = new ArrayList<>();
		int[] lengths = { 1, 1, 2, 3, 70 };
		for (int i = 0; i < 80; i++) {
			List<String> waiting = new ArrayList<>();
			for (int c = 0; c < lengths.length; c++) {
				if (i < lengths[c]) {
					waiting.add("c" + c);
				}
			}
			lines.add(line(i * 250L, 5, waiting.toArray(String[]::new)));
		}

		StarvationAnalysis.Waits waits = StarvationAnalysis.analyse(write(lines.toArray(String[]::new)), 0, 20_000)
			.waits();

		assertThat(waits.histogram()).extracting(StarvationAnalysis.Bucket::label)
			.containsExactly("< 0.5 s", "0.5–1 s", "1–2 s", "2–5 s", "5–10 s", "10–20 s", "20–40 s", "40–60 s",
					"≥ 60 s");
		assertThat(waits.histogram()).extracting(StarvationAnalysis.Bucket::count)
			.containsExactly(2, 2, 0, 0, 0, 1, 0, 0, 0);
		assertThat(waits.p50Ms()).isEqualTo(500);
		assertThat(waits.p90Ms()).isEqualTo(17_500);
		assertThat(waits.p99Ms()).isEqualTo(17_500);
		assertThat(waits.atLeast20s()).isZero();
	}

	@Test
	void anEmptyFileGivesEmptySecondsAndNoWaits() throws Exception {
		StarvationAnalysis analysis = StarvationAnalysis.analyse(write(), 0, 2_500);

		assertThat(analysis.samples()).isZero();
		assertThat(analysis.intervalMs()).isEqualTo(SocketSample.DEFAULT_INTERVAL.toMillis());
		assertThat(analysis.seconds()).hasSize(3).allSatisfy((second) -> assertThat(second.maxUnread()).isNull());
		assertThat(analysis.waits().count()).isZero();
		assertThat(analysis.waits().p50Ms()).isNull();
		assertThat(analysis.waits().histogram()).hasSize(9).allSatisfy((b) -> assertThat(b.count()).isZero());
	}

	@Test
	void aMalformedLineIsAnErrorNamingTheFileAndTheLine() throws Exception {
		Path file = write(line(0, 1), line(250, 1), "{\"t\":500,\"open\":1,\"unread\":\"x\",\"waiting\":[]}");

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> StarvationAnalysis.analyse(file, 0, 1_000))
			.withMessageContaining(file + " line 3")
			.withMessageContaining("\"unread\"");
	}

	@Test
	void aLineThatIsNotJsonIsAnErrorNamingTheLine() throws Exception {
		Path file = write(line(0, 1), "{\"t\":250,\"open\":1,\"unr");

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> StarvationAnalysis.analyse(file, 0, 1_000))
			.withMessageContaining(file + " line 2: not JSON");
	}

	@Test
	void samplesGoingBackInTimeAreAnError() throws Exception {
		Path file = write(line(1_000, 1), line(500, 1));

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> StarvationAnalysis.analyse(file, 0, 2_000))
			.withMessageContaining("line 2")
			.withMessageContaining("time order");
	}

	@Test
	void aMissingFileIsBadInput() {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> StarvationAnalysis.analyse(this.dir.resolve("none.jsonl"), 0, 1_000))
			.withMessageContaining("missing");
	}

	@Test
	void isWrittenAndReadBackWithBenchJson() throws Exception {
		StarvationAnalysis analysis = StarvationAnalysis
			.analyse(write(line(0, 2, "a"), line(250, 2, "a", "b"), line(500, 2)), 0, 1_000);
		Path json = this.dir.resolve("starvation.json");

		BenchJson.write(json, analysis);

		assertThat(Files.readString(json)).contains("\"intervalMs\"", "\"seconds\"", "\"maxUnread\"", "\"meanUnread\"",
				"\"maxOpen\"", "\"maxAcceptQueue\"", "\"waits\"", "\"p99Ms\"", "\"atLeast20s\"", "\"histogram\"",
				"\"longest\"");
		assertThat(BenchJson.read(json, StarvationAnalysis.class)).isEqualTo(analysis);
	}

	private static StarvationAnalysis.Bucket bucket(StarvationAnalysis analysis, String label) {
		return analysis.waits().histogram().stream().filter((b) -> b.label().equals(label)).findFirst().orElseThrow();
	}

	static String line(long t, int open, String... waiting) {
		StringBuilder line = new StringBuilder();
		new SocketSample(t, open, waiting.length, 0, List.of(waiting)).appendJson(line);
		return line.toString();
	}

	/**
	 * {@code acceptQueue} connections not accepted yet, each holding its request unread.
	 */
	private static String queued(long t, int open, int acceptQueue) {
		List<String> waiting = new ArrayList<>();
		for (int i = 0; i < acceptQueue; i++) {
			waiting.add("10.0.0.1:" + (1000 + i));
		}
		StringBuilder line = new StringBuilder();
		new SocketSample(t, open, waiting.size(), acceptQueue, waiting).appendJson(line);
		return line.toString();
	}

	private Path write(String... lines) throws Exception {
		return Files.write(this.dir.resolve("sockets.jsonl"), List.of(lines));
	}

}
