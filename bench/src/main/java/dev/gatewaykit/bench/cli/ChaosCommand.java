package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import dev.gatewaykit.bench.chaos.ChaosOptions;
import dev.gatewaykit.bench.chaos.ChaosReport;
import dev.gatewaykit.bench.chaos.ChaosRun;
import dev.gatewaykit.bench.chaos.Fault;
import dev.gatewaykit.bench.chaos.FaultOutcome;

/** {@code ./kit chaos}: the gateway under faults, one at a time, in every mode. */
public final class ChaosCommand implements Command {

	@Override
	public String name() {
		return "chaos";
	}

	@Override
	public String summary() {
		return "faults on the gateway's links under load (./kit chaos --help)";
	}

	@Override
	public Set<String> options() {
		return ChaosOptions.OPTIONS;
	}

	@Override
	public String help() {
		return """
				usage: ./kit chaos [options]

				Starts the stack on loopback with the gateway's Redis, auth-service and mall-api links each through
				toxiproxy, sends a steady open-model load (GET /api/mall/products/{id} as logged-in demo users,
				through nginx), and applies each fault in turn: a few seconds of baseline, the fault, its lift, and a
				watch until the answers have been 2xx for 3 s (at most --recovery-seconds). Per mode and fault it
				reports the statuses seen during the fault, the slowest answer against its link's timeout + margin,
				the errors, the time to recover after the lift, and the circuit-breaker transitions (Resilience4j's
				resilience4j_circuitbreaker_state on the gateway's /actuator/prometheus, or "no breaker"). The
				gateway is started per mode with its timeouts set explicitly: Redis 1 s, relay 2 s, mall-api 5 s.
				Results: a table here, DIR/chaos.json, DIR/chaos.html, DIR/<mode>/requests.csv. See docs/chaos.md.

				Options:
				  --modes LIST             execution modes (default blocking,publish-on,bounded-elastic,reactive)
				  --faults LIST            faults, in order (default all):
				                           %s
				  --rate R                 requests per second (default 50)
				  --baseline-seconds S     clean load before each fault (default 3)
				  --fault-seconds S        how long each fault lasts (default 6: past the longest timeout, 5 s)
				  --recovery-seconds S     the longest watch after a lift (default 20)
				  --margin-ms MS           what an answer may take beyond its link's timeout (default 1000)
				  --users N                demo users whose tokens the load uses (default 10)
				  --out DIR                where results go (default target/kit/chaos-<timestamp>)

				The defaults take about a quarter of an hour on a 2-core machine.

				exit: 0 every target met, 1 a slowest answer past its bound or a recovery over 5 s (or none),
				2 bad arguments
				""".formatted(String.join(", ", Fault.ids()));
	}

	@Override
	public int run(Args args, PrintStream out, PrintStream err) throws Exception {
		KitContext kit = KitContext.current(err);
		ChaosOptions options = ChaosOptions.from(args, kit.workspace().kitDir());
		List<FaultOutcome> outcomes;
		try (ChaosRun run = new ChaosRun(kit.workspace(), kit.tools(), options, kit.serviceJvmOptions(),
				kit.healthTimeout(), kit.log())) {
			outcomes = run.run();
		}
		ChaosReport.write(options.out(), options, outcomes);
		out.print(ChaosReport.table(outcomes));
		kit.log().accept("chaos results: " + options.out().resolve("chaos.html"));
		long missed = outcomes.stream().filter((outcome) -> !outcome.met()).count();
		if (missed > 0) {
			err.println(missed + " of " + outcomes.size() + " fault runs missed a target");
			return ExitCodes.FAILED;
		}
		return ExitCodes.OK;
	}

}
