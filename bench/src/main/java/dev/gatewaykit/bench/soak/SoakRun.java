package dev.gatewaykit.bench.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.analysis.soak.LeakReports;
import dev.gatewaykit.bench.analysis.soak.Snapshot;
import dev.gatewaykit.bench.analysis.soak.Soak;
import dev.gatewaykit.bench.analysis.soak.SoakVerdict;
import dev.gatewaykit.bench.analysis.soak.Tolerances;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.model.MeasuredRun;
import dev.gatewaykit.bench.model.PhaseFile;
import dev.gatewaykit.bench.model.PhaseStats;
import dev.gatewaykit.bench.model.TimeSeries;
import dev.gatewaykit.bench.probe.GatewayProbe;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;
import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.ServiceProcess;

/**
 * The soak's steps around the bench's case: before the load, a warm-up at the soak's
 * rate, a pause, and the GC'd baseline; during it, a sample every few seconds; after it,
 * a settle and the GC'd after snapshot. The load itself is the bench's: the same stack,
 * nginx, links and Gatling simulation, one case of {@link BenchRun}.
 */
public final class SoakRun implements BenchRun.Around {

	/** The case's name, and its directory in the run. */
	public static final String CASE = "soak";

	/** The mode the soak runs: the gateway the kit claims is sound. */
	static final String FIXED = "fixed";

	/** The warm-up load's label, and its directory in the case's. */
	static final String WARM_UP = "warm-up";

	/** The gateway's JVM options for a soak: the leak detector at the soak's level. */
	static List<String> gatewayJvmOptions(SoakOptions options) {
		return List.of(LeakReports.level(options.leakDetection()), LeakReports.TARGET_RECORDS);
	}

	private final SoakOptions options;

	private final Consumer<String> log;

	private @Nullable GatewayProbe probe;

	private @Nullable Snapshot baseline;

	private GatewayProbe.@Nullable Sampling sampling;

	private List<Snapshot> during = List.of();

	private @Nullable Snapshot after;

	public SoakRun(SoakOptions options, Consumer<String> log) {
		this.options = options;
		this.log = log;
	}

	/** The bench's case the soak runs: the fixed gateway with the leak detector on. */
	public static BenchRun.Case benchCase(BenchOptions bench, SoakOptions options) {
		return new BenchRun.Case(CaseFacts.Kind.SOAK, CASE, FIXED, 1, CASE, bench.nginx(),
				bench.gatewayArguments(FIXED), bench.authLatencyMs(), gatewayJvmOptions(options), Map.of());
	}

	@Override
	public void beforeLoad(ServiceProcess gateway, BenchRun.ExtraLoad load) {
		this.log.accept("── soak: warm-up, " + this.options.warmupSeconds() + " s, the first "
				+ rampSeconds(this.options) + " s climbing to " + this.options.rate() + " requests/s");
		// A ramp over two thirds of it: a cold gateway offered its full rate at once
		// spends its first minute compiling while the queues fill, and its breakers may
		// open on its own slowness (docs/overload.md, the cold start).
		load.run(WARM_UP,
				Map.of("bench.warmupSeconds", "0", "bench.durationSeconds",
						String.valueOf(this.options.warmupSeconds()), "bench.rampSeconds",
						String.valueOf(rampSeconds(this.options))));
		pause(this.options.idleSeconds());
		this.probe = new GatewayProbe(gateway.pid(), gateway.actuatorUri(), System.currentTimeMillis());
		this.baseline = this.probe.take(true);
		this.log.accept("── soak: baseline after GC: " + describe(this.baseline));
		this.sampling = this.probe.sample(Duration.ofSeconds(this.options.intervalSeconds()), this.log);
	}

	/** The warm-up's ramp from a tenth of the rate to it: two thirds of the warm-up. */
	static int rampSeconds(SoakOptions options) {
		return options.warmupSeconds() * 2 / 3;
	}

	@Override
	public void afterLoad(ServiceProcess gateway) {
		if (this.sampling == null || this.probe == null) {
			throw new RunFailedException("the soak's load ended before its baseline was taken");
		}
		this.during = this.sampling.stop();
		this.log.accept("── soak: load stopped; " + this.options.settleSeconds() + " s to settle, then GC");
		pause(this.options.settleSeconds());
		this.after = this.probe.take(true);
		this.log.accept("── soak: after GC: " + describe(this.after));
	}

