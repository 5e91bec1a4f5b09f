package dev.gatewaykit.bench.analysis.littleslaw;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.Numbers;
import dev.gatewaykit.bench.model.Unloaded;
import dev.gatewaykit.bench.model.Workload;

/**
 * The closed model's bound with the measured unloaded response time: {@code N} users,
 * each sending its next request when the last is answered, complete at most
 * {@code N ÷ R0} a second, where {@code R0} is a request's response time with nothing
 * queued before it ({@link Unloaded}). It binds when the users are too few to load the
 * stack; the injected link latency alone ({@link LittlesLaw}'s estimate without it)
 * leaves out the services' and the gateway's own time.
 *
 * @param users the closed workload's users
 * @param unloadedMs the median unloaded response time
 */
public record ClosedBound(int users, double unloadedMs) {

	/** The bound of {@code workload}; null for an open workload or without an R0. */
	public static @Nullable ClosedBound of(Workload workload, @Nullable Unloaded unloaded) {
		if (workload.model() != LoadModel.CLOSED || workload.users() < 1 || unloaded == null
				|| !(unloaded.medianMs() > 0)) {
			return null;
		}
		return new ClosedBound(workload.users(), unloaded.medianMs());
	}

	public double tps() {
		return this.users * 1000.0 / this.unloadedMs;
	}

	/** E.g. {@code 150 users / 53.2 ms unloaded = 2820}. */
	public String formula() {
		return this.users + ((this.users == 1) ? " user" : " users") + " / " + Numbers.trim(this.unloadedMs, 1)
				+ " ms unloaded = " + Math.round(tps());
	}

	/**
	 * {@code prediction} with this bound as its offered-load bound: in its place where
	 * lower, else named beside it.
	 */
	public Prediction bind(Prediction prediction) {
		return prediction.bound(tps(), formula(), Prediction.OFFERED_LOAD).withOfferedBound(tps());
	}

}
