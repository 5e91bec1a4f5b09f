package dev.gatewaykit.bench.analysis.soak;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.TextTable;
import dev.gatewaykit.bench.model.TimeSeries;

/**
 * One soak's record ({@code soak.json}) and its views: the terminal table and
 * {@code soak.html}.
 *
 * @param schema format version of this file
 * @param rate the open model's arrival rate, requests/s
 * @param rateSource where the rate came from
 * @param durationSeconds how long the load ran
 * @param gatewayJvmOptions the options the soak added to the gateway's JVM (the leak
 * detector's)
 * @param tolerances how far above the baseline each resource may end
 * @param baseline the GC'd snapshot after the warm-up, before the load
 * @param during the samples taken while the load ran
 * @param after the GC'd snapshot after the load stopped and the gateway settled
 * @param windowStartEpochMs when the load's measured window opened, the charts' zero
 * @param requests per second of the load: completions and failures
 * @param setupFailures failed requests before the load (the warm-up and the logins),
 * reported but not judged
 * @param leaks the gateway's {@code LEAK:} reports
 * @param verdict each target and whether it was met
 */
public record Soak(int schema, double rate, String rateSource, int durationSeconds, List<String> gatewayJvmOptions,
		Tolerances tolerances, Snapshot baseline, List<Snapshot> during, Snapshot after, long windowStartEpochMs,
		List<TimeSeries.Second> requests, long setupFailures, LeakReports leaks, SoakVerdict verdict) {

	public static final int SCHEMA = 1;

	public static final String FILE = "soak.json";

	private static final double MIB = 1024 * 1024;

	public Soak {
		gatewayJvmOptions = List.copyOf(gatewayJvmOptions);
		during = List.copyOf(during);
		requests = List.copyOf(requests);
	}

	/** Whether every target was met. */
	public boolean passed() {
		return this.verdict.passed();
	}

	/** metric, baseline, max during, after, limit, verdict. */
	public String table() {
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("metric", "baseline", "max during", "after", "limit", "verdict"));
		for (SoakVerdict.Check check : this.verdict.checks()) {
			rows.add(List.of(check.metric(), format(check.baseline(), check.unit()),
					format(check.maxDuring(), check.unit()), format(check.after(), check.unit()),
					format(check.limit(), check.unit()), check.passed() ? "ok" : "MISSED"));
		}
		return TextTable.render(rows);
	}

	private static String format(@Nullable Long value, String unit) {
		if (value == null) {
			return "–";
		}
		return unit.equals("bytes") ? String.format("%.1f MiB", value / MIB) : Long.toString(value);
	}

}
