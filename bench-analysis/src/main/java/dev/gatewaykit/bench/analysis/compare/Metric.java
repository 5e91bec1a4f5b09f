package dev.gatewaykit.bench.analysis.compare;

import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.gatewaykit.bench.analysis.repeat.ModeSamples;
import dev.gatewaykit.bench.analysis.repeat.Stat;

/**
 * A figure the gate decides on. The gateway's CPU time per request is one of them because
 * it is far steadier than TPS on a shared machine: a neighbour that steals the CPU lowers
 * the TPS, but not the CPU time each request costs.
 */
public enum Metric {

	/** OK responses per second; lower is worse. */
	TPS("tps", "TPS", "", false),

	/** p99 latency of the OK responses in ms; higher is worse. */
	P99("p99Ms", "p99", " ms", true),

	/** The gateway's CPU µs per request; higher is worse. */
	CPU("gatewayCpuMicros", "CPU/req", " µs", true);

	private final String id;

	private final String label;

	private final String unit;

	private final boolean higherIsWorse;

	Metric(String id, String label, String unit, boolean higherIsWorse) {
		this.id = id;
		this.label = label;
		this.unit = unit;
		this.higherIsWorse = higherIsWorse;
	}

	/**
	 * The name in the verdict files, the same as the
	 * {@link dev.gatewaykit.bench.analysis.repeat.Sample} component it reads.
	 */
	@JsonValue
	public String id() {
		return this.id;
	}

	/** The short name in the terminal table. */
	public String label() {
		return this.label;
	}

	/** The unit after a value, with its leading space; empty for TPS. */
	public String unit() {
		return this.unit;
	}

	public boolean higherIsWorse() {
		return this.higherIsWorse;
	}

	/** This figure's median and range over a mode's valid repeats, if measured. */
	public Optional<Stat> of(ModeSamples samples) {
		return switch (this) {
			case TPS -> samples.tps();
			case P99 -> samples.p99Ms();
			case CPU -> samples.gatewayCpuMicros();
		};
	}

	/** How the change reads: "TPS dropped", "p99 rose", "TPS unchanged". */
	String moved(double deltaPct) {
		String name = (this == CPU) ? "CPU per request" : this.label;
		if (deltaPct == 0) {
			return name + " unchanged";
		}
		return name + ((deltaPct < 0) ? " dropped" : " rose");
	}

}
