package dev.gatewaykit.bench.analysis.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.TestFiles;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.Workload;

/**
 * Injectors' run directories as {@code ./kit bench} leaves them, the gateway's files
 * taken from the sample run: {@code params.json}, and for each of naive and fixed its
 * {@code case.json}, {@code gateway.json} and a {@link SyntheticInjector}'s files.
 */
public final class SyntheticRuns {

	/** A window opening at an epoch instant with milliseconds, as a real one does. */
	public static final long WINDOW_START = 1_764_244_420_123L;

	/** The synthetic window's length. */
	public static final int DURATION_SECONDS = 4;

	private SyntheticRuns() {
	}

	/**
	 * One injector's run in {@code run}: {@code perSecond} OK responses of
	 * {@code valueMs} each second of a {@value #DURATION_SECONDS} s window opening at
	 * {@code windowStart}, for each mode, at an open rate of {@code rate}.
	 */
	public static Path injectorRun(Path run, long windowStart, long valueMs, long perSecond, double rate)
			throws IOException {
		Files.createDirectories(run);
		Files.copy(TestFiles.FIXTURE_RUN.resolve("params.json"), run.resolve("params.json"));
		for (String mode : List.of("naive", "fixed")) {
			Path dir = Files.createDirectories(run.resolve(mode));
			new CaseFacts(CaseFacts.SCHEMA, CaseFacts.Kind.MODE, mode, mode, 1, "kit", Map.of(),
					new CaseFacts.Links(25, 3))
				.write(dir);
			Files.copy(TestFiles.FIXTURE_RUN.resolve(mode).resolve("gateway.json"), dir.resolve("gateway.json"));
			SyntheticInjector injector = new SyntheticInjector(run.getFileName().toString(), windowStart,
					DURATION_SECONDS)
				.label(mode)
				.workload(Workload.open(rate));
			for (int t = 0; t < DURATION_SECONDS; t++) {
				injector.ok(t, valueMs, perSecond);
			}
			injector.write(dir);
		}
		return run;
	}

}
