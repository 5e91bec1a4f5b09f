package dev.gatewaykit.bench.analysis.sockets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.gatewaykit.bench.model.BadInputException;
import dev.gatewaykit.bench.model.Numbers;

/**
 * What the socket samples of one mode say about its window ({@code starvation.json}): how
 * many gateway connections held a request the gateway had not read, second by second, how
 * many of them it had not even accepted, and how long such waits lasted.
 * <p>
 * A <b>wait span</b> is a run of consecutive samples in which one connection held unread
 * bytes. Its duration is {@code last sample's t − first sample's t + interval}: the
 * sampling resolution, since the wait began somewhere in the interval before its first
 * sample and ended somewhere in the one after its last. So a duration is right to within
 * one interval, waits shorter than the interval may be missed altogether, and a span can
 * merge two back-to-back requests on one connection (the gateway read one, nginx sent the
 * next before the next sample). A span still open at the end of the file ends at its last
 * sample.
 * <p>
 * Spans are not clipped to the window: one that began before it (in the warm-up) counts
 * whole, and so does one that runs past its end; a span is kept when it overlaps the
 * window, i.e. begins before the window ends and ends at or after its start.
 *
 * @param schema format version of this file
 * @param fromEpochMs the window's start (included)
 * @param toEpochMs the window's end (excluded)
 * @param intervalMs the sampling interval: the median gap between consecutive samples of
 * the file (what the sampler achieved, which a busy box can stretch),
 * {@link SocketSample#DEFAULT_INTERVAL} with fewer than two samples
 * @param samples how many samples fell in the window
 * @param maxAcceptQueue the most connections waiting to be accepted (the listening
 * socket's accept queue) at one sample of the window, {@code null} without samples; they
 * are counted in the wait spans too, since they hold their request unread
 * @param seconds one entry per second of the window
 * @param waits the wait spans that overlap the window
 */
