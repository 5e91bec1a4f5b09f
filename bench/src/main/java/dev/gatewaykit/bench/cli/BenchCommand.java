package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.compare.Gate;
import dev.gatewaykit.bench.analysis.compare.GateOptions;
import dev.gatewaykit.bench.analysis.compare.Thresholds;
import dev.gatewaykit.bench.analysis.run.RunSummary;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.model.BenchJson;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;

/** {@code ./kit bench}: the benchmark, start to report. */
@Command(name = "bench", description = { "the benchmark, start to report", "",
		"Reproduces a production incident in which a Spring Cloud Gateway filter called Redis and a token "
				+ "service synchronously on the event loops (75 TPS, responses over 2 s; 1100 TPS and 200 ms once "
				+ "fixed): for each mode, starts the gateway behind nginx with its Redis and auth-service links going "
				+ "through toxiproxy, runs Gatling until the throughput is steady, measures, and reports TPS, latency "
				+ "and the Little's-law prediction side by side, with each process's CPU per request, the gateway's "
				+ "event-loop lag, pending tasks and pools per second, a flame graph and a mid-window thread dump per "
				+ "mode. The defaults reproduce the incident." },
		footer = { "", "exit: 0 done, 1 regression, ratio below --min-ratio or mode switch not confirmed, 2 bad "
				+ "arguments or runs that cannot be compared" })
public final class BenchCommand extends KitCommand {

	@Option(names = "--modes", paramLabel = "LIST",
			description = "comma-separated: naive, fixed, vanilla, blocking, publish-on, bounded-elastic, reactive, "
					+ "mvc-platform, mvc-virtual (default naive,fixed,vanilla; not with --flip-at). vanilla: the fixed "
					+ "gateway's plain route (StripPrefix only, no auth, no relay call) to mall-api's liveness: what "
					+ "Spring Cloud Gateway costs without the kit's filters. mvc-*: gateway-mvc (Server MVC on "
					+ "Tomcat) with the same filters on 200 platform threads or on virtual threads, run on a JDK 21+ "
					+ "(KIT_JAVA21_HOME or /usr/lib/jvm); static discovery only")
	@Nullable String modes;

	@Option(names = "--flip-at", paramLabel = "S",
			description = "one run named \"flip\" instead of --modes: the gateway starts as profile fixed in mode "
					+ "blocking and is switched to reactive S seconds into the measured window (S < --duration), via "
					+ "POST /actuator/kit (static) or Nacos config (nacos), confirmed on GET /actuator/kit within "
					+ "10 s; the report marks the switch and shows TPS/p99 before and after it. Exit 1 if not "
					+ "confirmed")
	@Nullable String flipAt;

	@Option(names = "--nginx", paramLabel = "naive|tuned", description = "nginx configuration (default tuned)")
	@Nullable String nginx;

	@Option(names = "--repeat", paramLabel = "N",
			description = "run every mode N times, interleaved (naive, fixed, naive, fixed, ...), in DIR/<mode>_<k>; "
					+ "the report and the gate use each figure's median and min–max (default 1)")
	@Nullable String repeat;

	@Option(names = "--injectors", paramLabel = "N",
			description = "N Gatling JVMs against the one stack, the users or the rate split evenly over them, every "
					+ "window opened on one start instant (a minute for the JVMs and their logins, then the fixed "
					+ "--warmup S this needs); each mode's figures are their runs merged exactly, as ./kit merge does, "
					+ "each injector's own in DIR/<mode>/injector-<k> (default 1)")
	@Nullable String injectors;

	@Option(names = "--gateways", paramLabel = "LIST",
			description = "the scaling curve: each mode again with each count of gateways behind the one nginx "
					+ "upstream, e.g. 1,2,4 (rising, from 1, at most 8), the same total load; counts above 1 in "
					+ "DIR/<mode>@<N>gw; the report sets TPS against instances with the bound that binds each "
					+ "point (default 1)")
	@Nullable String gateways;

	@ArgGroup(validate = false, heading = "%nThe load, the links, the stack and the diagnostics:%n")
	@Nullable LoadOptionGroup load;

	@ArgGroup(validate = false, heading = "%nYour gateway (one mode, named custom, bound by the CPU the kit sees):%n")
	@Nullable TargetOptionGroup target;

