package dev.gatewaykit.bench.analysis.summary;

import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.littleslaw.LinkLatencies;
import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.model.Latency;
import dev.gatewaykit.bench.model.Workload;
import dev.gatewaykit.common.mode.ExecutionMode;

/** Small valid mode summaries for tests that only care about a TPS. */
public final class ComparisonFixtures {

	private ComparisonFixtures() {
	}

	public static ModeSummary mode(String name, double tps) {
		ExecutionMode execution = name.equals(ModeSummary.CEILING) ? null : BenchModes.executionMode(name);
		long ok = Math.round(tps * 60);
		return new ModeSummary(ModeSummary.SCHEMA, name, execution, name, "gateway", Workload.closed(200),
				new LinkLatencies(25, 3, 0), 60, ok, 0, tps, 0, new Latency(100, 90, 150, 200, 250),
				ModeSummary.Spread.NONE, Validity.VALID, new Prediction(null, "-", Prediction.NONE, null, null), null,
				null, Map.of("200", ok), List.of(), null, null);
	}

}
