package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.paired.GateOutcome;
import dev.gatewaykit.bench.gate.GateOptions;
import dev.gatewaykit.bench.gate.GateRun;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.GatePage;

/**
 * {@code ./kit gate}: is the candidate slower than the baseline, does it block, and how
 * sure is that.
 */
@Command(name = "gate", description = "two gateway builds interleaved on one stack: a paired verdict",
		footer = { "",
				"Starts the stack once (Redis, auth-service, mall-api, each link through toxiproxy) and --jvms gateway "
						+ "JVMs per side, each behind the tuned nginx; ramps every JVM to one open-model rate "
						+ "(GET /api/mall/products/{id} as logged-in demo users) until it keeps up; then measures "
						+ "pairs of windows in ABBA order, the load moved from JVM to JVM, until every gated metric "
						+ "is decided, or --max-pairs or --max-minutes is reached. Per metric: the Hodges-Lehmann "
						+ "estimate of the "
						+ "change and its exact Wilcoxon signed-rank interval; REGRESSION when the interval lies "
						+ "above +limit, NO CHANGE inside ±limit, IMPROVEMENT below -limit, UNSURE otherwise. A "
						+ "blocking call in your code on an event loop that the baseline did not make is a "
						+ "regression by itself (BlockHound, recording). Results: a table here, DIR/verdict.json, "
						+ "DIR/junit.xml, DIR/pairs.csv, DIR/gate.html. See docs/gate.md.",
				"",
				"A side is a gateway jar, a git ref of this repository (built in KIT_DIR/gate-builds, kept by "
						+ "commit), or nothing: the kit's gateway.",
				"", "exit: 0 no change (or an improvement), 1 regression or a run that could not finish, 2 bad "
						+ "arguments, 4 unsure: more pairs needed than --max-pairs or --max-minutes allow" })
public final class GateCommand extends KitCommand {

	@Option(names = "--baseline", paramLabel = "JAR|REF", description = "side A (default: the kit's gateway jar)")
	@Nullable String baseline;

	@Option(names = "--candidate", paramLabel = "JAR|REF", description = "side B (default: the kit's gateway jar)")
	@Nullable String candidate;

	@Option(names = "--baseline-arg", paramLabel = "ARG",
			description = "one more argument for the baseline's gateways (repeatable)")
	@Nullable List<String> baselineArgs;

	@Option(names = "--candidate-arg", paramLabel = "ARG",
			description = "one more argument for the candidate's gateways (repeatable), e.g. "
					+ "--spring.cloud.gateway.server.webflux.default-filters[0]=Burn=40us")
	@Nullable List<String> candidateArgs;

	@Option(names = "--profile", paramLabel = "P",
			description = "the profile or mode both sides start with (default fixed)")
	@Nullable String profile;

	@Option(names = "--rate", paramLabel = "R",
			description = "requests per second (default: --share of the capacity the calibration implies)")
	@Nullable String rate;

	@Option(names = "--share", paramLabel = "F",
			description = "the calibrated capacity's share to run at (default 0.4)")
	@Nullable String share;

	@Option(names = "--jvms", paramLabel = "N", description = "warm gateway JVMs per side, alternated (default 2)")
	@Nullable String jvms;

	@Option(names = "--min-pairs", paramLabel = "N", description = "pairs before the first look (default 6)")
	@Nullable String minPairs;

	@Option(names = "--max-pairs", paramLabel = "N", description = "the most pairs; UNSURE there (default 10)")
	@Nullable String maxPairs;

	@Option(names = "--max-minutes", paramLabel = "M",
			description = "no pair past the minimum starts that would end the gate later than this; 0: no limit "
					+ "(default 10)")
	@Nullable String maxMinutes;

	@Option(names = "--confidence", paramLabel = "C", description = "the intervals' confidence (default 0.95)")
	@Nullable String confidence;

	@Option(names = "--limit-gateway-share", paramLabel = "PCT|off",
			description = "the gateway's CPU per request ÷ the rest of the stack's: the change allowed, %% (default 5)")
	@Nullable String limitGatewayShare;

	@Option(names = "--limit-gateway-cpu", paramLabel = "PCT|off",
			description = "gateway CPU per request, %% (default off: shown, not gated)")
	@Nullable String limitGatewayCpu;

	@Option(names = "--limit-stack-cpu", paramLabel = "PCT|off",
			description = "the stack's CPU per request, %% (default 10)")
	@Nullable String limitStackCpu;

	@Option(names = "--limit-p50", paramLabel = "PCT|off",
			description = "median latency, %% (default off: shown, not gated)")
	@Nullable String limitP50;

	@Option(names = "--limit-p99", paramLabel = "PCT|off",
			description = "p99 latency, %% (default off: shown, not gated)")
	@Nullable String limitP99;

	@Option(names = "--max-error-rise", paramLabel = "PP",
			description = "percentage points the candidate's errors may exceed the baseline's (default 0.5)")
	@Nullable String maxErrorRise;

	@Option(names = "--warmup-seconds", paramLabel = "S",
			description = "each JVM's least ramp and hold at its first rate, before its burst (default 20)")
	@Nullable String warmupSeconds;

	@Option(names = "--max-warmup-seconds", paramLabel = "S",
			description = "the longest a JVM may take to keep up (default 120)")
	@Nullable String maxWarmupSeconds;

	@Option(names = "--settle-seconds", paramLabel = "S", description = "load before each window (default 2)")
	@Nullable String settleSeconds;

	@Option(names = "--window-seconds", paramLabel = "S", description = "each case's measured window (default 10)")
	@Nullable String windowSeconds;

	@Option(names = "--no-blockhound", description = "no BlockHound (a gateway without the kit's diagnostics)")
	boolean noBlockHound;

	@Option(names = "--users", paramLabel = "N", description = "demo users whose tokens the load uses (default 50)")
	@Nullable String users;

	@Option(names = "--out", paramLabel = "DIR", description = "where results go (default target/kit/gate-<timestamp>)")
	@Nullable String out;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		GateOptions options = GateOptions.from(args, kit.workspace().kitDir());
		GateOutcome outcome;
		try (GateRun run = new GateRun(kit.workspace(), kit.tools(), options, kit.serviceJvmOptions(),
				kit.healthTimeout(), kit.log())) {
			outcome = run.run();
		}
		GatePage.write(outcome, options.out());
		out.print(GatePage.table(outcome));
		kit.log().accept("gate results: " + options.out().resolve(GatePage.PAGE));
		return ExitCodes.of(outcome.verdict().status());
	}

}
