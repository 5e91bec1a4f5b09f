package dev.gatewaykit.bench.knee;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.CodeTier;
import dev.gatewaykit.bench.analysis.knee.ColdProfile;
import dev.gatewaykit.bench.probe.AsyncProfiler;
import dev.gatewaykit.bench.probe.FakeGateway;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cold start's profile of a real JVM (a {@link FakeGateway}, one thread computing in
 * Java): async-profiler really attached, dumped each second and stopped.
 */
class ColdStartProfileTests {

	private Process jvm;

	@AfterEach
	void stop() throws Exception {
		if (this.jvm != null) {
			this.jvm.getOutputStream().close();
			if (!this.jvm.waitFor(10, TimeUnit.SECONDS)) {
				this.jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
	}

	@Test
	void saysWhatKindOfCodeEachSecondRanAndDrawsOneFlameGraph(@TempDir Path dir) throws Exception {
		this.jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
				"-cp", System.getProperty("java.class.path"), FakeGateway.class.getName())
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		BufferedReader out = new BufferedReader(
				new InputStreamReader(this.jvm.getInputStream(), StandardCharsets.UTF_8));
		assertThat(out.readLine()).isEqualTo("ready");

		ColdStartProfile profile = ColdStartProfile.start(AsyncProfiler.extract(dir.resolve(AsyncProfiler.DIR_NAME)),
				this.jvm.pid(), dir, 2);
		profile.loadStarted();
		Optional<ColdProfile> seconds = profile.finish();

		assertThat(profile.failure()).isEmpty();
		assertThat(seconds).isPresent();
		assertThat(seconds.get().seconds()).hasSize(2).allSatisfy((second) -> {
			assertThat(second.samples()).isPositive();
			// Its one busy thread runs a Java loop, which the JIT has compiled by then:
			// most samples are in compiled Java, the annotations read as tiers.
			assertThat(second.pct(CodeTier.C1) + second.pct(CodeTier.C2)).isGreaterThan(50);
		});
		assertThat(Files.readString(dir.resolve(ColdStartProfile.FLAME_GRAPH))).contains("<html")
			.contains("dev/gatewaykit/bench/probe/FakeGateway");
		assertThat(Files.readString(dir.resolve(ColdStartProfile.COLLAPSED))).as("the last dump, annotated, kept")
			.contains("dev/gatewaykit/bench/probe/FakeGateway.compute_[");
	}

}
