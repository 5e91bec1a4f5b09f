package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.gatewaykit.bench.compare.Gate;
import dev.gatewaykit.bench.compare.GateOptions;
import dev.gatewaykit.bench.compare.Thresholds;
import dev.gatewaykit.bench.report.RunSummary;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;
import dev.gatewaykit.bench.summary.ModeSummary;
import dev.gatewaykit.launcher.BenchJson;

/** {@code ./kit bench}: the benchmark, start to report. */
public final class BenchCommand implements Command {

	@Override
	public String name() {
		return "bench";
	}

	@Override
	public String summary() {
		return "the benchmark (./kit bench --help)";
	}

	@Override
	public Set<String> options() {
		Set<String> options = new HashSet<>(BenchOptions.OPTIONS);
		options.remove("latencies");
		return options;
	}

	@Override
	public Set<String> flags() {
		return Set.copyOf(BenchOptions.FLAGS);
	}

	@Override
	public Set<String> repeatable() {
		return Set.copyOf(BenchOptions.REPEATABLE);
	}

	@Override
	public String help() {
		return """
				usage: ./kit bench [options]

				Reproduces a production incident in which a Spring Cloud Gateway filter called Redis and a token
				service synchronously on the event loops (75 TPS, responses over 2 s; 1100 TPS and 200 ms once fixed):
				for each mode, starts the gateway behind nginx with its Redis and auth-service links going through
				toxiproxy, runs Gatling until the throughput is steady, measures, and reports TPS, latency and the
				Little's-law prediction side by side, with each process's CPU per request, the gateway's event-loop
				lag, pending tasks and pools per second, a flame graph and a mid-window thread dump per mode.

				Options (the defaults reproduce the incident):
				  --modes LIST           comma-separated: naive, fixed, vanilla, blocking, publish-on, bounded-elastic,
				                         reactive (default naive,fixed,vanilla; not with --flip-at). vanilla: the fixed
				                         gateway's plain route (StripPrefix only, no auth, no relay call) to mall-api's
				                         liveness: what Spring Cloud Gateway costs without the kit's filters
				  --discovery static|nacos  how the gateway finds auth-service and mall-api: static URLs (default), or
				                         rnacos (a Nacos server, started too; built once with cargo if missing) with
				                         lb:// routes and the gateway's mode in Nacos config gateway.yaml
				  --flip-at S            one run named "flip" instead of --modes: the gateway starts as profile fixed
				                         in mode blocking and is switched to reactive S seconds into the measured
				                         window (S < --duration), via POST /actuator/kit (static) or Nacos config
				                         (nacos), confirmed on GET /actuator/kit within 10 s; the report marks the
				                         switch and shows TPS/p99 before and after it. Exit 1 if not confirmed
				  --users N              closed model: concurrent virtual users looping (default 150: the incident's
				                         75 TPS at 2 s each is 150 requests in flight)
				  --rate R               open model instead: constant arrival rate, requests/s
				  --duration S           measured window in seconds (default 60; --quick 15)
				  --warmup auto|S        warm-up, excluded from the figures: auto (default) runs until the mean
				                         throughput of the last 10 s is within 5 % of the 10 s before (at least 20 s),
				                         or S seconds exactly
				  --max-warmup S         the longest an auto warm-up may run; the report says when it ran out
				                         (default 150; --quick 40, whose figures are for smoke tests, not for quoting)
				  --redis-latency MS     latency toxiproxy adds per round trip on the gateway → Redis link (default 1)
				  --auth-latency MS      latency per round trip on the gateway → auth-service link (default 50)
				  --nginx naive|tuned    nginx configuration (default tuned)
				  --ceiling | --no-ceiling  also measure nginx → mall-api without the gateway for 20 s (default: on,
				                         off with --quick)
				  --profile off|cpu|wall|alloc  a flame graph of each mode's measured window (async-profiler attached
				                         to the gateway for the window only; default wall, off with --quick)
				  --blockhound           BlockHound in the gateway, recording (not throwing): the report lists each
				                         blocking call on an event loop in the window, its call site and count
				  --quick                short run for CI
				  --out DIR              where results go (default target/kit/<timestamp>)
				  --repeat N             run every mode N times, interleaved (naive, fixed, naive, fixed, ...), in
				                         DIR/<mode>_<k>; the report and the gate use each figure's median and
				                         min–max (default 1)

				Your gateway (one mode, named custom; Little's law does not model it):
				  --gateway-jar PATH     start your Spring Cloud Gateway jar instead of the kit's, behind the same
				                         nginx and links, with the kit's properties (server.port, management.server.port,
				                         spring.data.redis.port, kit.routes.auth-uri, kit.routes.mall-uri, ...)
				  --gateway-arg ARG      one more argument for the gateway, the kit's or yours (repeatable), e.g.
				                         --gateway-arg=--spring.cloud.gateway.server.webflux.default-filters[0]=Audit=blocking
				  --target-url URL       bench a gateway that is already running (e.g. ./kit up's nginx): the kit
				                         starts nothing and sends the load to URL
				  --target-pid PID       with --target-url: that gateway's process, for its CPU per request, thread
				                         dump and flame graph

				What the load sends (default: the kit's scenario, log in as the demo users and browse products):
				  --request-file FILE    a YAML request file: requests (method, path template, headers, body, weight)
				                         and how to obtain a token (the kit's login by default); see gatling/README.md
				  --simulation CLASS     your Gatling simulation (extends KitSimulation), compiled in gatling/src/test
				                         or on --simulation-classpath DIR|JAR (repeatable)

				The gate:
				  --compare FILE         compare with an earlier summary.json: per mode TPS, p99 and gateway CPU per
				                         request, median against median; a difference inside both runs' min–max is
				                         no change. Refuses runs whose parameters, machine or versions differ (exit 2).
				                         Writes DIR/verdict.json and DIR/verdict.xml (JUnit)
				  --force                compare even so, and say what differs
				  --max-tps-drop PCT     compare threshold (default 10)
				  --max-p99-rise PCT     compare threshold (default 20)
				  --max-cpu-rise PCT     compare threshold on the gateway's CPU µs per request (default 10)
				  --min-ratio R          exit 1 if fixed/naive TPS ratio is below R (CI sanity bound)

				exit: 0 done, 1 regression, ratio below --min-ratio or mode switch not confirmed, 2 bad arguments or
				runs that cannot be compared
				""";
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
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
					String name = options.repeatDirectory(mode, repeat);
					run.timed(name, () -> run.mode(mode, name, options.authLatencyMs()));
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
			int compared = Gate.check(options.compare().get(), options.out().resolve("summary.json"), gate, out, err);
			if (compared != ExitCodes.OK) {
				status = compared;
			}
		}
		return status;
	}

}
