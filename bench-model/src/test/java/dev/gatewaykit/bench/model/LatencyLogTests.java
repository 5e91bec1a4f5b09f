package dev.gatewaykit.bench.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class LatencyLogTests {

	/** An epoch instant with milliseconds, as a window really starts. */
	private static final long WINDOW_START = 1_764_244_420_123L;

	@TempDir
	Path dir;

	@Test
	void readsBackEachSecondAtItsAbsoluteStartWithItsValues() {
		Histogram first = histogram(10, 1000);
		Histogram empty = LatencyHistograms.empty();
		Histogram third = histogram(250, 3);
		Path file = this.dir.resolve(LatencyLog.FILE);

		LatencyLog.write(file, WINDOW_START, List.of(first, empty, third));
		List<LatencyLog.Interval> intervals = LatencyLog.read(file);

		assertThat(intervals).hasSize(3);
		for (int k = 0; k < 3; k++) {
			LatencyLog.Interval interval = intervals.get(k);
			assertThat(LatencyLog.secondOf(interval, WINDOW_START)).isEqualTo(k);
			assertThat(interval.startEpochMs()).isCloseTo(WINDOW_START + k * 1000L, within(1L));
			assertThat(interval.endEpochMs() - interval.startEpochMs()).isCloseTo(1000L, within(1L));
		}
		assertThat(intervals.get(0).histogram()).isEqualTo(first);
		assertThat(intervals.get(1).histogram().getTotalCount()).isZero();
		assertThat(intervals.get(2).histogram().getTotalCount()).isEqualTo(3);
		assertThat(intervals.get(2).histogram().getMaxValue()).isEqualTo(third.getMaxValue());
	}

	@Test
	void writesTheStandardFormatWithMillisecondsInTheMaxColumn() throws Exception {
		Path file = this.dir.resolve(LatencyLog.FILE);

		LatencyLog.write(file, WINDOW_START, List.of(histogram(30, 5)));

		String text = Files.readString(file);
		assertThat(text).contains("#[StartTime: 1764244420.123")
			.contains("#[BaseTime: 1764244420.123")
			.contains("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"")
			.contains("0.000,1.000,30.000,");
	}

	@Test
	void aMissingLogIsBadInputNamingItsDirectory() {
		assertThatExceptionOfType(BadInputException.class)
			.isThrownBy(() -> LatencyLog.read(this.dir.resolve(LatencyLog.FILE)))
			.withMessageContaining("no latency.hlog in " + this.dir);
	}

	@Test
	void aFileThatIsNoIntervalLogIsBadInput() throws Exception {
		Path file = Files.writeString(this.dir.resolve(LatencyLog.FILE), "0.000,1.000,30.000,not-base64!\n");

		assertThatExceptionOfType(BadInputException.class).isThrownBy(() -> LatencyLog.read(file))
			.withMessageContaining("is not an HdrHistogram interval log");
	}

	private static Histogram histogram(long valueMs, int count) {
		Histogram histogram = LatencyHistograms.empty();
		histogram.recordValueWithCount(valueMs, count);
		return histogram;
	}

}
