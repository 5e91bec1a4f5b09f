package dev.gatewaykit.bench.analysis.knee;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.chaos.RequestRecord;
import dev.gatewaykit.bench.analysis.paired.CaseFigures;

/**
 * One rate past (or at) a mode's knee, held as the overload run holds it: what the
 * requests sent in its window became, judged once every one of them was answered or had
 * failed.
 *
 * @param multiple the rate as a multiple of the mode's knee
 * @param offered the rate sent, requests a second, whatever the answers did
 * @param requests requests sent in the window
 * @param ok those answered 2xx within the deadline
 * @param okPerSecond those a second: the goodput
 * @param admittedP50Ms the 2xx answers' median time, late ones included
 * @param admittedP99Ms their 99th percentile: what a request the gateway took on waited
 * @param refused those answered 503 (the admission limit's, a bulkhead's or an open
 * breaker's)
 * @param refusalP99Ms the 503 answers' 99th percentile: how fast a refusal came; 0 for
 * none
 * @param slowestMs the slowest answer of any status, or the longest a request waited for
 * none
 * @param errors every request not answered 2xx within the deadline, by kind: its status,
 * {@value #LATE} (2xx, after the deadline), {@code "no answer"} (a reset connection or
 * the client's timeout) or {@value #UNANSWERED} (still in flight when the run stopped
 * waiting)
 * @param admissionRefused the admission limit's own refusals in the window (its counter's
 * rise); -1 when the gateway has no admission limit
 * @param limit the admission limit at the window's end; NaN when there is none
 * @param breakers each breaker's state at the window's end ({@code "name: state"})
 * @param breakerChanges breaker state changes seen during the step
 * @param busyPct how busy the machine's cores were over the window, %; NaN when unknown
 * @param gatewayCpuMicros the gateway's CPU time over the window per request sent in it,
 * µs; NaN when unknown
 * @param loadCpuMicros the load's own (the kit's JVM, which sends the requests) per
 * request sent, µs; NaN when unknown: on a machine the load shares, what a refused
 * request costs the injector is taken from the gateway
 * @param cut whether the step was cut short, too many requests waiting: its window is
 * what ran, and the higher steps were not held
 * @param edge the window's requests by nginx's clock; null when its log could not be read
 * @param waiting each process's threads runnable and waiting for a core over the window,
 * by name ({@value #LOAD} the kit's own JVM, which sends the load); empty when unknown
 */
public record OverloadStep(double multiple, double offered, long requests, long ok, double okPerSecond,
		double admittedP50Ms, double admittedP99Ms, long refused, double refusalP99Ms, double slowestMs,
		Map<String, Long> errors, long admissionRefused, double limit, List<String> breakers, int breakerChanges,
		double busyPct, double gatewayCpuMicros, double loadCpuMicros, boolean cut, @Nullable EdgeTimes edge,
		Map<String, Waiting> waiting) {

	/** The status a refusal is answered with. */
	public static final int REFUSED = 503;

	/** The error kind of a request still in flight when the run stopped waiting. */
	public static final String UNANSWERED = "unanswered";

	/** The error kind of a 2xx answer that came after the deadline. */
	public static final String LATE = "late 2xx";

	/** The name {@link #waiting} gives the load's own JVM. */
	public static final String LOAD = "load";

	public OverloadStep {
		errors = Map.copyOf(errors);
		breakers = List.copyOf(breakers);
		waiting = Collections.unmodifiableMap(new LinkedHashMap<>(waiting));
	}

	/** The threads of every process named waiting for a core, on average. */
	public double waitingThreads() {
		return this.waiting.values().stream().mapToDouble(Waiting::threads).sum();
	}

	/**
	 * One process's wait for a core over a window.
	 *
	 * @param threads its threads runnable and waiting, on average
	 * @param perTurnMs how long one waited, on average, each time it became runnable; NaN
	 * when none ran
	 */
	public record Waiting(double threads, double perTurnMs) {

	}

	/**
	 * The answers to the requests sent in {@code [fromMs, toMs)}.
	 * @param records every request of the run that has been answered or has failed
	 * @param unanswered those sent in the window still in flight
	 * @param deadlineMs the longest a 2xx answer may take and still be of use: an open
	 * model judged after the fact would otherwise count as goodput a backlog answered
	 * seconds late
	 */
	public static Answers answers(List<RequestRecord> records, long fromMs, long toMs, long unanswered,
			double deadlineMs) {
		List<RequestRecord> sent = records.stream().filter((r) -> r.startMs() >= fromMs && r.startMs() < toMs).toList();
		Map<String, Long> errors = new TreeMap<>();
		sent.stream().filter((r) -> !r.ok()).forEach((r) -> errors.merge(r.statusLabel(), 1L, Long::sum));
		long late = sent.stream().filter((r) -> r.ok() && r.micros() > deadlineMs * 1000).count();
		if (late > 0) {
			errors.put(LATE, late);
		}
		if (unanswered > 0) {
			errors.put(UNANSWERED, unanswered);
		}
		long[] ok = sent.stream().filter(RequestRecord::ok).mapToLong(RequestRecord::micros).sorted().toArray();
		long[] refused = sent.stream()
			.filter((r) -> r.status() == REFUSED)
			.mapToLong(RequestRecord::micros)
			.sorted()
			.toArray();
		long slowest = sent.stream().mapToLong(RequestRecord::micros).max().orElse(0);
		return new Answers(sent.size() + unanswered, ok.length - late, CaseFigures.Answers.quantile(ok, 0.50) / 1000.0,
				CaseFigures.Answers.quantile(ok, 0.99) / 1000.0, refused.length,
				CaseFigures.Answers.quantile(refused, 0.99) / 1000.0, slowest / 1000.0, errors);
	}

	/** The goodput as a share of the knee's rate, %. */
	public double goodputPctOf(double knee) {
		return (knee > 0) ? 100 * this.okPerSecond / knee : Double.NaN;
	}

	/**
	 * What a window's requests became (see the step's fields of the same names).
	 */
	public record Answers(long requests, long ok, double admittedP50Ms, double admittedP99Ms, long refused,
			double refusalP99Ms, double slowestMs, Map<String, Long> errors) {

		public Answers {
			errors = Map.copyOf(errors);
		}

		/** Every request that was not answered 2xx. */
		public long failed() {
			return this.requests - this.ok;
		}

	}

}
