package dev.gatewaykit.bench.knee;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import dev.gatewaykit.bench.analysis.knee.ColdStart;
import dev.gatewaykit.bench.analysis.knee.KneeCriteria;
import dev.gatewaykit.bench.analysis.knee.KneeSearch;
import dev.gatewaykit.bench.drive.CpuSplit;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.run.BenchOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.nginx.NginxConfig.EdgeLimit;
import dev.gatewaykit.launcher.stack.GatewaySelection;

/**
 * What {@code ./kit knee} was asked to do.
 *
 * @param modes the profiles or modes searched, in order, by name
 * @param gatewayJar a user's gateway jar searched as the one mode {@code custom}
 * @param start the first rate held, requests a second
 * @param maxRate the highest rate the search tries
 * @param resolution how close the knee must be to the lowest failing rate (0.05: 5 %)
 * @param maxSteps the most rates held per mode
 * @param holds how many holds of the knee must pass, and of the lowest failing rate fail
 * ({@link KneeSearch})
 * @param criteria what a rate must meet
 * @param warmup the least time the gateway is brought to the start rate
 * @param maxWarmup the most
 * @param settle load at a step's rate before its window
 * @param window each step's measured window
 * @param redisLatencyMs the Redis link's added latency per round trip (as the bench's
 * default)
 * @param authLatencyMs the auth-service link's (as the bench's default)
 * @param users demo users whose tokens the load sends
 * @param overload the multiples of each mode's knee held after its search, in order;
 * empty when not asked for
 * @param coldStart whether a freshly started gateway of each mode is then offered
 * {@link ColdStart#MULTIPLE} of its knee
 * @param coldStartRate the rate offered instead, requests a second
 * @param jitLog whether the cold gateway logs its JIT's compilations, and the run says
 * what it compiled for the first time once the load came
 * @param coldStartProfile whether the cold gateway is profiled over the load's first
 * seconds ({@link ColdStartProfile})
 * @param cpuSplit the load's CPUs and the stack's, when they are to be kept apart
 * @param edgeLimit what nginx lets through to the gateway (requests in progress or a
 * second), when capped there too by a number given
 * @param edgeFromKnee the kind of limit nginx is given after each mode's search, sized
 * from its knee ({@link EdgeLimit.Kind#fromKnee}), when asked: for the overload and the
 * cold start
 * @param edgeHeadroom what that size is multiplied by: room for a gateway slower than at
 * its knee (a fresh one); unless given {@link #IN_PROGRESS_HEADROOM} for a cap in
 * progress, 1 for a rate
 * @param out the run's directory
 */
