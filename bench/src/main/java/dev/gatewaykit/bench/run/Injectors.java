package dev.gatewaykit.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.bench.analysis.merge.InjectorMerge;
import dev.gatewaykit.bench.analysis.merge.RunMerge;
import dev.gatewaykit.bench.model.LatencyLog;

/**
 * One case's load from several Gatling JVMs ({@code ./kit bench --injectors N}): the load
 * split over them, one start instant for all their windows, and their files merged back
 * into the case's directory as one injector's.
 * <p>
 * Injector 1 writes into the case's directory, as a lone injector does, so that what the
 * kit waits for there ({@code phase.json}) and the window's scrape of the gateway are
 * where they always are; the others write into {@code injector-<k>/} beside it. After the
 * load, injector 1's own measured files move to {@code injector-1/} and the merge takes
 * their place.
 */
final class Injectors {

	/**
	 * From now to the start instant, before the warm-up: for N Gatling JVMs to start on a
	 * busy machine and log their users in (BCrypt at auth-service, N pools at once). A
	 * login phase that ends earlier lengthens the warm-up; one that ends later costs the
	 * injector its place in the window, and the merge refuses it.
	 */
	static final Duration START_ALLOWANCE = Duration.ofSeconds(60);

	/** The simulation's property for the start instant. */
	static final String START_PROPERTY = "bench.windowStartEpochMs";

	/** The files of an injector's own measurement, which the merge replaces. */
	static final List<String> MEASURED_FILES = List.of("measured.json", "timeseries.json", LatencyLog.FILE);

	private Injectors() {
	}

	/** Where injector {@code k} (1..) of a case in {@code dir} writes. */
	static Path directory(Path dir, int k) {
		return (k == 1) ? dir : dir.resolve("injector-" + k);
	}

	/** Where injector {@code k}'s measured files are kept once merged. */
	static Path kept(Path dir, int k) {
		return dir.resolve("injector-" + k);
	}

	/**
	 * The instant the windows open: the allowance and the load's fixed warm-up after
	 * {@code nowEpochMs}, on a whole second.
	 * @throws IllegalArgumentException when the load's warm-up is not a fixed number of
	 * seconds
	 */
	static long startInstant(long nowEpochMs, Map<String, String> load) {
		String warmup = load.getOrDefault("bench.warmupSeconds", "auto");
		int seconds;
		try {
			seconds = Integer.parseInt(warmup);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(
					"several injectors need a fixed warm-up to open their windows on one instant, was " + warmup);
		}
		long instant = nowEpochMs + START_ALLOWANCE.toMillis() + seconds * 1000L;
		return (instant / 1000 + 1) * 1000;
	}

	/**
	 * Each injector's share of {@code load}: the users (closed model) split as evenly as
	 * whole users go, the first injectors taking one more; the rate (open model) split
	 * evenly; each with the start instant.
	 * @throws IllegalArgumentException when there are fewer users than injectors
	 */
	static List<Map<String, String>> split(Map<String, String> load, int injectors, long startEpochMs) {
		List<Map<String, String>> shares = new ArrayList<>();
		for (int k = 0; k < injectors; k++) {
			Map<String, String> share = new LinkedHashMap<>(load);
			if (load.containsKey("bench.rate")) {
				share.put("bench.rate", String.valueOf(Double.parseDouble(load.get("bench.rate")) / injectors));
			}
			else {
				int users = Integer.parseInt(load.getOrDefault("bench.users", "0"));
				int own = users / injectors + ((k < users % injectors) ? 1 : 0);
				if (own < 1) {
					throw new IllegalArgumentException(
							users + " users cannot be split over " + injectors + " injectors: give each one at least");
				}
				share.put("bench.users", String.valueOf(own));
			}
			share.put(START_PROPERTY, String.valueOf(startEpochMs));
			shares.add(share);
		}
		return shares;
	}

	/**
	 * Merges the {@code injectors} runs of the case in {@code dir} into {@code dir}:
	 * injector 1's measured files move to {@code injector-1/} first.
	 * @throws dev.gatewaykit.bench.model.BadInputException when their windows do not
	 * align (an injector that began after the start instant)
	 */
	static InjectorMerge.Merged merge(Path dir, int injectors) {
		Path first = kept(dir, 1);
		try {
			Files.createDirectories(first);
			for (String file : MEASURED_FILES) {
				if (Files.isRegularFile(dir.resolve(file))) {
					Files.move(dir.resolve(file), first.resolve(file), StandardCopyOption.REPLACE_EXISTING);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot keep injector 1's files in " + first, ex);
		}
		List<InjectorMerge.Injector> runs = new ArrayList<>();
		for (int k = 1; k <= injectors; k++) {
			runs.add(InjectorMerge.Injector.read(RunMerge.injectorName(k - 1), kept(dir, k)));
		}
		InjectorMerge.Merged merged = InjectorMerge.merge(runs);
		merged.write(dir);
		return merged;
	}

}
