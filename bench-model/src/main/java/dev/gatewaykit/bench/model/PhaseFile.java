package dev.gatewaykit.bench.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The simulation's {@code phase.json}, written (atomically) when the measured window
 * opens: what the kit's threads beside Gatling — the mode switch of a flip run, the
 * window's diagnostics — wait for.
 *
 * @param phaseStartEpochMs when the browsing phase began
 * @param windowStartEpochMs when the measured window opened
 * @param windowEndEpochMs when it closes
 */
public record PhaseFile(long phaseStartEpochMs, long windowStartEpochMs, long windowEndEpochMs) {

	public static final String FILE = "phase.json";

	/** The file in {@code dir}, if the window has opened. */
	public static Optional<PhaseFile> read(Path dir) {
		Path file = dir.resolve(FILE);
		return Files.isRegularFile(file) ? Optional.of(BenchJson.read(file, PhaseFile.class)) : Optional.empty();
	}

}
