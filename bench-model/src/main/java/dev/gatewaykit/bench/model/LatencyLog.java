package dev.gatewaykit.bench.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The measured window's OK latencies, one histogram per second, in HdrHistogram's own
 * interval log format ({@code latency.hlog}, {@link HistogramLogWriter}): what the
 * HdrHistogram tools read, and what {@code ./kit merge} adds up across injectors.
 * Interval <em>k</em> starts at the window's start plus <em>k</em> seconds, in epoch
 * time, so the logs of injectors that opened their windows on one instant cover the same
 * seconds. Values are milliseconds (the log's max column too: a unit ratio of 1). Every
 * second of the window has its interval, an empty histogram when nothing was answered OK
 * in it. The second's counts (OK and failed) are in {@code timeseries.json}; a log's
 * interval <em>k</em> counts exactly that file's OK completions at {@code t = k}.
 */
public final class LatencyLog {

	public static final String FILE = "latency.hlog";

	private static final long SECOND_MS = 1000;

	private LatencyLog() {
	}

	/**
	 * One interval of a log.
	 *
	 * @param startEpochMs when it started, epoch ms
	 * @param endEpochMs when it ended
	 * @param histogram its OK latencies, ms
	 */
	public record Interval(long startEpochMs, long endEpochMs, Histogram histogram) {

	}

	/**
	 * Writes {@code perSecond} to {@code file}: entry <em>k</em> is the second starting
	 * at {@code windowStartEpochMs + k * 1000}.
	 */
	public static void write(Path file, long windowStartEpochMs, List<Histogram> perSecond) {
		try (OutputStream out = Files.newOutputStream(file)) {
			HistogramLogWriter writer = new HistogramLogWriter(out);
			writer.outputComment("gateway-perf-kit: OK latencies of the measured window, ms, one interval a second");
			writer.outputLogFormatVersion();
			writer.outputStartTime(windowStartEpochMs);
			writer.setBaseTime(windowStartEpochMs);
			writer.outputBaseTime(windowStartEpochMs);
			writer.outputLegend();
			for (int second = 0; second < perSecond.size(); second++) {
				writer.outputIntervalHistogram(second, second + 1, perSecond.get(second), 1.0);
			}
			writer.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

	/**
	 * The intervals of the log in {@code file}, in the order written, with absolute
	 * times.
	 * @throws BadInputException when the file is missing or is not an interval log
	 */
	public static List<Interval> read(Path file) {
		List<Interval> intervals = new ArrayList<>();
		try (InputStream in = Files.newInputStream(file)) {
			HistogramLogReader reader = new HistogramLogReader(in);
			EncodableHistogram next;
			while ((next = reader.nextIntervalHistogram()) != null) {
				if (!(next instanceof Histogram histogram)) {
					throw new BadInputException(file + " holds a " + next.getClass().getSimpleName()
							+ ", not the integer latency histograms the kit writes");
				}
				intervals.add(new Interval(next.getStartTimeStamp(), next.getEndTimeStamp(), histogram));
			}
		}
		catch (NoSuchFileException ex) {
			throw new BadInputException("no " + FILE + " in " + file.getParent()
					+ ": an injector writes it from this version of the kit on");
		}
		catch (IOException ex) {
			throw new BadInputException("cannot read " + file + ": " + ex.getMessage());
		}
		catch (RuntimeException ex) {
			if (ex instanceof BadInputException bad) {
				throw bad;
			}
			// HdrHistogram's reader throws what its parser or decoder threw.
			throw new BadInputException(file + " is not an HdrHistogram interval log: " + ex);
		}
		return intervals;
	}

	/**
	 * Which second of a window starting at {@code windowStartEpochMs} the interval is:
	 * its start rounded to the nearest whole second after the window's start (the log
	 * stores times in seconds with three decimals, so a read-back start can be a
	 * millisecond off).
	 */
	public static int secondOf(Interval interval, long windowStartEpochMs) {
		return (int) Math.round((interval.startEpochMs() - windowStartEpochMs) / (double) SECOND_MS);
	}

}