	/**
	 * The soak's record, once the case has run: the snapshots, the load's seconds and
	 * failures, the failures before it (warm-up and logins), the leak reports in the
	 * gateway's log (warm-up included: a leaked buffer is a leak whenever it happened).
	 * @param caseDir the case's directory ({@code RUN/soak})
	 */
	public Soak result(Path caseDir) {
		if (this.baseline == null || this.after == null) {
			throw new RunFailedException("the soak did not reach its after snapshot");
		}
		// What comes before the load is reported, not judged, as the bench keeps warm-up
		// and logins out of its figures: the warm-up is where a cold gateway compiles
		// its hot path, and the logins are auth-service's password hashing.
		long failed = failed(caseDir);
		Path warmUp = caseDir.resolve(WARM_UP);
		long setupFailed = loginsFailed(caseDir) + startFailed(caseDir) + loginsFailed(warmUp) + startFailed(warmUp)
				+ failed(warmUp);
		List<Path> logs = new ArrayList<>();
		try (var files = Files.list(caseDir)) {
			files.filter((file) -> file.getFileName().toString().matches("gateway-\\d+\\.log")).forEach(logs::add);
		}
		catch (java.io.IOException ex) {
			throw new RunFailedException("cannot list " + caseDir + ": " + ex.getMessage(), ex);
		}
		if (logs.isEmpty()) {
			throw new RunFailedException("no gateway log in " + caseDir + " to look for LEAK: reports in");
		}
		LeakReports leaks = LeakReports.in(logs);
		Path series = caseDir.resolve("timeseries.json");
		List<TimeSeries.Second> seconds = Files.isRegularFile(series)
				? BenchJson.read(series, TimeSeries.class).seconds() : List.of();
		long windowStart = PhaseFile.read(caseDir).map(PhaseFile::windowStartEpochMs).orElse(this.baseline.epochMs());
		SoakVerdict verdict = SoakVerdict.judge(this.baseline, this.during, this.after, failed, leaks.count(),
				Tolerances.DEFAULT);
		return new Soak(Soak.SCHEMA, this.options.rate(), this.options.rateSource(), this.options.durationSeconds(),
				gatewayJvmOptions(this.options), Tolerances.DEFAULT, this.baseline, this.during, this.after,
				windowStart, seconds, setupFailed, leaks, verdict);
	}

	/**
	 * The failed requests of one Gatling run's window and tail (the requests sent in the
	 * window that completed after it).
	 */
	static long failed(Path dir) {
		MeasuredRun run = measured(dir);
		return ko(run.measured()) + ko(run.tail());
	}

	/** The failed requests of one Gatling run before its window. */
	static long startFailed(Path dir) {
		return ko(measured(dir).warmup());
	}

	/** The failed logins of one Gatling run, before its load. */
	static long loginsFailed(Path dir) {
		return ko(measured(dir).login());
	}

	private static MeasuredRun measured(Path dir) {
		Path file = dir.resolve("measured.json");
		if (!Files.isRegularFile(file)) {
			throw new RunFailedException("no " + file + ": the load did not finish");
		}
		return BenchJson.read(file, MeasuredRun.class);
	}

	private static long ko(@Nullable PhaseStats stats) {
		return Optional.ofNullable(stats).map(PhaseStats::ko).orElse(0L);
	}

	private static String describe(Snapshot snapshot) {
		return String.format("heap %.1f MiB, direct %.1f MiB, %d open files, %d threads",
				snapshot.heapBytes() / (1024.0 * 1024), snapshot.directBytes() / (1024.0 * 1024), snapshot.openFiles(),
				snapshot.threads());
	}

	/**
	 * A deliberate wait, not a wait for a state: what is measured is what the gateway
	 * gives back once nothing happens for a while.
	 */
	private static void pause(int seconds) {
		try {
			Thread.sleep(seconds * 1000L);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RunFailedException("interrupted", ex);
		}
	}

}
