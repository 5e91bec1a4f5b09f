package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.knee.KneeReport;
import dev.gatewaykit.bench.analysis.knee.ColdStartReport;
import dev.gatewaykit.bench.analysis.knee.OverloadReport;
import dev.gatewaykit.bench.knee.KneeOptions;
import dev.gatewaykit.bench.knee.KneeRun;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.KneePage;
import dev.gatewaykit.bench.report.ColdStartPage;
import dev.gatewaykit.bench.report.OverloadPage;

/** {@code ./kit knee}: the highest rate each mode sustains, and its latency curve. */
@Command(name = "knee", description = "each mode's highest sustained open-model rate, and its latency curve", footer = {
		"",
		"Starts the stack once (Redis, auth-service, mall-api, each link through toxiproxy with the bench's "
				+ "latencies) and, for each mode, one gateway behind the tuned nginx. The gateway is brought "
				+ "to --from requests/s until it keeps up; then rates are held one "
				+ "after another (GET /api/mall/products/{id} as logged-in demo users; for vanilla, mall-api's "
				+ "liveness through the plain route; sent whatever the answers do): doubled while they pass, then bisected between the highest that passed and "
				+ "the lowest that failed, until they are --resolution-pct apart or --max-steps is reached; "
				+ "then the knee and the lowest failing rate are held again until --holds of each agree (a "
				+ "rate whose holds disagree held once more), and the search goes on if a verdict turned. A "
				+ "step passes when the requests sent in its window have a p99 within --p99-ms and at most "
				+ "--max-error-pct errors, those unanswered a second after it counted as errors; a step whose "
				+ "requests fall behind (1 %% of a window's waiting 5 times the target) is given up at once. "
				+ "The knee is "
				+ "the highest rate that passed (more often than it failed) below the lowest that failed. Results: "
				+ "a table here, DIR/knee.json, DIR/knee.html. With "
				+ "--overload, each mode with a knee is then driven past it on the same warm gateway; each "
				+ "step's requests are judged once all are answered or failed: goodput, the admitted "
				+ "requests' p99, refusals (503) and their p99, errors by kind, the admission limit and the "
				+ "breakers' states; then how fast every request succeeds again at half the knee. See "
				+ "docs/knee.md and docs/overload.md.",
		"", "exit: 0 done (whatever the knees), 1 a run that could not finish, 2 bad arguments" })
public final class KneeCommand extends KitCommand {

	@Option(names = "--modes", paramLabel = "LIST",
			description = "profiles or modes, comma-separated (default naive,fixed); vanilla: the fixed gateway's "
					+ "plain route (no filter of the kit's) read with no login, as in the bench; any of them with "
					+ "-admission (fixed-admission) or +admission (naive+admission): the same gateway with its "
					+ "admission limit off or on (on by default, off in naive)")
	@Nullable String modes;

	@Option(names = "--gateway-jar", paramLabel = "PATH",
			description = "search your Spring Cloud Gateway jar (one mode, named custom) instead of the kit's modes")
	@Nullable String gatewayJar;

	@Option(names = "--from", paramLabel = "R", description = "the first rate held, requests/s (default 50)")
	@Nullable String from;

	@Option(names = "--max-rate", paramLabel = "R", description = "the highest rate tried (default 20000)")
	@Nullable String maxRate;

	@Option(names = "--p99-ms", paramLabel = "MS", description = "the p99 a rate must stay within (default 200)")
	@Nullable String p99Ms;

	@Option(names = "--max-error-pct", paramLabel = "PCT", description = "the errors a rate may have, %% (default 0.1)")
	@Nullable String maxErrorPct;

	@Option(names = "--resolution-pct", paramLabel = "PCT",
			description = "how close the knee must come to the lowest failing rate, %% (default 5)")
	@Nullable String resolutionPct;

	@Option(names = "--max-steps", paramLabel = "N", description = "the most rates held per mode (default 24)")
	@Nullable String maxSteps;

	@Option(names = "--holds", paramLabel = "N",
			description = "holds of the knee that must pass, and of the lowest failing rate that must fail, before "
					+ "the search ends (default 2; 1: each rate held once)")
	@Nullable String holds;

	@Option(names = "--warmup-seconds", paramLabel = "S",
			description = "the least time the gateway is held at --from before the first step (default 30)")
	@Nullable String warmupSeconds;

	@Option(names = "--max-warmup-seconds", paramLabel = "S",
			description = "the most; a gateway not keeping up by then is still tried at --from (default 120)")
	@Nullable String maxWarmupSeconds;

	@Option(names = "--settle-seconds", paramLabel = "S",
			description = "load at a step's rate before its window (default 5)")
	@Nullable String settleSeconds;

	@Option(names = "--window-seconds", paramLabel = "S", description = "each step's measured window (default 10)")
	@Nullable String windowSeconds;

	@Option(names = "--redis-latency", paramLabel = "MS",
			description = "the Redis link's added latency per round trip (default 1, as the bench)")
	@Nullable String redisLatency;

	@Option(names = "--auth-latency", paramLabel = "MS",
			description = "the auth-service link's added latency per round trip (default 50, as the bench)")
	@Nullable String authLatency;

	@Option(names = "--users", paramLabel = "N", description = "demo users whose tokens the load uses (default 50)")
	@Nullable String users;

	@Option(names = "--overload",
			description = "after each mode's search, drive it past its knee: the multiples of --overload-multiples "
					+ "held one after another, then half the knee for 15 s (DIR/overload.json, DIR/overload.html)")
	boolean overload;

