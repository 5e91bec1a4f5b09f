package dev.gatewaykit.bench.knee;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.gatewaykit.bench.analysis.diagnostics.ProcCpu;
import dev.gatewaykit.bench.analysis.knee.KneeStep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StepCpuTests {

	@Test
	void aSpanIsWhatGrewAndEachRequestGetsItsShare() {
		StepCpu before = new StepCpu(Optional.empty(), Double.NaN, 1_000_000, Map.of(7L, 10L, 8L, 3L), Double.NaN,
				400_000);
		// Thread 8 ended in between (its ticks are lost), thread 9 started.
		StepCpu after = new StepCpu(Optional.empty(), Double.NaN, 1_600_000, Map.of(7L, 14L, 9L, 2L), Double.NaN,
				600_000);

		StepCpu span = after.since(before);

		assertThat(span.gatewayMicros()).isEqualTo(600_000);
		assertThat(span.compilingMicros()).isEqualTo(ProcCpu.micros(6));
		assertThat(span.loadMicros()).isEqualTo(200_000);
		KneeStep.Cpu perRequest = span.perRequest(1000);
		assertThat(perRequest.gatewayMicros()).isEqualTo(600);
		assertThat(perRequest.compilingMicros()).isEqualTo(60);
		assertThat(perRequest.loadMicros()).isEqualTo(200);
		assertThat(span.perRequest(0).gatewayMicros()).as("no request, no share").isNaN();
	}

	@Test
	void readsThisJvmsOwnCpuAsTheLoads() {
		StepCpu before = StepCpu.read(ProcessHandle.current().pid());
		long spin = System.nanoTime() + 300_000_000L;
		double sink = 0;
		while (System.nanoTime() < spin) {
			sink += Math.sqrt(sink + 1);
		}
		StepCpu span = StepCpu.read(ProcessHandle.current().pid()).since(before);

		assertThat(sink).isPositive();
		assertThat(span.loadMicros()).as("300 ms spun on one thread, in 10 ms ticks").isGreaterThan(150_000);
		assertThat(span.gatewayMicros()).as("the same process read as the gateway")
			.isCloseTo(span.loadMicros(), within(20_000.0));
		assertThat(span.busy()).isBetween(0.0, 100.0);
	}

}