public record StarvationAnalysis(int schema, long fromEpochMs, long toEpochMs, long intervalMs, int samples,
		Integer maxAcceptQueue, List<Second> seconds, Waits waits) {

	public static final int SCHEMA = 1;

	/** Upper bounds of the histogram's buckets but the last, which is open-ended. */
	public static final List<Long> BUCKET_BOUNDS_MS = List.of(500L, 1_000L, 2_000L, 5_000L, 10_000L, 20_000L, 40_000L,
			60_000L);

	/**
	 * A wait this long is a request held unread for about what the hand measurements with
	 * {@code ss} saw.
	 */
	public static final long LONG_WAIT_MS = 20_000;

	/** How many of the longest spans are listed, to find them in other logs. */
	static final int LONGEST = 10;

	public StarvationAnalysis {
		seconds = (seconds != null) ? List.copyOf(seconds) : List.of();
	}

	/**
	 * One second of the window.
	 *
	 * @param t seconds since the window's start
	 * @param samples how many samples fell in it (0: the sampler did not run, and the
	 * figures are {@code null})
	 * @param maxUnread the most connections holding unread bytes at one sample
	 * @param meanUnread the mean of those counts over the second's samples
	 * @param maxOpen the most established connections at one sample
	 * @param maxAcceptQueue the most connections waiting in the accept queue at one
	 * sample
	 */
	public record Second(int t, int samples, Integer maxUnread, Double meanUnread, Integer maxOpen,
			Integer maxAcceptQueue) {
	}

	/**
	 * The distribution of the wait spans' durations.
	 *
	 * @param count how many spans
	 * @param p50Ms median duration (nearest rank), {@code null} without spans
	 * @param p90Ms 90th percentile
	 * @param p99Ms 99th percentile
	 * @param maxMs the longest
	 * @param atLeast20s how many lasted {@link #LONG_WAIT_MS} or more
	 * @param histogram counts in the fixed buckets of {@link #BUCKET_BOUNDS_MS}, every
	 * bucket present
	 * @param longest the longest spans, longest first
	 */
	public record Waits(int count, Long p50Ms, Long p90Ms, Long p99Ms, Long maxMs, int atLeast20s,
			List<Bucket> histogram, List<Span> longest) {

		public Waits {
			histogram = (histogram != null) ? List.copyOf(histogram) : List.of();
			longest = (longest != null) ? List.copyOf(longest) : List.of();
		}

	}

	/**
	 * One bucket of the histogram: durations in {@code [fromMs, toMs)}.
	 *
	 * @param label e.g. {@code 2–5 s}
	 * @param fromMs lower bound, included
	 * @param toMs upper bound, excluded; {@code null} for the last bucket
	 * @param count spans in it
	 */
	public record Bucket(String label, long fromMs, Long toMs, int count) {
	}

	/**
	 * One wait span.
	 *
	 * @param connection the connection's id (the peer's {@code address:port})
	 * @param firstMs its first sample's time, epoch ms
	 * @param lastMs its last sample's time
	 * @param durationMs {@code lastMs − firstMs + interval}
	 */
	public record Span(String connection, long firstMs, long lastMs, long durationMs) {
	}

	/**
	 * Analyses the sampler's file over {@code [fromEpochMs, toEpochMs)}.
	 * @throws BadInputException when the file is missing, a line is malformed (the
	 * message names it) or time goes backwards
	 */
	public static StarvationAnalysis analyse(Path file, long fromEpochMs, long toEpochMs) {
		if (toEpochMs <= fromEpochMs) {
			throw new IllegalArgumentException("empty window: from " + fromEpochMs + " to " + toEpochMs);
		}
		List<SocketSample> samples = read(file);
		long interval = interval(samples);
		int length = (int) Math.ceil((toEpochMs - fromEpochMs) / 1000.0);
		int[] count = new int[length];
		int[] maxUnread = new int[length];
		long[] sumUnread = new long[length];
		int[] maxOpen = new int[length];
		int[] maxAcceptQueue = new int[length];
		int inWindow = 0;
		for (SocketSample sample : samples) {
			if (sample.t() >= fromEpochMs && sample.t() < toEpochMs) {
				int second = (int) ((sample.t() - fromEpochMs) / 1000);
				count[second]++;
				maxUnread[second] = Math.max(maxUnread[second], sample.unread());
				sumUnread[second] += sample.unread();
				maxOpen[second] = Math.max(maxOpen[second], sample.open());
				maxAcceptQueue[second] = Math.max(maxAcceptQueue[second], sample.acceptQueue());
				inWindow++;
			}
		}
		List<Second> seconds = new ArrayList<>(length);
		Integer mostAccepting = null;
		for (int t = 0; t < length; t++) {
			if (count[t] == 0) {
				seconds.add(new Second(t, 0, null, null, null, null));
				continue;
			}
			seconds.add(new Second(t, count[t], maxUnread[t], sumUnread[t] / (double) count[t], maxOpen[t],
					maxAcceptQueue[t]));
			mostAccepting = (mostAccepting != null) ? Math.max(mostAccepting, maxAcceptQueue[t]) : maxAcceptQueue[t];
		}
		List<Span> spans = spans(samples, interval).stream()
			.filter((span) -> span.firstMs() < toEpochMs && span.lastMs() >= fromEpochMs)
			.toList();
		return new StarvationAnalysis(SCHEMA, fromEpochMs, toEpochMs, interval, inWindow, mostAccepting, seconds,
				waits(spans));
	}

	/** Every line of the file but blank ones, in time order. */
	static List<SocketSample> read(Path file) {
		List<String> lines;
		try {
			lines = Files.readAllLines(file);
		}
		catch (java.nio.file.NoSuchFileException ex) {
			throw new BadInputException("missing " + file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<SocketSample> samples = new ArrayList<>(lines.size());
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).isBlank()) {
				continue;
			}
			SocketSample sample;
			try {
				sample = SocketSample.parse(lines.get(i));
			}
			catch (IllegalArgumentException ex) {
				throw new BadInputException(file + " line " + (i + 1) + ": " + ex.getMessage());
			}
			if (!samples.isEmpty() && sample.t() < samples.get(samples.size() - 1).t()) {
				throw new BadInputException(file + " line " + (i + 1) + ": t " + sample.t()
						+ " is before the previous line's: samples must be in time order");
			}
			samples.add(sample);
		}
		return samples;
	}

	/** The median gap between consecutive samples. */
	static long interval(List<SocketSample> samples) {
		if (samples.size() < 2) {
			return SocketSample.DEFAULT_INTERVAL.toMillis();
		}
		long[] gaps = new long[samples.size() - 1];
		for (int i = 1; i < samples.size(); i++) {
			gaps[i - 1] = samples.get(i).t() - samples.get(i - 1).t();
		}
		Arrays.sort(gaps);
		return Math.max(1, gaps[gaps.length / 2]);
	}

	/** Every wait span of the file, in the order they ended. */
	static List<Span> spans(List<SocketSample> samples, long interval) {
		List<Span> spans = new ArrayList<>();
		Map<String, long[]> open = new HashMap<>();
		long previous = 0;
		for (SocketSample sample : samples) {
			Set<String> waiting = new HashSet<>(sample.waiting());
			for (Iterator<Map.Entry<String, long[]>> it = open.entrySet().iterator(); it.hasNext();) {
				Map.Entry<String, long[]> entry = it.next();
				if (!waiting.contains(entry.getKey())) {
					spans.add(span(entry.getKey(), entry.getValue()[0], previous, interval));
					it.remove();
				}
			}
			for (String connection : waiting) {
				open.computeIfAbsent(connection, (id) -> new long[] { sample.t() });
			}
			previous = sample.t();
		}
		for (Map.Entry<String, long[]> entry : open.entrySet()) {
			spans.add(span(entry.getKey(), entry.getValue()[0], previous, interval));
		}
		return spans;
	}

	private static Span span(String connection, long first, long last, long interval) {
		return new Span(connection, first, last, last - first + interval);
	}

	static Waits waits(List<Span> spans) {
		long[] durations = spans.stream().mapToLong(Span::durationMs).sorted().toArray();
		List<Bucket> histogram = new ArrayList<>();
		long from = 0;
		for (int b = 0; b <= BUCKET_BOUNDS_MS.size(); b++) {
			Long to = (b < BUCKET_BOUNDS_MS.size()) ? BUCKET_BOUNDS_MS.get(b) : null;
			int count = 0;
			for (long duration : durations) {
				count += (duration >= from && (to == null || duration < to)) ? 1 : 0;
			}
			histogram.add(new Bucket(label(from, to), from, to, count));
			from = (to != null) ? to : from;
		}
		int atLeast20s = (int) Arrays.stream(durations).filter((duration) -> duration >= LONG_WAIT_MS).count();
		List<Span> longest = spans.stream()
			.sorted(Comparator.comparingLong(Span::durationMs).reversed().thenComparingLong(Span::firstMs))
			.limit(LONGEST)
			.toList();
		return new Waits(durations.length, rank(durations, 0.50), rank(durations, 0.90), rank(durations, 0.99),
				(durations.length > 0) ? durations[durations.length - 1] : null, atLeast20s, histogram, longest);
	}

	/**
	 * Nearest rank: the smallest duration with at least {@code quantile} of the spans at
	 * or below it.
	 */
	private static Long rank(long[] sorted, double quantile) {
		if (sorted.length == 0) {
			return null;
		}
		return sorted[Math.max(0, (int) Math.ceil(quantile * sorted.length) - 1)];
	}

	private static String label(long fromMs, Long toMs) {
		if (fromMs == 0) {
			return "< " + seconds(toMs) + " s";
		}
		return (toMs != null) ? seconds(fromMs) + "–" + seconds(toMs) + " s" : "≥ " + seconds(fromMs) + " s";
	}

	private static String seconds(long ms) {
		return Numbers.trim(ms / 1000.0, 1);
	}

}
