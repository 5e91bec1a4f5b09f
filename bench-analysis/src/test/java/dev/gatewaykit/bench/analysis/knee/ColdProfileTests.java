package dev.gatewaykit.bench.analysis.knee;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.CodeTier;
import dev.gatewaykit.bench.analysis.diagnostics.CompileTask;
import dev.gatewaykit.bench.model.BenchJson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ColdProfileTests {

	@Test
	void eachSecondIsItsDumpLessTheOneBefore() {
		ColdProfile profile = ColdProfile.of(
				List.of(Map.of(CodeTier.INTERPRETED, 60L, CodeTier.JIT, 40L),
						Map.of(CodeTier.INTERPRETED, 90L, CodeTier.JIT, 70L, CodeTier.C2, 40L)),
				List.of(new CompileTask("C2", "a.B.c", 50)));

		assertThat(profile.seconds()).hasSize(2);
		ColdProfile.Second second = profile.seconds().get(1);
		assertThat(second.second()).isEqualTo(2);
		assertThat(second.samples()).isEqualTo(100);
		assertThat(second.tiers()).containsEntry(CodeTier.INTERPRETED, 30L)
			.containsEntry(CodeTier.JIT, 30L)
			.containsEntry(CodeTier.C2, 40L)
			.containsEntry(CodeTier.GC, 0L);
		assertThat(second.pct(CodeTier.C2)).isEqualTo(40.0);
		assertThat(profile.describe().get(0)).isEqualTo("second 1: 100 samples: interpreted 60 %, C1-compiled 0 %, "
				+ "C2-compiled 0 %, no Java frame 0 %, JIT compiler 40 %, GC 0 %");
		assertThat(profile.describe()).last().isEqualTo("compiled most (compiler samples): C2 a.B.c 50");
	}

	@Test
	void dumpsThatShrinkAreNotOneProfiles() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ColdProfile
				.of(List.of(Map.of(CodeTier.INTERPRETED, 60L), Map.of(CodeTier.INTERPRETED, 50L)), List.of()))
			.withMessage("dump 2 holds fewer interpreted samples than the one before: not one profile's dumps");
	}

	@Test
	void aSecondWithNoSampleHasNoShareAndTheProfileReadsBackAsWritten(@TempDir Path dir) throws Exception {
		ColdProfile profile = ColdProfile.of(List.of(Map.of(), Map.of(CodeTier.GC, 3L)),
				List.of(new CompileTask("C1", "a.B.c", 2)));
		Path file = dir.resolve(ColdProfile.FILE);

		BenchJson.write(file, profile);

		assertThat(profile.seconds().get(0).pct(CodeTier.GC)).isZero();
		assertThat(BenchJson.read(file, ColdProfile.class)).isEqualTo(profile);
		assertThat(Files.readString(file)).as("each tier under its label")
			.contains("\"no Java frame\" : 0", "\"GC\" : 3");
	}

}