	@Option(names = "--compare", paramLabel = "FILE",
			description = "the gate: compare with an earlier summary.json: per mode TPS, p99 and gateway CPU per "
					+ "request, median against median; a difference inside both runs' min–max is no change. Refuses "
					+ "runs whose parameters, machine or versions differ (exit 2). Writes DIR/verdict.json and "
					+ "DIR/verdict.xml (JUnit)")
	@Nullable String compare;

	@ArgGroup(validate = false, heading = "%nThe gate:%n")
	@Nullable GateOptionGroup gate;

	@Option(names = "--min-ratio", paramLabel = "R",
			description = "exit 1 if fixed/naive TPS ratio is below R (CI sanity bound)")
	@Nullable String minRatio;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		BenchOptions options = BenchOptions.from(args, Map.of(), kit.workspace().kitDir());
		Files.createDirectories(options.out());
		Files.deleteIfExists(options.out().resolve("phases.txt"));
		long started = System.nanoTime();
		try (BenchRun run = kit.benchRun(options, out, err)) {
			run.timed("tools, build check, stack start", run::prepare);
			// Interleaved: a drift of the machine over the run (another job, thermal
			// throttling) spreads over every mode instead of landing on the last one.
			for (int repeat = 1; repeat <= options.repeat(); repeat++) {
				for (String mode : options.modes()) {
					int number = repeat;
					run.timed(options.repeatDirectory(mode, repeat),
							() -> run.mode(mode, number, options.authLatencyMs()));
					// A mode's counts one after the other: its curve is read on a machine
					// in one state.
					for (int gateways : options.gateways().subList(1, options.gateways().size())) {
						run.timed(BenchOptions.scaleDirectory(mode, gateways),
								() -> run.scalePoint(mode, gateways, options.authLatencyMs()));
					}
				}
			}
			if (options.ceiling()) {
				run.timed("ceiling", run::ceiling);
			}
			run.report();
			kit.log()
				.accept("phases (s): " + run.phases()
					.entrySet()
					.stream()
					.map((e) -> e.getKey() + "=" + e.getValue())
					.collect(Collectors.joining(",")));
			kit.log()
				.accept("done in " + Duration.ofNanos(System.nanoTime() - started).toSeconds() + " s: "
						+ options.out().resolve("report.html") + ", " + options.out().resolve("summary.json"));
			// Where the latest run is, for .ci/run and scripts.
			Files.writeString(kit.workspace().kitDir().resolve("last-run"), options.out() + "\n");
			return verdict(run, options, out, err, kit);
		}
	}

	private static int verdict(BenchRun run, BenchOptions options, PrintStream out, PrintStream err, KitContext kit) {
		int status = ExitCodes.OK;
		if (run.flipError().isPresent()) {
			kit.log().accept("error: the mode switch was NOT confirmed: " + run.flipError().get());
			status = ExitCodes.FAILED;
		}
		if (options.minRatio().isPresent()) {
			// A loose sanity bound on OK responses per second, valid or not: a naive run
			// that hit nginx's read timeout is INVALID for quoting but still says the fix
			// is faster.
			RunSummary summary = BenchJson.read(options.out().resolve("summary.json"), RunSummary.class);
			Map<String, Double> tps = summary.modes()
				.stream()
				.collect(Collectors.toMap(ModeSummary::mode, ModeSummary::tps));
			Double fixed = tps.get("fixed");
			Double naive = tps.get("naive");
			if (fixed == null || naive == null || naive == 0) {
				err.println("--min-ratio needs a completed fixed and naive mode, got " + tps.keySet());
				status = ExitCodes.FAILED;
			}
			else if (fixed / naive < options.minRatio().get()) {
				err.println("fixed/naive OK-throughput ratio " + String.format("%.1f", fixed / naive)
						+ " is below the bound " + options.minRatio().get());
				status = ExitCodes.FAILED;
			}
			else {
				out.println("fixed/naive OK-throughput ratio " + String.format("%.1f", fixed / naive) + " >= "
						+ options.minRatio().get());
			}
		}
		if (options.compare().isPresent()) {
			GateOptions gate = new GateOptions(
					new Thresholds(options.maxTpsDropPct(), options.maxP99RisePct(), options.maxCpuRisePct()),
					options.force(), null, null)
				.writingInto(options.out());
			int compared = ExitCodes
				.of(Gate.check(options.compare().get(), options.out().resolve("summary.json"), gate, out, err));
			if (compared != ExitCodes.OK) {
				status = compared;
			}
		}
		return status;
	}

}
