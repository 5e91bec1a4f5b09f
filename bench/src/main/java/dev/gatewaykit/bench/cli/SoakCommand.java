package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.soak.Soak;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.SoakPage;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;
import dev.gatewaykit.bench.soak.SoakOptions;
import dev.gatewaykit.bench.soak.SoakRun;

/**
 * {@code ./kit soak}: the fixed gateway under a long open-model load with Netty's leak
 * detector on, and whether it gives back what the load took.
 */
@Command(name = "soak", description = { "the fixed gateway over time: errors, leaks, memory, files, threads", "",
		"Proof over time: starts the bench's stack (redis, auth-service, mall-api, toxiproxy, nginx) and the "
				+ "fixed gateway with Netty's leak detector (--leak-detection), runs a warm-up at the "
				+ "soak's rate, idles 5 s, forces a full GC (jcmd GC.run) and takes the baseline: heap, direct memory "
				+ "(the gateway's /actuator/prometheus), open file descriptors and threads (/proc/<pid>). Then the open "
				+ "model at a constant rate for --duration seconds, sampling every --interval seconds; then it "
				+ "settles, forces a GC again and compares. Everything runs on 127.0.0.1 and everything it starts is "
				+ "stopped at the end, on failure and on Ctrl-C.",
		"",
		"Passes when: no failed request in the load's window (failures of the warm-up, the logins and the load's "
				+ "first 30 s are reported, not "
				+ "judged), no LEAK: line in the gateway's log (warm-up included), and heap after GC within "
				+ "+10 %% or +16 MiB of the baseline, direct memory within +16 MiB, open files within +8 and "
				+ "threads within +4 (docs/soak.md says why)." },
		footer = { "", "Writes DIR/soak.json, DIR/soak.html (charts of heap after GC, direct memory, files, threads, "
				+ "throughput and failures over time) and DIR/soak/ (the gateway's log, Gatling's files), and prints "
				+ "the table: metric, baseline, max during the load, after, limit, verdict.", "",
				"exit: 0 every target met, 1 a target missed or the run failed, 2 bad arguments or no capacity to "
						+ "derive the rate from" })
public final class SoakCommand extends KitCommand {

	@Option(names = "--duration", paramLabel = "S",
			description = "how long the load runs, seconds (default 600, at most 3600)")
	@Nullable String duration;

	@Option(names = "--rate", paramLabel = "R", description = "the arrival rate, requests/s")
	@Nullable String rate;

	@Option(names = "--fraction", paramLabel = "F",
			description = "without --rate: this share of the fixed gateway's measured capacity (default 0.7)")
	@Nullable String fraction;

	@Option(names = "--from-run", paramLabel = "DIR",
			description = "where that capacity is measured: a ./kit knee run (knee.json: the fixed mode's knee) or a "
					+ "bench run (summary.json: its TPS); default the newest bench run, KIT_DIR/last-run")
	@Nullable String fromRun;

	@Option(names = "--leak-detection", paramLabel = "LEVEL",
			description = "Netty's leak detector in the gateway: simple, advanced (default: one buffer in 128, with "
					+ "where it was touched; sustainable at 70 %% of the knee) or paranoid (every buffer; for a "
					+ "lower rate)")
	@Nullable String leakDetection;

	@Option(names = "--warmup", paramLabel = "S", description = "the warm-up before the baseline, seconds (default 30)")
	@Nullable String warmup;

	@Option(names = "--settle", paramLabel = "S",
			description = "the wait after the load before the after snapshot, seconds (default 30: past the pools' idle time)")
	@Nullable String settle;

	@Option(names = "--interval", paramLabel = "S",
			description = "the sampling interval during the load, seconds (default 5)")
	@Nullable String interval;

	@Option(names = "--out", paramLabel = "DIR", description = "where results go (default target/kit/soak-<timestamp>)")
	@Nullable String out;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		SoakOptions options = SoakOptions.from(args, kit.workspace().kitDir());
		BenchOptions bench = options.benchOptions(kit.workspace().kitDir());
		Files.createDirectories(options.out());
		kit.log().accept("soak: " + options.describe() + " → " + options.out());
		SoakRun soak = new SoakRun(options, kit.log());
		try (BenchRun run = kit.benchRun(bench, out, err)) {
			run.timed("tools, build check, stack start", run::prepare);
			run.timed(SoakRun.CASE, () -> run.run(SoakRun.benchCase(bench, options), soak));
		}
		Soak result = soak.result(options.out().resolve(SoakRun.CASE));
		SoakPage.write(result, options.out());
		out.print(result.table());
		if (result.setupFailures() > 0) {
			out.println("(" + result.setupFailures() + " requests failed before the window, in the warm-up, the load's "
					+ "first 30 s or the " + "logins: reported, not judged; see soak/warm-up/ and soak/measured.json)");
		}
		kit.log()
			.accept("soak " + (result.passed() ? "passed" : "FAILED") + ": " + options.out().resolve(SoakPage.PAGE));
		return result.passed() ? ExitCodes.OK : ExitCodes.FAILED;
	}

}
