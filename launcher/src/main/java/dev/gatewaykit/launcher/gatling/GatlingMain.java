package dev.gatewaykit.launcher.gatling;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.launcher.RunFailedException;
import dev.gatewaykit.launcher.Workspace;

/**
 * One run of the kit's simulation against a running stack, set from the environment: the
 * compose {@code gatling} service's entry point ({@code docker/gatling/run-bench.sh}). It
 * builds its {@link GatlingRun} from the same parts as {@code ./kit bench} (the JVM
 * options, {@link GatlingRun#properties}, {@link Load}), so the two run Gatling the same
 * way and write the same files: {@code $BENCH_OUT/<yyyyMMdd-HHmmss>/<label>/} with
 * {@code measured.json}, {@code timeseries.json}, {@code gatling.out} and Gatling's
 * report in {@code gatling/}.
 * <p>
 * The simulation's class path is the workspace's ({@link Workspace#gatlingClassPath()}),
 * under {@code -Dkit.repository.root}.
 */
public final class GatlingMain {

	/** Every environment variable it reads; the compose service passes no other. */
	public static final List<String> VARIABLES = List.of("BENCH_BASE_URL", "BENCH_LABEL", "BENCH_USERS", "BENCH_RATE",
			"BENCH_WARMUP_SECONDS", "BENCH_MAX_WARMUP_SECONDS", "BENCH_DURATION_SECONDS", "BENCH_REQUEST_TIMEOUT_MS",
			"BENCH_HONOUR_RETRY_AFTER", "BENCH_USERS_CSV", "BENCH_OUT", GatlingRun.JVM_OPTIONS_VARIABLE);

	private static final DateTimeFormatter FOLDER = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

	private static final String USAGE = """
			Usage: docker compose -f docker-compose.yml -f docker/compose.load-test.yml --profile bench run --rm gatling [--help]

			One run of the kit's simulation, as ./kit bench runs it. Environment (docker-compose.yml sets most):
			  BENCH_BASE_URL            where the load goes, as the container sees it (http://nginx); required
			  BENCH_LABEL               names the run's folder and progress lines (default: fixed)
			  BENCH_USERS               closed model: looping virtual users (default: %d)
			  BENCH_RATE                open model instead: arrivals a second (empty: closed model)
			  BENCH_WARMUP_SECONDS      excluded from the figures; auto: until steady (default: auto)
			  BENCH_MAX_WARMUP_SECONDS  the longest auto warm-up (default: %d)
			  BENCH_DURATION_SECONDS    the measured window (default: %d)
			  BENCH_REQUEST_TIMEOUT_MS  the client's timeout (default: %d)
			  BENCH_HONOUR_RETRY_AFTER  true: a user refused with Retry-After waits that long (default: false)
			  BENCH_USERS_CSV           auth-service's demo users, from the shared volume; required
			  BENCH_OUT                 where results go: BENCH_OUT/<yyyyMMdd-HHmmss>/<label>/; required
			  KIT_GATLING_JVM_OPTS      the injector's JVM options (default: %s)
			exit: 0 measured, 1 failed (no measured.json, or a bad setting), 2 bad arguments
			"""
		.formatted(Load.DEFAULT_USERS, Load.DEFAULT_MAX_WARMUP_SECONDS, Load.DEFAULT_DURATION_SECONDS,
				Load.DEFAULT_REQUEST_TIMEOUT_MS, String.join(" ", GatlingRun.DEFAULT_JVM_OPTIONS));

