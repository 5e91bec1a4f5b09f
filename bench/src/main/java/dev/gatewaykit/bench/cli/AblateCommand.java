package dev.gatewaykit.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.gatewaykit.bench.ablate.AblationCase;
import dev.gatewaykit.bench.ablate.Knob;
import dev.gatewaykit.bench.analysis.ablation.Ablation;
import dev.gatewaykit.bench.model.CaseFacts;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.bench.report.AblationPage;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.run.BenchRun;

/**
 * {@code ./kit ablate}: from the fixed build, each fix turned back to naive alone; from
 * the naive build, each fix turned on alone; every case repeated, interleaved.
 */
@Command(name = "ablate", description = { "each fix on its own: which one mattered", "",
		"The incident was fixed by several changes at once. This measures each one alone: starting from the "
				+ "fixed build, each knob is turned back to its naive setting, one at a time; starting from the naive "
				+ "build, each knob is turned to its fixed setting, one at a time. Every case states every knob on the "
				+ "gateway's command line, so no case depends on a profile's defaults.",
		"", "  mode      execution mode: blocking on the event loop / reactive",
		"  logging   synchronous DEBUG logging with caller data / asynchronous INFO",
		"  matcher   public paths with AntPathMatcher / PathPattern",
		"  nginx     nginx without / with upstream keepalive (naive.conf / tuned.conf)",
		"  pool      the proxy's connection pool: Spring Cloud Gateway's default (elastic, no limit, no acquire",
		"            timeout) / fixed 1000 connections with a 2 s acquire timeout" },
		footer = { "", "First the first case once more as repeat 0, not counted: it warms the backends up, which would "
				+ "otherwise be cold for the first case only. Then the cases run interleaved (all cases, then all "
				+ "again) --repeat times, each for a shorter window than the bench (--duration 20, --max-warmup 60, no "
				+ "flame graphs, no ceiling by default). Writes RUN/ablation.json, RUN/ablation.html (table and charts "
				+ "with min–max whiskers) and prints the table: each case's median TPS, p99 and gateway CPU per "
				+ "request with their range, and the change against its base, marked * when it is beyond the "
				+ "run-to-run spread (the ranges do not overlap).", "", "exit: 0 done, 2 bad arguments" })
public final class AblateCommand extends KitCommand {

	@Option(names = "--from", paramLabel = "fixed,naive",
			description = "the builds to start from (default fixed,naive)")
	@Nullable String from;

	@Option(names = "--knobs", paramLabel = "LIST",
			description = "the knobs to turn, one at a time (default mode,logging,matcher,nginx,pool)")
	@Nullable String knobs;

	@Option(names = "--repeat", paramLabel = "N", description = "how often every case runs, interleaved (default 2)")
	@Nullable String repeat;

	@ArgGroup(validate = false, heading = "%nThe load, the links, the stack and the diagnostics:%n")
	@Nullable LoadOptionGroup load;

	@Override
	protected int run(GivenOptions args, PrintStream out, PrintStream err) throws Exception {
		List<Knob.Side> bases = UsageException.parse(() -> Arrays.stream(args.string("from", "fixed,naive").split(","))
			.map(Knob.Side::of)
			.distinct()
			.toList());
		List<Knob> knobs = UsageException
			.parse(() -> Arrays.stream(args.string("knobs", "mode,logging,matcher,nginx,pool").split(","))
				.map(Knob::of)
				.distinct()
				.toList());
		KitContext kit = KitContext.current(err);
		BenchOptions options = BenchOptions.from(args,
				Map.of("duration", "20", "max-warmup", "60", "ceiling", "false", "profile", "off", "repeat", "2"),
				kit.workspace().kitDir());
		List<AblationCase> cases = AblationCase.plan(bases, knobs);
		Files.createDirectories(options.out());
		kit.log()
			.accept("ablation: " + cases.size() + " cases × " + options.repeat() + " repeats, "
					+ options.durationSeconds() + " s measured each → " + options.out());
		try (BenchRun run = kit.benchRun(options, out, err)) {
			run.timed("tools, build check, stack start", run::prepare);
			// Repeat 0, not counted: the backends (auth-service, mall-api) compile their
			// hot paths during the first case, which would otherwise run against cold
			// ones and stand out from every case after it.
			BenchRun.Case backendsWarmUp = one(cases.get(0), 0, options);
			run.timed(backendsWarmUp.name(), () -> run.run(backendsWarmUp));
			for (int repeat = 1; repeat <= options.repeat(); repeat++) {
				for (AblationCase ablationCase : cases) {
					BenchRun.Case one = one(ablationCase, repeat, options);
					run.timed(one.name(), () -> run.run(one));
				}
			}
		}
		Ablation ablation = Ablation.load(options.out(), cases.stream().map(AblationCase::spec).toList());
		AblationPage.write(ablation, options.out());
		out.print(ablation.table());
		kit.log().accept("ablation done: " + options.out().resolve(AblationPage.PAGE));
		return ExitCodes.OK;
	}

	private static BenchRun.Case one(AblationCase ablationCase, int repeat, BenchOptions options) {
		String mode = ablationCase.base().id();
		List<String> arguments = new ArrayList<>(ablationCase.gatewayArguments());
		arguments.addAll(options.gatewayArguments(mode));
		return new BenchRun.Case(CaseFacts.Kind.ABLATION, ablationCase.name(), mode, repeat,
				ablationCase.name() + BenchOptions.REPEAT_SEPARATOR + repeat, ablationCase.nginx(), arguments,
				options.authLatencyMs(), List.of(), ablationCase.knobs());
	}

}
