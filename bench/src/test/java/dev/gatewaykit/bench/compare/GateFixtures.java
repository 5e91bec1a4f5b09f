package dev.gatewaykit.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.bench.repeat.ModeSamples;
import dev.gatewaykit.bench.repeat.Sample;

/** Hand-built repeats for the gate's tests. */
final class GateFixtures {

	private GateFixtures() {
	}

	/** A mode's repeats, numbered in the order given. */
	static ModeSamples mode(String name, Run... runs) {
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < runs.length; i++) {
			Run run = runs[i];
			samples.add(new Sample(i + 1, name + "/" + (i + 1), run.errorPct() <= 1, run.tps(), run.p99Ms(),
					run.errorPct(), Optional.ofNullable(run.cpuMicros())));
		}
		return new ModeSamples(name, samples);
	}

	/** Repeats that differ in TPS only (p99 200 ms, CPU not measured). */
	static ModeSamples tps(String name, double... tps) {
		Run[] runs = new Run[tps.length];
		for (int i = 0; i < tps.length; i++) {
			runs[i] = run(tps[i], 200);
		}
		return mode(name, runs);
	}

	static Run run(double tps, double p99Ms) {
		return new Run(tps, p99Ms, null, 0);
	}

	static Run run(double tps, double p99Ms, double cpuMicros) {
		return new Run(tps, p99Ms, cpuMicros, 0);
	}

	/** A run with 3.2 % errors: invalid. */
	static Run invalid(double tps, double p99Ms) {
		return new Run(tps, p99Ms, null, 3.2);
	}

	record Run(double tps, double p99Ms, Double cpuMicros, double errorPct) {
	}

}
