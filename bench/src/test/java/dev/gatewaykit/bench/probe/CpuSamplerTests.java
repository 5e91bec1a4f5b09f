package dev.gatewaykit.bench.probe;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.CpuAccounting;
import dev.gatewaykit.bench.analysis.diagnostics.CpuSample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CpuSamplerTests {

	private static long spent(Path file) {
		if (!java.nio.file.Files.isRegularFile(file)) {
			return 0;
		}
		List<CpuSample> samples = CpuAccounting.read(file);
		return samples.isEmpty() ? 0
				: samples.get(samples.size() - 1).ticks().get("busy") - samples.get(0).ticks().get("busy");
	}

	@Test
	void countsABusyChildProcessUnderItsParent(@TempDir Path dir) throws Exception {
		// The shell itself waits; its child spins. nginx is like this: the master idles,
		// the workers work.
		Process shell = new ProcessBuilder("sh", "-c", "(while :; do :; done) & wait").start();
		try {
			CpuSampler sampler = new CpuSampler().watch("busy", shell.toHandle());
			Path file = dir.resolve(CpuSample.FILE);
			CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> {
				try {
					return sampler.run(file, Duration.ofMillis(200), Duration.ofSeconds(30));
				}
				catch (java.io.IOException ex) {
					throw new java.io.UncheckedIOException(ex);
				}
			});
			// The shell waits and uses nothing: 30 ticks (300 ms of CPU) can only come
			// from
			// its child. Awaited rather than timed, so a busy box only makes it slower.
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
			while (spent(file) < 30 && System.nanoTime() < deadline) {
				Thread.sleep(100);
			}
			sampler.stop();
			int written = run.get(10, TimeUnit.SECONDS);

			assertThat(CpuAccounting.read(file)).hasSize(written)
				.allSatisfy((sample) -> assertThat(sample.machine()).as("the machine's ticks beside").isNotNull());
			assertThat(spent(file)).isGreaterThanOrEqualTo(30);
		}
		finally {
			shell.descendants().forEach(ProcessHandle::destroyForcibly);
			shell.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void readsTheJitCompilerThreadsOfAWatchedJvmAndOfNoOtherProcess() throws Exception {
		Process sleep = new ProcessBuilder("sleep", "30").start();
		try {
			CpuSampler sampler = new CpuSampler().watch("jvm", ProcessHandle.current())
				.watch("sleep", sleep.toHandle());

			assertThat(sampler.compilerTicks()).containsOnlyKeys("jvm");
			assertThat(sampler.compilerTicks().get("jvm")).isNotEmpty();
		}
		finally {
			sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void processesWatchedUnderOneNameAreSummed() {
		long alone = new CpuSampler().watch("jvm", ProcessHandle.current()).sample().ticks().get("jvm");
		// The same process twice: its ticks counted twice, read after the first reading
		// (CPU time only grows).
		long twice = new CpuSampler().watchAll("gateways", List.of(ProcessHandle.current(), ProcessHandle.current()))
			.sample()
			.ticks()
			.get("gateways");

		assertThat(twice).isGreaterThanOrEqualTo(2 * alone);
		assertThatIllegalArgumentException().isThrownBy(() -> new CpuSampler().watchAll("none", List.of()));
	}

}
