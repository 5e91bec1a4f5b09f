package dev.gatewaykit.bench.knee;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

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

	@Test
	void saysWhatKindOfCodeEachSecondRanAndDrawsOneFlameGraph(@TempDir Path dir) throws Exception {
		ColdStartProfile profile;
		Optional<ColdProfile> seconds;
		try (FakeGateway.Running jvm = FakeGateway.start()) {
			profile = ColdStartProfile.start(AsyncProfiler.extract(dir.resolve(AsyncProfiler.DIR_NAME)), jvm.pid(), dir,
					2);
			profile.loadStarted();
			seconds = profile.finish();
		}

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
