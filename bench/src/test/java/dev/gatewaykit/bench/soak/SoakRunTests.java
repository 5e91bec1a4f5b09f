package dev.gatewaykit.bench.soak;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.launcher.RunFailedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SoakRunTests {

	@TempDir
	Path dir;

	@Test
	void countsTheWindowsFailuresApartFromTheLoadsStartAndItsLogins() throws Exception {
		ObjectNode measured = (ObjectNode) BenchJson.readTree(TestFiles.FIXTURE_RUN.resolve("fixed/measured.json"));
		((ObjectNode) measured.get("login")).put("ko", 1);
		((ObjectNode) measured.get("warmup")).put("ko", 2);
		((ObjectNode) measured.get("measured")).put("ko", 3);
		((ObjectNode) measured.get("tail")).put("ko", 4);
		Files.writeString(this.dir.resolve("measured.json"), BenchJson.write(measured));

		assertThat(SoakRun.failed(this.dir)).isEqualTo(7);
		assertThat(SoakRun.startFailed(this.dir)).isEqualTo(2);
		assertThat(SoakRun.loginsFailed(this.dir)).isEqualTo(1);
	}

	@Test
	void aLoadWithoutItsMeasuredFileDidNotFinish() {
		assertThatExceptionOfType(RunFailedException.class).isThrownBy(() -> SoakRun.failed(this.dir))
			.withMessageContaining("measured.json");
	}

}
