package dev.gatewaykit.bench.analysis.compare;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What the gate decided, as written to {@code verdict.json} for machines (CI, dashboards)
 * and rendered as JUnit XML by {@link JUnitReport}.
 *
 * @param schema format version of this file
 * @param status the decision
 * @param summary the one-line verdict, as printed
 * @param baseline the baseline's file and run name
 * @param current the current run's file and run name
 * @param thresholds the limits applied
 * @param forced whether the runs were compared despite {@code differences}
 * @param differences what differs between the runs that makes them not comparable
 * (compared anyway when {@code forced})
 * @param allowedDifferences what differs and may: the change under test, bookkeeping
 * @param modes per mode and metric: baseline and current median, min, max and n, the
 * change of the median, the verdict and its reason; empty when not compared
 * @param newBlockingCalls call sites that blocked a non-blocking thread in the current
 * run and not in the baseline (both with {@code --blockhound}); they explain, they do not
 * fail
 */
public record GateVerdict(int schema, Status status, String summary, RunFile baseline, RunFile current,
		Thresholds thresholds, boolean forced, List<Difference> differences, List<Difference> allowedDifferences,
		List<ModeComparison> modes, List<NewBlockingCall> newBlockingCalls) {

	public static final int SCHEMA = 2;

	public GateVerdict {
		differences = List.copyOf(differences);
		allowedDifferences = List.copyOf(allowedDifferences);
		modes = List.copyOf(modes);
	}

	/** The gate's decision. */
	public enum Status {

		/** Nothing regressed. */
		PASS,

		/** A metric regressed or a mode was invalid. */
		FAIL,

		/** The runs differ in parameters, machine or versions, and were not compared. */
		NOT_COMPARABLE,

		/** The runs share no mode: most likely the wrong files. */
		NOTHING_COMPARED;

		/** The name in the verdict files: {@code pass}, {@code not-comparable}. */
		@JsonValue
		public String id() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

	}

	/**
	 * One side of the comparison.
	 *
	 * @param file the summary.json as given
	 * @param run the run's name (its directory)
	 */
	public record RunFile(String file, String run) {
	}

}
