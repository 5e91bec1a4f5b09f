package dev.gatewaykit.bench.analysis.chaos;

import java.util.List;

/**
 * A chaos run's outcomes: the link faults per mode, then the connection-lifecycle faults.
 */
public record ChaosResults(List<FaultOutcome> faults, List<LifecycleOutcome> lifecycle) {

	public ChaosResults {
		faults = List.copyOf(faults);
		lifecycle = List.copyOf(lifecycle);
	}

	/** How many outcomes missed a target. */
	public long missed() {
		return this.faults.stream().filter((f) -> !f.met()).count()
				+ this.lifecycle.stream().filter((f) -> !f.met()).count();
	}

	public int size() {
		return this.faults.size() + this.lifecycle.size();
	}

}