public record KneeOptions(List<Mode> modes, Optional<Path> gatewayJar, double start, double maxRate, double resolution,
		int maxSteps, int holds, KneeCriteria criteria, Duration warmup, Duration maxWarmup, Duration settle,
		Duration window, int redisLatencyMs, int authLatencyMs, int users, List<Double> overload, boolean coldStart,
		OptionalDouble coldStartRate, boolean jitLog, boolean coldStartProfile, Optional<CpuSplit> cpuSplit,
		Optional<EdgeLimit> edgeLimit, Optional<EdgeLimit.Kind> edgeFromKnee, double edgeHeadroom, Path out) {

	/**
	 * {@code --edge-limit}'s and {@code --edge-rate}'s value that sizes it from each
	 * mode's knee.
	 */
	public static final String EDGE_FROM_KNEE = "auto";

	/**
	 * {@code --edge-headroom}'s bounds: a cap a quarter of the knee's size refuses almost
	 * everything, and one ten times it caps nothing.
	 */
	static final double MIN_EDGE_HEADROOM = 0.25;

	static final double MAX_EDGE_HEADROOM = 10;

	/**
	 * {@code --edge-headroom} with {@code --edge-limit auto} unless given: a fresh
	 * gateway offered three quarters of the knee is then refused only once its requests
	 * take on average twice the warm knee's p99 (1.5 ÷ 0.75), where with 1 it was refused
	 * at 1.33 times it: at one rate 0.65 % of its first minute failed against 5.69 %, for
	 * an admitted p99 at twice the knee that missed its target in two runs of seven
	 * (docs/overload.md, "Room for a fresh gateway"). A rate at the edge keeps 1: it does
	 * not refuse a slower gateway offered the same rate.
	 */
	static final double IN_PROGRESS_HEADROOM = 1.5;

	/** The overload's multiples of the knee unless given. */
	public static final List<Double> OVERLOAD_MULTIPLES = List.of(1.0, 1.5, 2.0, 3.0);

	/**
	 * A mode name's suffix that turns the gateway's admission limit on: {@code
	 * naive+admission} (the naive profile has none, as the incident's gateway had none).
	 */
	public static final String ADMISSION = "+admission";

	/**
	 * A mode name's suffix that turns the gateway's admission limit off: {@code
	 * fixed-admission}, the template without it, to put beside the template.
	 */
	public static final String NO_ADMISSION = "-admission";

	/**
	 * The rate the overload falls back to, as a multiple of the knee: what the mode
	 * carries with room to spare, so that failures past it are the overload's
	 * after-effects.
	 */
	public static final double RECOVERY_MULTIPLE = 0.5;

	public KneeOptions {
		modes = List.copyOf(modes);
		overload = List.copyOf(overload);
	}

	/** The mode name a user's jar is reported under, as in the bench. */
	public static final String CUSTOM = "custom";

	/**
	 * The plain route's mode, as in the bench: the fixed gateway's route with no filter.
	 */
	public static final String VANILLA = "vanilla";

	/**
	 * A mode to search.
	 *
	 * @param name its name in the report
	 * @param selection the gateway's profile and mode
	 * @param arguments the gateway's own arguments for it
	 * @param plain whether the load reads the plain route (no login, no token) instead of
	 * the product pages as logged-in users
	 */
	public record Mode(String name, GatewaySelection selection, List<String> arguments, boolean plain) {

		public Mode {
			arguments = List.copyOf(arguments);
		}

		/**
		 * A profile or mode by name ({@code naive}, {@code fixed}, {@code reactive}, …),
		 * or {@code vanilla}: the fixed gateway's plain route; either followed by
		 * {@value #ADMISSION} or {@value #NO_ADMISSION} for the same gateway with its
		 * admission limit on or off.
		 * @throws IllegalArgumentException for any other name
		 */
		static Mode named(String name) {
			if (name.endsWith(ADMISSION) || name.endsWith(NO_ADMISSION)) {
				boolean on = name.endsWith(ADMISSION);
				Mode base = named(name.substring(0, name.length() - (on ? ADMISSION : NO_ADMISSION).length()));
				return new Mode(name, base.selection(),
						concat(base.arguments(), List.of("--kit.gateway.admission.enabled=" + on)), base.plain());
			}
			if (name.equals(VANILLA)) {
				return new Mode(name, GatewaySelection.parse("fixed"), List.of(BenchOptions.VANILLA_ROUTE), true);
			}
			return new Mode(name, GatewaySelection.parse(name), List.of(), false);
		}

	}

	public static KneeOptions from(GivenOptions args, Path kitDir) {
		Optional<Path> jar = args.has("gateway-jar")
				? Optional.of(args.path("gateway-jar").toAbsolutePath().normalize()) : Optional.empty();
		List<Mode> modes = new ArrayList<>();
		if (jar.isPresent()) {
			if (!Files.isRegularFile(jar.get()) || !jar.get().toString().endsWith(".jar")) {
				throw new UsageException("--gateway-jar: no such .jar file: " + jar.get());
			}
			if (args.has("modes")) {
				throw new UsageException("--gateway-jar searches your gateway as one mode (custom): drop --modes");
			}
			modes.add(new Mode(CUSTOM, new GatewaySelection(Optional.empty(), Optional.empty()), List.of(), false));
		}
		else {
			for (String mode : Arrays.stream(args.string("modes", "naive,fixed").split(","))
				.map(String::strip)
				.distinct()
				.toList()) {
				try {
					modes.add(Mode.named(mode));
				}
				catch (IllegalArgumentException ex) {
					throw new UsageException("--modes: " + ex.getMessage());
				}
			}
		}
		// Every mode's gateway gets them, after the mode's own (a later argument wins).
		List<String> extra = args.all("gateway-arg");
		if (!extra.isEmpty()) {
			modes.replaceAll(
					(mode) -> new Mode(mode.name(), mode.selection(), concat(mode.arguments(), extra), mode.plain()));
		}
		double start = args.decimal("from", 50, 1);
		double maxRate = args.decimal("max-rate", 20_000, 1);
		if (maxRate < start) {
			throw new UsageException("--max-rate (" + maxRate + ") is below --from (" + start + ")");
		}
		KneeCriteria criteria = new KneeCriteria(args.decimal("p99-ms", KneeCriteria.DEFAULT_P99_MS, 1),
				args.decimal("max-error-pct", KneeCriteria.DEFAULT_ERROR_PCT, 0));
		int warmup = args.integer("warmup-seconds", 30, 5, 600);
		int maxWarmup = args.integer("max-warmup-seconds", 120, warmup, 1200);
		List<Double> overload = args.flag("overload") ? multiples(args) : List.of();
		if (!args.flag("overload") && args.has("overload-multiples")) {
			throw new UsageException("--overload-multiples needs --overload");
		}
		if (!args.flag("cold-start") && args.has("cold-start-rate")) {
			throw new UsageException("--cold-start-rate needs --cold-start");
		}
		if (!args.flag("cold-start") && args.flag("jit-log")) {
			throw new UsageException("--jit-log needs --cold-start: it logs the cold gateway's JIT");
		}
		if (!args.flag("cold-start") && args.flag("cold-start-profile")) {
			throw new UsageException("--cold-start-profile needs --cold-start: it profiles the cold gateway");
		}
		OptionalDouble coldStartRate = args.has("cold-start-rate")
				? OptionalDouble.of(args.decimal("cold-start-rate", 0, 1)) : OptionalDouble.empty();
		Optional<CpuSplit> cpuSplit = cpuSplit(args);
		if (args.has("edge-limit") && args.has("edge-rate")) {
			throw new UsageException("--edge-limit and --edge-rate are two ways to cap nginx: give one of them");
		}
		boolean limitFromKnee = EDGE_FROM_KNEE.equals(args.string("edge-limit", ""));
		boolean rateFromKnee = EDGE_FROM_KNEE.equals(args.string("edge-rate", ""));
		Optional<EdgeLimit.Kind> edgeFromKnee = limitFromKnee ? Optional.of(EdgeLimit.Kind.IN_PROGRESS)
				: rateFromKnee ? Optional.of(EdgeLimit.Kind.RATE) : Optional.empty();
		Optional<EdgeLimit> edgeLimit = Optional.empty();
		if (args.has("edge-limit") && !limitFromKnee) {
			edgeLimit = Optional.of(new EdgeLimit.InProgress(args.integer("edge-limit", 0, 1, 100_000)));
		}
		else if (args.has("edge-rate") && !rateFromKnee) {
			edgeLimit = Optional.of(new EdgeLimit.Rate(args.integer("edge-rate", 0, 1, 1_000_000)));
		}
		if (edgeFromKnee.isPresent() && !args.flag("overload") && !args.flag("cold-start")) {
			String option = (edgeFromKnee.get() == EdgeLimit.Kind.RATE) ? "--edge-rate" : "--edge-limit";
			throw new UsageException(option + " " + EDGE_FROM_KNEE
					+ " caps nginx after each search, for --overload or --cold-start: give one of them");
		}
		if (args.has("edge-headroom") && edgeFromKnee.isEmpty()) {
			throw new UsageException("--edge-headroom multiplies the cap " + EDGE_FROM_KNEE
					+ " sizes from each knee: give it with --edge-limit " + EDGE_FROM_KNEE + " or --edge-rate "
					+ EDGE_FROM_KNEE);
		}
		double edgeHeadroom = args.decimal("edge-headroom",
				(edgeFromKnee.orElse(null) == EdgeLimit.Kind.IN_PROGRESS) ? IN_PROGRESS_HEADROOM : 1, MIN_EDGE_HEADROOM,
				MAX_EDGE_HEADROOM);
		Path out = args.outDir(kitDir, "knee-");
		return new KneeOptions(List.copyOf(modes), jar, start, maxRate,
				args.decimal("resolution-pct", KneeSearch.DEFAULT_RESOLUTION * 100, 0.5) / 100,
				args.integer("max-steps", KneeSearch.DEFAULT_MAX_STEPS, 1, 100),
				args.integer("holds", KneeSearch.DEFAULT_HOLDS, 1, 5), criteria, Duration.ofSeconds(warmup),
				Duration.ofSeconds(maxWarmup), Duration.ofSeconds(args.integer("settle-seconds", 5, 1, 120)),
				Duration.ofSeconds(args.integer("window-seconds", 10, 2, 300)),
				args.integer("redis-latency", 1, 0, 10_000), args.integer("auth-latency", 50, 0, 10_000),
				args.integer("users", 50, 1, 1000), overload, args.flag("cold-start"), coldStartRate,
				args.flag("jit-log"), args.flag("cold-start-profile"), cpuSplit, edgeLimit, edgeFromKnee, edgeHeadroom,
				out);
	}

	/** {@code --load-cpus} with {@code --stack-cpus}, or neither. */
	private static Optional<CpuSplit> cpuSplit(GivenOptions args) {
		if (args.has("load-cpus") != args.has("stack-cpus")) {
			throw new UsageException("--load-cpus and --stack-cpus go together: the load's CPUs and the stack's");
		}
		if (!args.has("load-cpus")) {
			return Optional.empty();
		}
		try {
			return Optional.of(CpuSplit.of(args.required("load-cpus"), args.required("stack-cpus"),
					Runtime.getRuntime().availableProcessors()));
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException("--load-cpus/--stack-cpus: " + ex.getMessage());
		}
	}

	/**
	 * The multiples given, each above the recovery's and at most 10 (a rate ten times the
	 * knee already refuses nine requests in ten).
	 */
	private static List<Double> multiples(GivenOptions args) {
		if (!args.has("overload-multiples")) {
			return OVERLOAD_MULTIPLES;
		}
		List<Double> multiples = new ArrayList<>();
		for (String given : args.string("overload-multiples", "").split(",")) {
			double multiple;
			try {
				multiple = Double.parseDouble(given.strip());
			}
			catch (NumberFormatException ex) {
				throw new UsageException("--overload-multiples: not a number: '" + given.strip() + "'");
			}
			if (!(multiple > RECOVERY_MULTIPLE && multiple <= 10)) {
				throw new UsageException("--overload-multiples: each must be above " + RECOVERY_MULTIPLE
						+ " (the recovery's) and at most 10, was " + given.strip());
			}
			multiples.add(multiple);
		}
		return multiples;
	}

	/**
	 * A gateway's {@code arguments} when it is started behind {@code edge}: a cap in
	 * progress is told to it ({@code kit.gateway.admission.edge-cap}), so that its own
	 * limit starts no lower and a fresh gateway is refused by nginx alone until that
	 * limit has learned; put first, so that the mode's arguments and
	 * {@code --gateway-arg} win.
	 */
	static List<String> behindEdge(Optional<EdgeLimit> edge, List<String> arguments) {
		if (edge.orElse(null) instanceof EdgeLimit.InProgress cap) {
			return concat(List.of("--kit.gateway.admission.edge-cap=" + cap.perUpstream()), arguments);
		}
		return arguments;
	}

	private static List<String> concat(List<String> first, List<String> second) {
		List<String> all = new ArrayList<>(first);
		all.addAll(second);
		return all;
	}

}
