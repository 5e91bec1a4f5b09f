package dev.gatewaykit.bench.analysis.knee;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.gatewaykit.bench.analysis.paired.CaseFigures;

/**
 * One window's requests as nginx saw them, by its own clock ({@code $request_time}: from
 * its first read of the request to its last write of the answer), from the tuned
 * template's {@code timed} access log. Beside the load's figures for the same window it
 * says where a refusal's time went: on the shared 2-core box the load measured 5-16 ms at
 * 1.5 and 2 times the knee for nginx's own refusals, which nginx's clock put within its
 * millisecond. That clock is read once per pass of nginx's event loop, so it leaves out
 * the wait before the pass that read the request and any time the worker was off a core
 * within it: the rest was waiting (the kernel's queues, nginx's worker and the load's
 * threads waiting for a core), not nginx's work.
 *
 * @param requests the log's requests begun in the window
 * @param edgeRefused those nginx refused itself: a 503 with no upstream time (its edge
 * limit's)
 * @param edgeRefusalP99Ms their 99th percentile by nginx's clock; 0 for none
 * @param gatewayRefused the 503s the gateway answered (an upstream time is logged)
 * @param gatewayRefusalP99Ms their 99th percentile by nginx's clock (the gateway's time
 * included); 0 for none
 * @param admitted the 2xx answers
 * @param admittedP99Ms their 99th percentile by nginx's clock; 0 for none
 */
public record EdgeTimes(long requests, long edgeRefused, double edgeRefusalP99Ms, long gatewayRefused,
		double gatewayRefusalP99Ms, long admitted, double admittedP99Ms) {

	/**
	 * A {@code timed} line's status, request time, upstream response time and the time it
	 * was logged ({@code $msec}).
	 */
	private static final Pattern LINE = Pattern
		.compile("\" (\\d{3}) .* rt=([\\d.]+) urt=(.+?) uct=.+? t=(\\d+\\.\\d+)$");

	/** The status a refusal is answered with. */
	private static final int REFUSED = 503;

	/**
	 * One request of the log.
	 *
	 * @param status the answer's status
	 * @param startMs when nginx began reading it, epoch ms (logged minus its time)
	 * @param micros its time by nginx's clock (millisecond resolution)
	 * @param upstream whether it was passed to an upstream
	 */
	public record Line(int status, long startMs, long micros, boolean upstream) {

		/** The line's request, or empty when it is not of the {@code timed} format. */
		public static Optional<Line> parse(String line) {
			Matcher matcher = LINE.matcher(line);
			if (!matcher.find()) {
				return Optional.empty();
			}
			long micros = Math.round(Double.parseDouble(matcher.group(2)) * 1e6);
			long loggedMs = Math.round(Double.parseDouble(matcher.group(4)) * 1000);
			return Optional.of(new Line(Integer.parseInt(matcher.group(1)), loggedMs - micros / 1000, micros,
					!matcher.group(3).equals("-")));
		}

	}

	/**
	 * The requests of {@code accessLog} begun in {@code [fromMs, toMs)}; lines of another
	 * format are skipped.
	 * @throws UncheckedIOException when the log cannot be read
	 */
	public static List<Line> read(Path accessLog, long fromMs, long toMs) {
		List<Line> lines = new ArrayList<>();
		try (BufferedReader reader = Files.newBufferedReader(accessLog, StandardCharsets.UTF_8)) {
			for (String text = reader.readLine(); text != null; text = reader.readLine()) {
				Line.parse(text)
					.filter((line) -> line.startMs() >= fromMs && line.startMs() < toMs)
					.ifPresent(lines::add);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not read nginx's access log " + accessLog, ex);
		}
		return lines;
	}

	/** What the requests of {@code lines} begun in {@code [fromMs, toMs)} took. */
	public static EdgeTimes of(List<Line> lines, long fromMs, long toMs) {
		List<Line> window = lines.stream().filter((line) -> line.startMs() >= fromMs && line.startMs() < toMs).toList();
		long[] edge = micros(window, (line) -> line.status() == REFUSED && !line.upstream());
		long[] gateway = micros(window, (line) -> line.status() == REFUSED && line.upstream());
		long[] admitted = micros(window, (line) -> line.status() / 100 == 2);
		return new EdgeTimes(window.size(), edge.length, p99Ms(edge), gateway.length, p99Ms(gateway), admitted.length,
				p99Ms(admitted));
	}

	private static long[] micros(List<Line> lines, Predicate<Line> kind) {
		return lines.stream().filter(kind).mapToLong(Line::micros).sorted().toArray();
	}

	private static double p99Ms(long[] sorted) {
		return CaseFigures.Answers.quantile(sorted, 0.99) / 1000.0;
	}

}
