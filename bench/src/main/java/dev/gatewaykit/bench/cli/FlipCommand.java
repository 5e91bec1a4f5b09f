package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.analysis.flip.FlipEvent;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.run.ModeFlipper;
import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.launcher.stack.ManagementAccess;

/**
 * {@code flip}: switch running gateways' mode at a second of the measured window, record
 * when it took effect.
 */
@Command(name = "flip", hidden = true,
		description = "switch running gateways' execution mode at a second of the window, write DIR/flip.json",
		footer = { "",
				"Started next to the simulation: waits for DIR/phase.json (the simulation writes it when browsing "
						+ "starts), sleeps until --at seconds into the measured window, checks that every gateway reports "
						+ "--from (GET URL/kit), asks for the switch, then polls every gateway until it reports --to. Writes "
						+ "DIR/flip.json with the wall-clock times (epoch ms) the switch was requested and confirmed.",
				"",
				"environment: GATEWAY_MANAGEMENT_PASSWORD, the gateways' management password (HTTP Basic as "
						+ "kit-admin) for --via actuator; ./kit up writes it to target/kit/stack.env",
				"", "exit: 0 switched and confirmed, 1 not confirmed (flip.json says why), 2 bad arguments" })
public final class FlipCommand extends KitCommand {

	@Option(names = "--dir", paramLabel = "RUN/MODE", required = true, description = "the mode's directory")
	@Nullable String dir;

	@Option(names = "--at", paramLabel = "SECONDS", required = true,
			description = "seconds since the measured window opened (fractions allowed)")
	@Nullable String at;

	@Option(names = "--via", paramLabel = "actuator|nacos", required = true,
			description = "actuator: POST URL/kit {\"mode\":\"<to>\"} to each gateway's management port; nacos: publish "
					+ "\"kit.gateway.mode: <to>\" as config gateway.yaml (group DEFAULT_GROUP, type yaml) with POST "
					+ "NACOS/nacos/v1/cs/configs, which every gateway listens to")
	@Nullable String via;

	@Option(names = "--management", paramLabel = "URL[,URL...]", required = true,
			description = "each gateway's actuator base, e.g. http://127.0.0.1:8081/actuator")
	@Nullable String management;

	@Option(names = "--nacos", paramLabel = "URL",
			description = "the Nacos server, e.g. http://127.0.0.1:8848 (--via nacos)")
	@Nullable String nacos;

	@Option(names = "--from", paramLabel = "MODE", description = "the execution mode before (default blocking)")
	@Nullable String from;

	@Option(names = "--to", paramLabel = "MODE", description = "the execution mode after (default reactive)")
	@Nullable String to;

	@Option(names = "--phase-timeout", paramLabel = "S",
			description = "seconds to wait for phase.json (default 600: logins come first)")
	@Nullable String phaseTimeout;

	@Option(names = "--confirm-timeout", paramLabel = "S",
			description = "seconds every gateway has to report the new mode (default 10)")
	@Nullable String confirmTimeout;

	private final ModeFlipper flipper;

	public FlipCommand() {
		this(ModeFlipper.create());
	}

	FlipCommand(ModeFlipper flipper) {
		this.flipper = flipper;
	}

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		Path dir = args.path("dir");
		if (!Files.isDirectory(dir)) {
			throw new UsageException("--dir " + dir + " is not a directory");
		}
		double at = args.decimal("at", 0);
		ExecutionMode from = UsageException.parse(() -> BenchModes.executionMode(args.string("from", "blocking")));
		ExecutionMode to = UsageException.parse(() -> BenchModes.executionMode(args.string("to", "reactive")));
		ModeFlipper.Via via = UsageException.parse(() -> ModeFlipper.Via.fromName(args.required("via")));
		List<URI> management = new ArrayList<>();
		for (String url : args.required("management").split(",")) {
			management.add(UsageException.parse(() -> URI.create(url.trim())));
		}
		URI nacos = args.has("nacos") ? UsageException.parse(() -> URI.create(args.required("nacos"))) : null;
		ModeFlipper.Plan plan = UsageException.parse(() -> new ModeFlipper.Plan(dir, at, from, to, via, management,
				nacos, Duration.ofSeconds(args.integer("phase-timeout", 600, 1, 86_400)),
				Duration.ofSeconds(args.integer("confirm-timeout", 10, 1, 3_600)),
				ManagementAccess.fromEnvironment(System.getenv())));
		FlipEvent event = this.flipper.flip(plan);
		if (!event.confirmed()) {
			err.println(
					"flip " + event.from() + " → " + event.to() + " via " + event.via() + " FAILED: " + event.error());
			return ExitCodes.FAILED;
		}
		long delay = event.confirmedAtEpochMs() - event.requestedAtEpochMs();
		out.println("flip " + event.from() + " → " + event.to() + " via " + event.via() + ": requested at "
				+ event.requestedAtEpochMs() + ", confirmed by " + event.instances().size() + " gateway(s) " + delay
				+ " ms later; wrote " + dir.resolve(FlipEvent.FILE));
		return ExitCodes.OK;
	}

}
