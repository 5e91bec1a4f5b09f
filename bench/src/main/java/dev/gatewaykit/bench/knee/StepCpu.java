package dev.gatewaykit.bench.knee;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import dev.gatewaykit.bench.analysis.diagnostics.CompilerThreads;
import dev.gatewaykit.bench.analysis.diagnostics.MachineCpu;
import dev.gatewaykit.bench.analysis.diagnostics.ProcCpu;
import dev.gatewaykit.bench.analysis.knee.KneeStep;

/**
 * The machine's, the gateway's (its JIT compiler threads apart) and the load's own CPU at
 * one instant, or over a span ({@link #since}); a reading that failed is NaN. Read around
 * each search step and each overload step: at one rate the knees of one build differed by
 * half from run to run, and only the CPU each request cost says whether the gateway did
 * more work (its JIT still compiling) or the machine did the same work slower
 * (docs/overload.md).
 *
 * @param machine the machine's counters (an instant only)
 * @param busy the machine's cores busy, % (a span only)
 * @param gatewayMicros the gateway's CPU time, µs
 * @param compilers the gateway's compiler threads' ticks by thread id (an instant only)
 * @param compilingMicros the part of {@code gatewayMicros} its compiler threads spent, µs
 * (a span only)
 * @param loadMicros this JVM's, which sends the load, µs
 */
record StepCpu(Optional<MachineCpu> machine, double busy, double gatewayMicros, Map<Long, Long> compilers,
		double compilingMicros, double loadMicros) {

	static StepCpu read(long gatewayPid) {
		return new StepCpu(MachineCpu.read(), Double.NaN, micros(gatewayPid), CompilerThreads.ticks(gatewayPid),
				Double.NaN, micros(ProcessHandle.current().pid()));
	}

	private static double micros(long pid) {
		OptionalLong ticks = ProcCpu.ticks(pid);
		return ticks.isPresent() ? ProcCpu.micros(ticks.getAsLong()) : Double.NaN;
	}

	/** What was spent since {@code earlier}. */
	StepCpu since(StepCpu earlier) {
		double busy = (this.machine.isPresent() && earlier.machine.isPresent())
				? 100 * this.machine.get().busySince(earlier.machine.get()) : Double.NaN;
		return new StepCpu(Optional.empty(), busy, this.gatewayMicros - earlier.gatewayMicros, Map.of(),
				ProcCpu.micros(CompilerThreads.since(earlier.compilers, this.compilers)),
				this.loadMicros - earlier.loadMicros);
	}

	/** A span's CPU divided among the {@code requests} sent in it. */
	KneeStep.Cpu perRequest(long requests) {
		return new KneeStep.Cpu(perRequest(this.gatewayMicros, requests), perRequest(this.compilingMicros, requests),
				perRequest(this.loadMicros, requests));
	}

	private static double perRequest(double micros, long requests) {
		return (requests > 0) ? micros / requests : Double.NaN;
	}

}
