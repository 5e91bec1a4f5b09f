package dev.gatewaykit.bench.model;

import java.util.List;

/**
 * The simulation's own account of one run ({@code measured.json}): the parameters it ran
 * with, the measured window's boundaries and what completed inside it, apart from the
 * login and warm-up traffic and from the tail of requests that completed after the window
 * closed.
 * <p>
 * Requests are assigned to a phase by the time they <em>complete</em>: throughput is
 * completions per second of a steady state, and a request sent in the warm-up that
 * completes inside the window is part of that steady state.
 *
 * @param schema format version of this file
 * @param label free text naming the run (the kit passes the mode name)
 * @param target {@code gateway} or {@code ceiling}
 * @param workload the offered load
 * @param warmupSeconds warm-up length
 * @param durationSeconds measured window length
 * @param requestTimeoutMs the client-side request timeout
 * @param phaseStartEpochMs when the first browsing user started
 * @param windowStartEpochMs start of the measured window (phase start + warm-up)
 * @param windowEndEpochMs end of the measured window
 * @param measured completions inside the window
 * @param warmup completions before it
 * @param tail completions after it
 * @param login the setup phase's logins (empty for the ceiling target)
 * @param assertions the gates the run was asked to pass, evaluated on the window
 * @param warmupOutcome how the warm-up ended; {@code null} in files written before
 * warm-ups could end on a steady state
 */
public record MeasuredRun(int schema, String label, String target, Workload workload, int warmupSeconds,
		int durationSeconds, int requestTimeoutMs, long phaseStartEpochMs, long windowStartEpochMs,
		long windowEndEpochMs, PhaseStats measured, PhaseStats warmup, PhaseStats tail, PhaseStats login,
		List<AssertionResult> assertions, WarmupOutcome warmupOutcome) {

	public static final int SCHEMA = 1;

	public MeasuredRun {
		assertions = (assertions != null) ? List.copyOf(assertions) : List.of();
	}

	/** Length of the measured window in seconds. */
	public double windowSeconds() {
		return (this.windowEndEpochMs - this.windowStartEpochMs) / 1000.0;
	}

}
