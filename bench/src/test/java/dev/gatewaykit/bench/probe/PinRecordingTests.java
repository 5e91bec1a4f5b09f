package dev.gatewaykit.bench.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.diagnostics.PinnedCalls;
import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.diagnostics.WindowRecord;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.launcher.Jdks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * The JFR recording of pinned virtual threads an MVC case's window takes: the jcmd
 * options (each with its '+'), a jcmd warning taken as the failure it is, and a real
 * recording of a JVM on the JDK 21+ the launcher finds, through the window's diagnostics.
 * The pins themselves are PinnedCallsTests' (bench-analysis).
 */
class PinRecordingTests {

	@TempDir
	Path dir;

	@Test
	void enablesTheEventWithThresholdZeroEachOptionWithItsPlus() {
		assertThat(new PinRecording(Path.of("/jdk/bin/jcmd"), 42).startCommand()).containsExactly("/jdk/bin/jcmd", "42",
				"JFR.start", "name=" + PinRecording.NAME, "settings=none", "+jdk.VirtualThreadPinned#enabled=true",
				"+jdk.VirtualThreadPinned#threshold=0ms");
	}

	/**
	 * What a JDK answers to an option without its '+': a warning, exit 0, and a recording
	 * without the event.
	 */
	@Test
	void aWarningIsAFailureNotARecordingWithoutPins() throws Exception {
		Path jcmd = this.dir.resolve("jcmd");
		Files.writeString(jcmd, "#!/bin/sh\necho \"$2:\"\necho \"Warning! The .jfc option/setting "
				+ "'jdk.VirtualThreadPinned#enabled' doesn't exist.\"\necho 'Started recording 1.'\n");
		Files.setPosixFilePermissions(jcmd, PosixFilePermissions.fromString("rwxr-xr-x"));

		assertThatIOException().isThrownBy(() -> new PinRecording(jcmd, 42).start())
			.withMessageContaining("JFR.start answered (exit 0)")
			.withMessageContaining("doesn't exist");
	}

	@Test
	void theWindowRecordsAJvmOnJdk21AndSavesWhatItHolds() throws Exception {
		Path java = java21();
		try (FakeGateway.Running jvm = FakeGateway.start(java)) {
			// The phase file ahead of its window, as a fixed warm-up writes it: the
			// recording starts with the window, not with the warm-up.
			long now = System.currentTimeMillis();
			long windowStart = now + 1_000;
			BenchJson.write(this.dir.resolve("phase.json"), Map.of("phaseStartEpochMs", now, "windowStartEpochMs",
					windowStart, "windowEndEpochMs", windowStart + 2_000));
			WindowDiagnostics.Plan plan = new WindowDiagnostics.Plan(this.dir, "mvc-virtual", jvm.pid(),
					Optional.empty(), ProfilerEvent.OFF, Optional.empty(), "", false, Duration.ofSeconds(20),
					Optional.empty(), Optional.of(java.resolveSibling("jcmd")));

			AtomicLong recordingStartedAt = new AtomicLong();
			WindowRecord record = new WindowDiagnostics().run(plan, (line) -> {
				if (line.contains("JFR records")) {
					recordingStartedAt.set(System.currentTimeMillis());
				}
			});

			assertThat(recordingStartedAt.get()).as("JFR started").isGreaterThanOrEqualTo(windowStart);
			assertThat(record.pinnedCalls()).as("%s", record.notes()).isEqualTo(PinnedCalls.JSON_FILE);
			assertThat(this.dir.resolve(PinnedCalls.FILE)).isNotEmptyFile();
			// The fake gateway runs no virtual thread: a recording, and no pin in it.
			assertThat(BenchJson.read(this.dir.resolve(PinnedCalls.JSON_FILE), PinnedCalls.class))
				.isEqualTo(PinnedCalls.read(this.dir.resolve(PinnedCalls.FILE)))
				.extracting(PinnedCalls::events)
				.isEqualTo(0L);
			assertThat(record.notes()).noneMatch((note) -> note.contains("pinned"));
		}
	}

	/**
	 * The launcher's JDK 21+, which the build needs anyway (gateway-mvc's tests fork on
	 * it): without one this fails with {@link Jdks}' word on what to install, as
	 * PinnedCallsTests.
	 */
	private static Path java21() {
		return Jdks.fromEnvironment().java21();
	}

}
