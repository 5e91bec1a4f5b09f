package dev.gatewaykit.bench.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AsyncProfilerTests {

	@Test
	void loadsOnLinuxOnlyAndNamesTheLibraryOfTheArchitecture() {
		assertThat(AsyncProfiler.platform("Linux", "amd64")).contains("linux-x64");
		assertThat(AsyncProfiler.platform("Linux", "aarch64")).contains("linux-arm64");
		assertThat(AsyncProfiler.platform("Mac OS X", "aarch64")).isEmpty();
		assertThat(AsyncProfiler.platform("Windows 11", "amd64")).isEmpty();
		assertThat(AsyncProfiler.platform("Linux", "riscv64")).isEmpty();
	}

	@Test
	void extractsTheAgentLibraryFromItsJar(@TempDir Path dir) throws Exception {
		AsyncProfiler profiler = AsyncProfiler.extract(dir);

		assertThat(profiler.library()).isRegularFile();
		assertThat(Files.size(profiler.library())).isGreaterThan(100_000);
	}

	@Test
	void eventsHaveTheirOptionsAndOffHasNone() {
		assertThat(ProfilerEvent.WALL.startOptions()).isEqualTo("start,event=wall,interval=10ms,nobatch,threads");
		assertThat(ProfilerEvent.WALL.startOptions(List.of(11L, 12L)))
			.isEqualTo("start,event=wall,interval=10ms,nobatch,threads,filter=11+12");
		assertThat(ProfilerEvent.CPU.startOptions(List.of(11L))).isEqualTo("start,event=cpu,interval=1ms,threads");
		assertThat(ProfilerEvent.fromName(" CPU ")).isEqualTo(ProfilerEvent.CPU);
		assertThatIllegalArgumentException().isThrownBy(() -> ProfilerEvent.fromName("lock"))
			.withMessage("--profile must be one of off, cpu, wall, alloc, was 'lock'");
	}

}
