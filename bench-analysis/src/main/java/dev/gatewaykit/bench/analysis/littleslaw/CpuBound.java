package dev.gatewaykit.bench.analysis.littleslaw;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * The utilization law applied to the whole run: {@code C} cores, where each request costs
 * {@code D} µs of CPU summed over every process on them (the gateway, nginx, the
 * backends, toxiproxy, the load's injector), complete at most {@code C ÷ D} requests a
 * second, however many threads there are. It is the bound of the modes that hold no
 * thread while they wait (fixed, vanilla, the ceiling, most gateways of users); the naive
 * mode's event loops bind long before it.
 * <p>
 * {@code D} is measured at the rate the run reached: a CPU bound explains a window, it
 * does not forecast another load (CPU per request falls as the rate rises).
 *
 * @param cores the cores the processes share
 * @param micros CPU µs per request, summed over the processes
 * @param processes the processes in the sum, by name
 */
public record CpuBound(int cores, double micros, List<String> processes) {

	/**
	 * Up to this many processes the formula names them, so a sum that saw few says which.
	 */
	private static final int NAMED = 3;

	public CpuBound {
		processes = List.copyOf(processes);
	}

	/**
	 * The bound of a run whose processes spent {@code microsPerRequest} each;
	 * {@code null} without CPU figures.
	 */
	public static @Nullable CpuBound of(int cores, Map<String, Double> microsPerRequest) {
		Map<String, Double> finite = new TreeMap<>();
		microsPerRequest.forEach((name, micros) -> {
			if (Double.isFinite(micros)) {
				finite.put(name, micros);
			}
		});
		double sum = finite.values().stream().mapToDouble(Double::doubleValue).sum();
		if (cores < 1 || !(sum > 0)) {
			return null;
		}
		return new CpuBound(cores, sum, List.copyOf(finite.keySet()));
	}

	/** Requests a second the cores allow. */
	public double tps() {
		return this.cores * 1_000_000.0 / this.micros;
	}

	/**
	 * E.g. {@code 2 cores / 893 µs CPU of 7 processes = 2240}, or with few processes
	 * their names ({@code of gateway, injector}), which shows what the sum did not see.
	 */
	public String formula() {
		String of = (this.processes.size() > NAMED) ? this.processes.size() + " processes"
				: String.join(", ", this.processes);
		return this.cores + ((this.cores == 1) ? " core" : " cores") + " / " + Math.round(this.micros) + " µs CPU of "
				+ of + " = " + Math.round(tps());
	}

	/**
	 * {@code prediction}, or this bound in its place where it is lower or the prediction
	 * has none: the bound that binds is the lowest. A higher one is named beside it (the
	 * naive mode's cores, far from binding, say that its loops do).
	 */
	public Prediction bind(Prediction prediction) {
		return prediction.bound(tps(), formula(), Prediction.CPU);
	}

}
