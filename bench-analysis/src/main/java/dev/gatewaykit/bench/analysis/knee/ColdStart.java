package dev.gatewaykit.bench.analysis.knee;

import java.util.ArrayList;
import java.util.List;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.bench.analysis.paired.CaseFigures;

/**
 * A freshly started gateway offered a share of its mode's warm knee at once, from the
 * instant its health answered 200 (what a load balancer or a readiness probe waits for):
 * the first minute's errors, second by second. A gateway must refuse only while it cannot
 * serve, and serve the rate with under {@link #MAX_ERROR_PCT} % errors over that minute.
 *
 * @param mode the mode, as the knee search named it
 * @param kneeRate that mode's knee, requests a second
 * @param offered the rate offered from the first second
 * @param edge what nginx let through to the gateway, as its limit describes it ("at most
 * 356 requests a second (bursts of 72)"); empty when it did not limit it
 * @param readySeconds from the process's start to its health answering 200: the warm-up
 * before readiness, when the gateway has one, is in it
 * @param requests requests sent over the whole span
 * @param errors those not answered 2xx, the unanswered included
 * @param late the 2xx answered after {@code deadlineMs}
 * @param deadlineMs the knee search's own "late"
 * @param cut whether the load was stopped before the minute's end, too many requests
 * waiting: what was not sent was not measured, and such a start never meets the bar
 * @param seconds each second's figures, in order
 */
public record ColdStart(String mode, double kneeRate, double offered, String edge, double readySeconds, long requests,
		long errors, long late, double deadlineMs, boolean cut, List<Second> seconds) {

	/** The file of a knee run's directory that holds every mode's. */
	public static final String FILE = "cold-start.json";

	/** The share of the warm knee offered. */
	public static final double MULTIPLE = 0.75;

	/** The most errors over the span, %, for a start that meets the bar. */
	public static final double MAX_ERROR_PCT = 1;

	public ColdStart {
		// A run written before the field was kept has none: it ran without a limit.
		edge = (edge != null) ? edge : "";
		seconds = List.copyOf(seconds);
	}

	/**
	 * The cold start of the requests sent in {@code [fromMs, toMs)}, second by second;
	 * those still unanswered when the load stopped waiting (the client's 30 s after the
	 * last was sent) count as errors of the last second, their send times unknown.
	 */
	public static ColdStart of(String mode, double kneeRate, double offered, String edge, double readySeconds,
			List<RequestRecord> records, long fromMs, long toMs, long unanswered, double deadlineMs, boolean cut) {
		List<Second> seconds = new ArrayList<>();
		int count = (int) Math.ceil((toMs - fromMs) / 1000.0);
		for (int i = 0; i < count; i++) {
			long from = fromMs + i * 1000L;
			long to = Math.min(toMs, from + 1000);
			CaseFigures.Answers answers = CaseFigures.Answers.of(records, from, to, (i == count - 1) ? unanswered : 0);
			seconds.add(new Second(i + 1, answers.requests(), answers.errors(), late(records, from, to, deadlineMs),
					answers.p99Ms()));
		}
		return new ColdStart(mode, kneeRate, offered, edge, readySeconds,
				seconds.stream().mapToLong(Second::requests).sum(), seconds.stream().mapToLong(Second::errors).sum(),
				seconds.stream().mapToLong(Second::late).sum(), deadlineMs, cut, seconds);
	}

	private static long late(List<RequestRecord> records, long fromMs, long toMs, double deadlineMs) {
		return records.stream()
			.filter((r) -> r.startMs() >= fromMs && r.startMs() < toMs && r.ok() && r.micros() > deadlineMs * 1000)
			.count();
	}

	public double errorPct() {
		return (this.requests == 0) ? 0 : 100.0 * this.errors / this.requests;
	}

	/**
	 * Under {@link #MAX_ERROR_PCT} % errors over the whole span, with requests sent at
	 * all.
	 */
	public boolean met() {
		return !this.cut && this.requests > 0 && errorPct() < MAX_ERROR_PCT;
	}

	/**
	 * The first second from which no second had {@link #MAX_ERROR_PCT} % errors or more:
	 * 1 when none ever did; 0 when even the last one did.
	 */
	public int cleanFrom() {
		int from = 1;
		for (Second second : this.seconds) {
			if (second.errorPct() >= MAX_ERROR_PCT) {
				from = second.second() + 1;
			}
		}
		return (from > this.seconds.size()) ? 0 : from;
	}

	/**
	 * One second of the span.
	 *
	 * @param second its number, from 1
	 * @param requests sent in it
	 * @param errors of those, not answered 2xx
	 * @param late of those, 2xx after the deadline
	 * @param p99Ms their p99, errors included (a refusal's time is its own)
	 */
	public record Second(int second, long requests, long errors, long late, double p99Ms) {

		public double errorPct() {
			return (this.requests == 0) ? 0 : 100.0 * this.errors / this.requests;
		}

	}

}