	private GatlingMain() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.getenv(), Workspace.current().gatlingClassPath(), System.out, System.err));
	}

	static int run(String[] args, Map<String, String> environment, List<Path> classPath, PrintStream out,
			PrintStream err) {
		if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
			out.print(USAGE);
			return 0;
		}
		if (args.length > 0) {
			err.println("gatling: unknown argument " + args[0] + " (--help)");
			return 2;
		}
		try {
			GatlingRun run = gatlingRun(environment, classPath, LocalDateTime.now());
			Path usersCsv = Path.of(run.properties().get("bench.usersCsv"));
			if (!Files.isRegularFile(usersCsv) || Files.size(usersCsv) == 0) {
				err.println("gatling: no demo users at " + usersCsv + ": run compose with -f "
						+ "docker/compose.load-test.yml, which creates them (docs/docker.md)");
				return 1;
			}
			run.run(out::println);
			out.println("gatling: results in " + run.dir() + " (Gatling's report: gatling/index.html)");
			return 0;
		}
		catch (IllegalArgumentException | RunFailedException | IOException | UncheckedIOException ex) {
			err.println("gatling: " + ex.getMessage());
			return 1;
		}
	}

	/**
	 * The run the environment describes, started at {@code started} (which names its
	 * folder).
	 * @throws IllegalArgumentException when a setting is missing or not a number
	 */
	static GatlingRun gatlingRun(Map<String, String> environment, List<Path> classPath, LocalDateTime started) {
		Settings settings = new Settings(environment);
		String label = settings.text("BENCH_LABEL").orElse("fixed");
		Load load = new Load(settings.whole("BENCH_USERS", Load.DEFAULT_USERS, 1),
				settings.text("BENCH_RATE").map((rate) -> settings.decimal("BENCH_RATE", rate)),
				settings.text("BENCH_WARMUP_SECONDS")
					.filter((warmup) -> !warmup.equals("auto"))
					.map((warmup) -> settings.whole("BENCH_WARMUP_SECONDS", 0)),
				settings.whole("BENCH_MAX_WARMUP_SECONDS", Load.DEFAULT_MAX_WARMUP_SECONDS, 1),
				settings.whole("BENCH_DURATION_SECONDS", Load.DEFAULT_DURATION_SECONDS, 1),
				settings.whole("BENCH_REQUEST_TIMEOUT_MS", Load.DEFAULT_REQUEST_TIMEOUT_MS, 1), Optional.empty(),
				settings.flag("BENCH_HONOUR_RETRY_AFTER"));
		Path dir = Path.of(settings.required("BENCH_OUT")).resolve(started.format(FOLDER)).resolve(label);
		return new GatlingRun(classPath, GatlingRun.jvmOptions(environment),
				GatlingRun.properties(URI.create(settings.required("BENCH_BASE_URL")), "gateway", load.properties(),
						Path.of(settings.required("BENCH_USERS_CSV")), label, dir),
				dir, label, load.timeout());
	}

	/** The environment's settings, blank taken as unset. */
	private record Settings(Map<String, String> environment) {

		Optional<String> text(String variable) {
			return Optional.ofNullable(this.environment.get(variable)).map(String::strip).filter((v) -> !v.isEmpty());
		}

		String required(String variable) {
			return text(variable).orElseThrow(() -> new IllegalArgumentException(variable + " is not set"));
		}

		int whole(String variable, int fallback, int min) {
			return text(variable).isPresent() ? whole(variable, min) : fallback;
		}

		int whole(String variable, int min) {
			String value = required(variable);
			try {
				int parsed = Integer.parseInt(value);
				if (parsed >= min) {
					return parsed;
				}
			}
			catch (NumberFormatException ex) {
				// reported below
			}
			throw new IllegalArgumentException(
					variable + " must be a whole number of at least " + min + ", was '" + value + "'");
		}

		boolean flag(String variable) {
			String value = text(variable).orElse("false");
			if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
				return Boolean.parseBoolean(value);
			}
			throw new IllegalArgumentException(variable + " must be true or false, was '" + value + "'");
		}

		double decimal(String variable, String value) {
			try {
				double parsed = Double.parseDouble(value);
				if (parsed > 0 && Double.isFinite(parsed)) {
					return parsed;
				}
			}
			catch (NumberFormatException ex) {
				// reported below
			}
			throw new IllegalArgumentException(variable + " must be a number above 0, was '" + value + "'");
		}

	}

}