	@Option(names = "--overload-multiples", paramLabel = "LIST",
			description = "the multiples of the knee --overload holds, in order (default 1,1.5,2,3)")
	@Nullable String overloadMultiples;

	@Option(names = "--cold-start",
			description = "after each mode's search (and overload), a freshly started gateway of that mode offered "
					+ "75 %% of its knee from the instant its health answers, for 60 s: the errors second by second "
					+ "(DIR/cold-start.json, DIR/cold-start.html), and every process's CPU, the gateway's JIT apart, "
					+ "and each hop's connections (DIR/<mode>/cold-start/onset.json)")
	boolean coldStart;

	@Option(names = "--cold-start-rate", paramLabel = "N",
			description = "the rate --cold-start offers, requests a second, instead of 75 %% of the knee: two gateway "
					+ "builds or settings compared at one rate, whatever their knees")
	@Nullable String coldStartRate;

	@Option(names = "--jit-log",
			description = "with --cold-start: the cold gateway logs its JIT's compilations (DIR/<mode>/cold-start/jit.log) "
					+ "and the run says how many methods it compiled for the first time in each of the load's first "
					+ "5 s, and where: the code its warm-up did not reach (DIR/<mode>/cold-start/jit-onset.json)")
	boolean jitLog;

	@Option(names = "--cold-start-profile",
			description = "with --cold-start: async-profiler samples the cold gateway's every thread over the load's "
					+ "first 10 s, and the run says what kind of code its CPU ran each second (interpreted, C1- or "
					+ "C2-compiled, the JIT compiler, GC) and which methods the JIT compiled most "
					+ "(DIR/<mode>/cold-start/profile.json), with one flame graph (DIR/<mode>/cold-start/profile.html)")
	boolean coldStartProfile;

	@Option(names = "--load-cpus", paramLabel = "CPUS",
			description = "pin the load (this JVM) to these CPUs (taskset's list form: 1, 2-3), and with "
					+ "--stack-cpus every process the run starts to those: on a small box the load's own CPU "
					+ "otherwise decides what happens past the knee")
	@Nullable String loadCpus;

	@Option(names = "--stack-cpus", paramLabel = "CPUS", description = "the stack's CPUs, with --load-cpus")
	@Nullable String stackCpus;

	@Option(names = "--edge-limit", paramLabel = "N|auto",
			description = "nginx lets at most N requests through to the gateway at once and answers the rest 503 "
					+ "JSON with Retry-After itself, in microseconds, instead of the gateway refusing them behind "
					+ "its busy event loops; auto: each mode is searched without a cap, then nginx is reloaded "
					+ "with what its knee held in progress (the knee's rate × its p99, Little's law) times "
					+ "--edge-headroom for --overload and --cold-start, and the run prints it for your nginx; a "
					+ "gateway started behind a cap is told it (kit.gateway.admission.edge-cap: its own limit "
					+ "starts no lower) (default: no cap; docs/overload.md)")
	@Nullable String edgeLimit;

	@Option(names = "--edge-rate", paramLabel = "N|auto",
			description = "nginx lets at most N requests a second through to the gateway (bursts of a fifth of a "
					+ "second above it) and answers the rest 503 JSON with Retry-After itself; unlike --edge-limit "
					+ "it does not refuse a cold gateway that is slower but not offered more; auto: each mode is "
					+ "searched without one, then nginx is reloaded with its knee's rate for --overload and "
					+ "--cold-start (default: none; docs/overload.md)")
	@Nullable String edgeRate;

	@Option(names = "--edge-headroom", paramLabel = "F",
			description = "with --edge-limit auto or --edge-rate auto: nginx's cap is what the knee sizes times F, "
					+ "room for a gateway slower than at its knee, as a fresh one is (default 1.5 for --edge-limit, 1 for "
					+ "--edge-rate; docs/overload.md)")
	@Nullable String edgeHeadroom;

	@Option(names = "--out", paramLabel = "DIR", description = "where results go (default target/kit/knee-<timestamp>)")
	@Nullable String out;

	@Option(names = "--gateway-arg", paramLabel = "ARG",
			description = "one more argument for every mode's gateway (repeatable), e.g. "
					+ "--gateway-arg=--kit.gateway.admission.enabled=true")
	@Nullable List<String> gatewayArgs;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		KneeOptions options = KneeOptions.from(args, kit.workspace().kitDir());
		KneeReport report;
		AtomicReference<@Nullable OverloadReport> overloaded = new AtomicReference<>();
		AtomicReference<@Nullable ColdStartReport> coldStarted = new AtomicReference<>();
		try (KneeRun run = new KneeRun(kit.workspace(), kit.tools(), options, kit.serviceJvmOptions(),
				kit.healthTimeout(), kit.log())) {
			report = run.run((soFar) -> KneePage.write(soFar, options.out()), (soFar) -> {
				OverloadPage.write(soFar, options.out());
				overloaded.set(soFar);
			}, (soFar) -> {
				ColdStartPage.write(soFar, options.out());
				coldStarted.set(soFar);
			});
		}
		out.print(KneePage.table(report));
		kit.log().accept("knee results: " + options.out().resolve(KneePage.PAGE));
		OverloadReport overload = overloaded.get();
		if (overload != null) {
			out.print(System.lineSeparator() + OverloadPage.table(overload));
			kit.log().accept("overload results: " + options.out().resolve(OverloadPage.PAGE));
		}
		ColdStartReport coldStart = coldStarted.get();
		if (coldStart != null) {
			out.print(System.lineSeparator() + ColdStartPage.table(coldStart));
			kit.log().accept("cold-start results: " + options.out().resolve(ColdStartPage.PAGE));
		}
		return ExitCodes.OK;
	}

}
