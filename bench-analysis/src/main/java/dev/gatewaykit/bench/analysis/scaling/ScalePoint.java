package dev.gatewaykit.bench.analysis.scaling;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.littleslaw.Prediction;
import dev.gatewaykit.bench.analysis.repeat.Sample;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;

/**
 * One point of a scaling curve: a mode served by {@code gateways} instances.
 *
 * @param gateways the instances behind nginx
 * @param dir the case's directory, relative to the run
 * @param valid whether its TPS may be quoted
 * @param tps OK responses per second in the window
 * @param p99Ms p99 of the OK responses
 * @param gatewayCpuMicros the gateways' CPU per request, all instances together
 * @param machineBusyPct how busy the machine's cores were over the window
 * @param boundTps the lowest bound (the prediction)
 * @param boundBy which bound that is ({@link Prediction#CPU}, {@link Prediction#THREADS},
 * ...)
 * @param formula its arithmetic
 * @param speedup TPS against the one-gateway point's; {@code null} when either is not
 * valid
 */
public record ScalePoint(int gateways, String dir, boolean valid, double tps, double p99Ms,
		@Nullable Double gatewayCpuMicros, @Nullable Double machineBusyPct, @Nullable Double boundTps, String boundBy,
		String formula, @Nullable Double speedup) {

	static ScalePoint of(int gateways, String dir, ModeSummary summary, @Nullable ModeSummary one) {
		Double cpu = (summary.diagnostics() != null) ? summary.diagnostics().cpuMicrosPerRequest().get(Sample.GATEWAY)
				: null;
		Double busy = (summary.diagnostics() != null && summary.diagnostics().machine() != null)
				? summary.diagnostics().machine().busyPct() : null;
		Prediction prediction = summary.prediction();
		Double speedup = (one != null && one.valid() && summary.valid() && one.tps() > 0) ? summary.tps() / one.tps()
				: null;
		return new ScalePoint(gateways, dir, summary.valid(), summary.tps(), summary.latencyMs().p99(), cpu, busy,
				(prediction != null) ? prediction.tps() : null, (prediction != null) ? prediction.boundBy() : "none",
				(prediction != null) ? prediction.formula() : "no prediction", speedup);
	}

}
