package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.Iterator;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.chaos.ChaosResults;
import dev.gatewaykit.bench.chaos.ChaosOptions;
import dev.gatewaykit.bench.chaos.ChaosRun;
import dev.gatewaykit.bench.chaos.Fault;
import dev.gatewaykit.bench.chaos.LifecycleFault;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.report.ChaosReport;

/** {@code ./kit chaos}: the gateway under faults, one at a time, in every mode. */
@Command(name = "chaos", description = "faults on the gateway's links under load",
		footer = { "", "Starts the stack on loopback with the gateway's Redis, auth-service and mall-api links each "
				+ "through toxiproxy, sends a steady open-model load (GET /api/mall/products/{id} as logged-in demo "
				+ "users, through nginx), and applies each fault in turn: a few seconds of baseline, the fault, its "
				+ "lift, and a watch until the answers have been 2xx for 3 s (at most --recovery-seconds). Per mode and "
				+ "fault it reports the statuses seen during the fault, the slowest answer against its link's timeout "
				+ "+ margin, the errors, the time to recover after the lift, and the circuit-breaker transitions "
				+ "(Resilience4j's resilience4j_circuitbreaker_state on the gateway's /actuator/prometheus, or \"no "
				+ "breaker\"). The gateway is started per mode with its timeouts set explicitly: Redis 1 s, relay 2 s, "
				+ "mall-api 5 s. Then the connection-lifecycle faults (--lifecycle), each on a route of its own, to a "
				+ "gateway with the naive setting and to one with the template's: the naive one must log the users' "
				+ "error, the template's neither log it nor fail a request. Results: tables here, DIR/chaos.json, DIR/chaos.html, DIR/<mode>/requests.csv. See "
				+ "docs/chaos.md.", "", "The defaults take about twenty minutes on a 2-core machine.", "",
				"exit: 0 every target met, 1 a slowest answer past its bound, a recovery over 5 s (or none), or a "
						+ "lifecycle fault not reproduced or not prevented, 2 bad arguments" })
public final class ChaosCommand extends KitCommand {

	@Option(names = "--modes", paramLabel = "LIST",
			description = "execution modes (default blocking,publish-on,bounded-elastic,reactive)")
	@Nullable String modes;

	@Option(names = "--faults", paramLabel = "LIST",
			description = "link faults, in order (default all; none to skip): ${COMPLETION-CANDIDATES}",
			completionCandidates = FaultIds.class)
	@Nullable String faults;

	@Option(names = "--lifecycle", paramLabel = "LIST",
			description = "connection-lifecycle faults after the link faults, each at its own rate with the naive and the "
					+ "template's setting (default all; none to skip): ${COMPLETION-CANDIDATES}",
			completionCandidates = LifecycleFaultIds.class)
	@Nullable String lifecycle;

	@Option(names = "--rate", paramLabel = "R", description = "requests per second (default 50)")
	@Nullable String rate;

	@Option(names = "--baseline-seconds", paramLabel = "S", description = "clean load before each fault (default 3)")
	@Nullable String baselineSeconds;

	@Option(names = "--fault-seconds", paramLabel = "S",
			description = "how long each fault lasts (default 6: past the longest timeout, 5 s)")
	@Nullable String faultSeconds;

	@Option(names = "--recovery-seconds", paramLabel = "S", description = "the longest watch after a lift (default 20)")
	@Nullable String recoverySeconds;

	@Option(names = "--margin-ms", paramLabel = "MS",
			description = "what an answer may take beyond its link's timeout (default 1000)")
	@Nullable String marginMs;

	@Option(names = "--users", paramLabel = "N", description = "demo users whose tokens the load uses (default 10)")
	@Nullable String users;

	@Option(names = "--out", paramLabel = "DIR",
			description = "where results go (default target/kit/chaos-<timestamp>)")
	@Nullable String out;

	/** The faults' names, for the help. */
	static final class FaultIds implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Fault.ids().iterator();
		}

	}

	/** The lifecycle faults' names, for the help. */
	static final class LifecycleFaultIds implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return LifecycleFault.ids().iterator();
		}

	}

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		ChaosOptions options = ChaosOptions.from(args, kit.workspace().kitDir());
		ChaosResults outcomes;
		try (ChaosRun run = new ChaosRun(kit.workspace(), kit.tools(), options, kit.serviceJvmOptions(),
				kit.healthTimeout(), kit.log())) {
			outcomes = run.run();
		}
		ChaosReport.write(options.out(), options.plan(), outcomes);
		out.print(ChaosReport.table(outcomes));
		kit.log().accept("chaos results: " + options.out().resolve("chaos.html"));
		long missed = outcomes.missed();
		if (missed > 0) {
			err.println(missed + " of " + outcomes.size() + " fault runs missed a target");
			return ExitCodes.FAILED;
		}
		return ExitCodes.OK;
	}

}
