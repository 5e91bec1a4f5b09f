package dev.gatewaykit.bench.run;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.analysis.summary.BenchModes;
import dev.gatewaykit.bench.analysis.summary.ModeSummary;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
import dev.gatewaykit.launcher.gatling.Load;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.stack.Discovery;
import dev.gatewaykit.launcher.stack.GatewaySelection;

/**
 * What {@code ./kit bench} and {@code ./kit sweep} were asked to do, checked: every value
 * that reaches a process has been validated here, with a message that names the option.
 */
public record BenchOptions(List<String> modes, Optional<Integer> flipAtSeconds, Discovery discovery, int users,
		Optional<Double> rate, int durationSeconds, Optional<Integer> warmupSeconds, int maxWarmupSeconds,
		int requestTimeoutMs, int redisLatencyMs, int authLatencyMs, List<Integer> sweepLatencies,
		NginxConfig.Variant nginx, boolean quick, boolean ceiling, Path out, Optional<Path> compare,
		double maxTpsDropPct, double maxP99RisePct, Optional<Double> minRatio, ProfilerEvent profile,
		boolean blockHound, int repeat, GatewayUnderTest gateway, Scenario scenario, double maxCpuRisePct,
		boolean force, int injectors, List<Integer> gateways, boolean honourRetryAfter) {

	/**
	 * Between a case's name and its repeat number in a directory name ({@code fixed_2}).
	 */
	public static final String REPEAT_SEPARATOR = "_";

	/**
	 * Between a mode and its gateway count in a scale point's directory name
	 * ({@code fixed@2gw}).
	 */
	public static final String GATEWAYS_SEPARATOR = "@";

	/**
	 * The most gateways {@code --gateways} starts on one machine: each is a JVM of a few
	 * hundred MB, and past the cores the curve says nothing new.
	 */
	public static final int MAX_GATEWAYS = 8;

	/**
	 * Which gateway the run measures: the kit's own (the default), a user's jar started
	 * in its place ({@code --gateway-jar}), or one already running
	 * ({@code --target-url}).
	 *
	 * @param jar the user's Spring Boot jar, started behind the same nginx and links
	 * @param arguments more arguments for the gateway (the kit's or the jar), in order
	 * @param url an already running gateway (or nginx in front of one): the kit starts
	 * nothing and sends the load there
	 * @param pid the running gateway's process, for its CPU per request, thread dump and
	 * flame graph
	 */
	public record GatewayUnderTest(Optional<Path> jar, List<String> arguments, Optional<URI> url, Optional<Long> pid) {

		/** Whether the gateway is the user's (a jar or a URL) rather than the kit's. */
		public boolean custom() {
			return this.jar.isPresent() || this.url.isPresent();
		}

	}

	/**
	 * The load's requests: the kit's scenario (log in, browse products), a user's
	 * simulation class, or a request file.
	 *
	 * @param simulation the Gatling simulation class
	 * @param classPath where a user's compiled simulation is (directories or jars)
	 * @param requestFile the declarative request file ({@code RequestFileSimulation})
	 */
	public record Scenario(String simulation, List<Path> classPath, Optional<Path> requestFile) {

		public static final String KIT = "dev.gatewaykit.bench.simulation.ProductBrowseSimulation";

		public static final String REQUEST_FILE = "dev.gatewaykit.bench.simulation.RequestFileSimulation";

	}

	/** The mode names the bench takes: the two profiles and the four execution modes. */
	public static final List<String> MODE_NAMES = BenchModes.NAMES;

	/**
	 * @param args the options the command line gave (each command declares which it
	 * takes)
	 * @param defaults the command's own defaults ({@code sweep} measures shorter),
	 * overridden by the command line
	 * @param kitDir where a run's directory goes by default
	 */
	public static BenchOptions from(GivenOptions args, Map<String, String> defaults, Path kitDir) {
		Map<String, String> given = new LinkedHashMap<>(defaults);
		given.putAll(args.values());
		if (args.has("users") && given.containsKey("rate")) {
			throw new UsageException("--users is the closed model's load, --rate the open model's: pick one");
		}
		if (args.flag("force") && !given.containsKey("compare")) {
			throw new UsageException("--force compares runs that differ; it goes with --compare FILE");
		}
		boolean quick = args.flag("quick") || Boolean.parseBoolean(defaults.getOrDefault("quick", "false"));
		boolean ceiling = args.flag("ceiling") || (!args.flag("no-ceiling") && !quick
				&& Boolean.parseBoolean(defaults.getOrDefault("ceiling", "true")));
		if (args.flag("ceiling") && args.flag("no-ceiling")) {
			throw new UsageException("--ceiling and --no-ceiling exclude each other");
		}
		int duration = whole(given, "duration", quick ? 15 : Load.DEFAULT_DURATION_SECONDS, 1, "s");
		Optional<Integer> warmup = Optional.of(given.getOrDefault("warmup", "auto").replaceFirst("s$", ""))
			.filter((value) -> !value.equals("auto"))
			.map((value) -> number("warmup", value, 0, "auto or a whole number of seconds"));
		int maxWarmup = whole(given, "max-warmup", quick ? 40 : Load.DEFAULT_MAX_WARMUP_SECONDS, 20, "s");
		// vanilla by default: every run says what the kit's filters cost over a plain
		// route in the same gateway.
		List<String> modes = Arrays.stream(given.getOrDefault("modes", "naive,fixed,vanilla").split(","))
			.map(String::trim)
			.toList();
		for (String mode : modes) {
			if (!MODE_NAMES.contains(mode)) {
				throw new UsageException("unknown mode '" + mode + "' (" + String.join(", ", MODE_NAMES) + ")");
			}
		}
		Optional<String> mvc = modes.stream().filter((mode) -> BenchModes.mvcMode(mode).isPresent()).findFirst();
		if (mvc.isPresent() && "nacos".equals(given.get("discovery"))) {
			throw new UsageException(
					mvc.get() + " runs gateway-mvc, which has no Nacos discovery: leave --discovery nacos out");
		}
		if (mvc.isPresent() && args.flag("blockhound")) {
			throw new UsageException("--blockhound finds blocking calls on the WebFlux gateway's event loops; "
					+ mvc.get() + " runs gateway-mvc, whose threads are meant to block");
		}
		Optional<Integer> flipAt = Optional.ofNullable(given.get("flip-at"))
			.map((value) -> number("flip-at", value.replaceFirst("s$", ""), 1,
					"a whole number of seconds of at least 1"));
		Optional<Double> minRatio = Optional.ofNullable(given.get("min-ratio"))
			.map((value) -> decimal("min-ratio", value));
		if (flipAt.isPresent()) {
			if (args.has("modes")) {
				throw new UsageException("--flip-at runs one gateway that starts blocking and switches to reactive; "
						+ "leave --modes out");
			}
			if (minRatio.isPresent()) {
				throw new UsageException("--min-ratio compares fixed with naive, which a --flip-at run does not have");
			}
			if (flipAt.get() >= duration) {
				throw new UsageException("--flip-at " + flipAt.get()
						+ "s must fall inside the measured window (--duration " + duration + "s)");
			}
			modes = List.of("flip");
		}
		Optional<Path> compare = Optional.ofNullable(given.get("compare")).map(Path::of);
		compare.filter((file) -> !Files.isRegularFile(file)).ifPresent((file) -> {
			throw new UsageException("--compare: no such file " + file);
		});
		Path out = GivenOptions.outDir(given.get("out"), kitDir, "");
		// A flame graph per mode by default; --quick is for a fast check, and the
		// profiler
		// is the one part of a run that costs the gateway anything.
		ProfilerEvent profile = UsageException
			.parse(() -> ProfilerEvent.fromName(given.getOrDefault("profile", quick ? "off" : "wall")));
		List<Integer> latencies = Arrays.stream(given.getOrDefault("latencies", "0,5,10,25,50,100").split(","))
			.map((value) -> number("latencies", value.trim().replaceFirst("ms$", ""), 0, "whole milliseconds"))
			.toList();
		int repeat = whole(given, "repeat", 1, 1, "");
		GatewayUnderTest gateway = gatewayUnderTest(args, given);
		if (gateway.custom()) {
			if (args.has("modes") || flipAt.isPresent()) {
				throw new UsageException("--gateway-jar and --target-url measure your gateway as one mode, "
						+ ModeSummary.CUSTOM + ": leave --modes and --flip-at out");
			}
			if (minRatio.isPresent()) {
				throw new UsageException(
						"--min-ratio compares fixed with naive, which your gateway's run does not have");
			}
			modes = List.of(ModeSummary.CUSTOM);
		}
		if (gateway.url().isPresent() && args.flag("blockhound")) {
			throw new UsageException("--blockhound is installed by the kit when it starts the gateway; "
					+ "a --target-url gateway is already running");
		}
		if (gateway.url().isPresent() && "nacos".equals(given.get("discovery"))) {
			throw new UsageException("--discovery nacos starts rnacos for the kit's gateway; "
					+ "a --target-url gateway has its own discovery");
		}
		if (gateway.url().isPresent() && args.flag("ceiling")) {
			throw new UsageException(
					"--ceiling measures nginx → the kit's mall-api, which a --target-url run does " + "not start");
		}
		Scenario scenario = scenario(args, given);
		int injectors = whole(given, "injectors", 1, 1, "");
		if (injectors > 1 && warmup.isEmpty()) {
			throw new UsageException("--injectors " + injectors + " opens every injector's window on one instant, "
					+ "which an automatic warm-up (ending when each injector finds the throughput steady) cannot: "
					+ "give a fixed --warmup S");
		}
		if (injectors > 1 && !given.containsKey("rate")
				&& whole(given, "users", Load.DEFAULT_USERS, 1, "") < injectors) {
			throw new UsageException("--injectors " + injectors + " splits the users over the injectors: --users "
					+ "must be at least " + injectors);
		}
		List<Integer> gateways = gateways(given, gateway, flipAt, repeat);
		return new BenchOptions(modes, flipAt,
				UsageException.parse(() -> Discovery.fromName(given.getOrDefault("discovery", "static"))),
				whole(given, "users", Load.DEFAULT_USERS, 1, ""),
				Optional.ofNullable(given.get("rate")).map((value) -> decimal("rate", value)), duration, warmup,
				maxWarmup, Load.DEFAULT_REQUEST_TIMEOUT_MS, whole(given, "redis-latency", 1, 0, "ms"),
				whole(given, "auth-latency", 50, 0, "ms"), latencies,
				UsageException.parse(() -> NginxConfig.Variant.fromName(given.getOrDefault("nginx", "tuned"))), quick,
				ceiling && gateway.url().isEmpty(), out, compare,
				decimal("max-tps-drop", given.getOrDefault("max-tps-drop", "10")),
				decimal("max-p99-rise", given.getOrDefault("max-p99-rise", "20")), minRatio, profile,
				args.flag("blockhound"), repeat, gateway, scenario,
				decimal("max-cpu-rise", given.getOrDefault("max-cpu-rise", "10")), args.flag("force"), injectors,
				gateways, args.flag("honour-retry-after"));
	}

	/**
	 * {@code --gateways 1,2,4}: the instance counts of the scaling curve, ascending from
	 * 1 (each point is read against one instance), each behind the one nginx upstream.
	 */
	private static List<Integer> gateways(Map<String, String> given, GatewayUnderTest gateway, Optional<Integer> flipAt,
			int repeat) {
		String raw = given.get("gateways");
		if (raw == null) {
			return List.of(1);
		}
		List<Integer> counts = Arrays.stream(raw.split(","))
			.map((value) -> number("gateways", value.trim(), 1, "a list of whole numbers of at least 1"))
			.toList();
		for (int k = 1; k < counts.size(); k++) {
			if (counts.get(k) <= counts.get(k - 1)) {
				throw new UsageException("--gateways must rise (e.g. 1,2,4), was '" + raw + "'");
			}
		}
		if (counts.get(0) != 1) {
			throw new UsageException(
					"--gateways must start at 1: each count is read against one instance, was '" + raw + "'");
		}
		if (counts.get(counts.size() - 1) > MAX_GATEWAYS) {
			throw new UsageException("--gateways starts at most " + MAX_GATEWAYS + " gateways on one machine, was '"
					+ raw + "'; beyond one machine scale the Deployment (docs/kubernetes.md)");
		}
		if (gateway.url().isPresent()) {
			throw new UsageException("--gateways starts the kit's (or --gateway-jar's) gateways; "
					+ "a --target-url gateway is already running");
		}
		if (flipAt.isPresent()) {
			throw new UsageException("--flip-at switches one gateway's mode; leave --gateways out");
		}
		if (repeat > 1) {
			throw new UsageException("--gateways and --repeat: run the scaling curve once per bench, "
					+ "and repeat the bench to see its spread");
		}
		return counts;
	}

	/**
	 * The directory of {@code mode} with {@code gateways} instances: the mode's own for
	 * one, {@code MODE@Ngw} (a scale point) for more.
	 */
	public static String scaleDirectory(String mode, int gateways) {
		return (gateways == 1) ? mode : mode + GATEWAYS_SEPARATOR + gateways + "gw";
	}

	private static GatewayUnderTest gatewayUnderTest(GivenOptions args, Map<String, String> given) {
		Optional<Path> jar = Optional.ofNullable(given.get("gateway-jar"))
			.map((value) -> Path.of(value).toAbsolutePath().normalize());
		jar.filter((file) -> !Files.isRegularFile(file) || !file.toString().endsWith(".jar")).ifPresent((file) -> {
			throw new UsageException("--gateway-jar: " + file + " is not a .jar file");
		});
		Optional<URI> url = Optional.ofNullable(given.get("target-url")).map(BenchOptions::targetUrl);
		if (jar.isPresent() && url.isPresent()) {
			throw new UsageException("--gateway-jar starts your gateway, --target-url uses a running one: pick one");
		}
		Optional<Long> pid = Optional.ofNullable(given.get("target-pid"))
			.map((value) -> (long) number("target-pid", value, 1, "a process id"));
		if (pid.isPresent() && url.isEmpty()) {
			throw new UsageException("--target-pid goes with --target-url (the kit knows the PIDs of what it starts)");
		}
		pid.filter((value) -> ProcessHandle.of(value).isEmpty()).ifPresent((value) -> {
			throw new UsageException("--target-pid: no process " + value + " is running");
		});
		List<String> arguments = args.all("gateway-arg");
		if (!arguments.isEmpty() && url.isPresent()) {
			throw new UsageException("--gateway-arg is for a gateway the kit starts, not a --target-url one");
		}
		return new GatewayUnderTest(jar, arguments, url, pid);
	}

	private static URI targetUrl(String value) {
		try {
			URI uri = new URI(value.trim());
			if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
				return uri;
			}
		}
		catch (URISyntaxException ex) {
			// reported below
		}
		throw new UsageException("--target-url must be an http:// or https:// URL with a host, was '" + value + "'");
	}

	private static Scenario scenario(GivenOptions args, Map<String, String> given) {
		Optional<Path> requestFile = Optional.ofNullable(given.get("request-file"))
			.map((value) -> Path.of(value).toAbsolutePath().normalize());
		requestFile.filter((file) -> !Files.isRegularFile(file)).ifPresent((file) -> {
			throw new UsageException("--request-file: no such file " + file);
		});
		Optional<String> simulation = Optional.ofNullable(given.get("simulation")).map(String::trim);
		if (simulation.isPresent() && requestFile.isPresent()) {
			throw new UsageException("--simulation and --request-file each say what the load sends: pick one");
		}
		simulation.filter((name) -> !name.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*")).ifPresent((name) -> {
			throw new UsageException("--simulation must be a fully qualified class name, was '" + name + "'");
		});
		List<Path> classPath = args.all("simulation-classpath")
			.stream()
			.map((value) -> Path.of(value).toAbsolutePath().normalize())
			.toList();
		for (Path entry : classPath) {
			if (!Files.exists(entry)) {
				throw new UsageException("--simulation-classpath: no such file or directory " + entry);
			}
		}
		if (!classPath.isEmpty() && simulation.isEmpty()) {
			throw new UsageException("--simulation-classpath goes with --simulation CLASS");
		}
		String name = simulation.orElse(requestFile.isPresent() ? Scenario.REQUEST_FILE : Scenario.KIT);
		return new Scenario(name, classPath, requestFile);
	}

	/**
	 * The gateway each mode name starts: a profile, an execution mode, or (flip) fixed in
	 * mode blocking.
	 */
	public static GatewaySelection selection(String mode) {
		if (mode.equals(ModeSummary.CUSTOM)) {
			// The user's jar: no profile or mode of the kit's.
			return new GatewaySelection(Optional.empty(), Optional.empty());
		}
		return GatewaySelection.parse(switch (mode) {
			case ModeSummary.FLIP -> "fixed:blocking";
			case ModeSummary.VANILLA -> "fixed";
			default -> mode;
		});
	}

	/**
	 * The directory of one repeat of a case: the case's name alone without repeats, else
	 * {@code NAME_K} (no '#' or '@': the report links into these directories, and '@'
	 * marks a sweep point).
	 */
	public String repeatDirectory(String name, int repeat) {
		return (this.repeat == 1) ? name : name + REPEAT_SEPARATOR + repeat;
	}

	/** The gateway argument that turns its plain route on: the vanilla mode's. */
	public static final String VANILLA_ROUTE = "--kit.routes.vanilla=true";

	/**
	 * The gateway's own arguments for {@code mode}: the plain route for vanilla, the
	 * blocking-call recorder with {@code --blockhound}.
	 */
	public List<String> gatewayArguments(String mode) {
		List<String> arguments = new ArrayList<>();
		if (mode.equals(ModeSummary.VANILLA)) {
			arguments.add(VANILLA_ROUTE);
		}
		if (this.blockHound) {
			arguments.add("--kit.diagnostics.block-hound=true");
		}
		// Last: the user's word wins over the kit's.
		arguments.addAll(this.gateway.arguments());
		return arguments;
	}

	/**
	 * The gateway's extra JVM options: BlockHound rewrites JDK classes, which JDK 13+
	 * allows only with this flag.
	 */
	public List<String> gatewayJvmOptions() {
		return this.blockHound ? List.of("-XX:+AllowRedefinitionToAddDeleteMethods") : List.of();
	}

	/**
	 * {@code params.json}: what the run was asked to do, for the report and for comparing
	 * runs.
	 */
	public Map<String, Object> params() {
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("modes", String.join(",", this.modes));
		params.put("model", this.rate.isPresent() ? "open" : "closed");
		params.put("users", this.users);
		params.put("rate", this.rate.orElse(null));
		params.put("warmup", this.warmupSeconds.map(String::valueOf).orElse("auto"));
		params.put("maxWarmupSeconds", this.maxWarmupSeconds);
		params.put("requestTimeoutMs", this.requestTimeoutMs);
		params.put("durationSeconds", this.durationSeconds);
		params.put("redisLatencyMs", this.redisLatencyMs);
		params.put("authLatencyMs", this.authLatencyMs);
		params.put("nginx", this.nginx.id());
		params.put("quick", this.quick);
		params.put("ceiling", this.ceiling);
		params.put("discovery", this.discovery.id());
		params.put("flipAtSeconds", this.flipAtSeconds.orElse(null));
		// One as a number, as before the option: a saved run stays comparable.
		params.put("gateways", (this.gateways.size() == 1) ? this.gateways.get(0) : this.gateways);
		params.put("mallApis", 1);
		params.put("profile", this.profile.id());
		params.put("blockHound", this.blockHound);
		params.put("repeat", this.repeat);
		params.put("gatewayJar", this.gateway.jar().map(Path::toString).orElse(null));
		params.put("gatewayArgs", this.gateway.arguments());
		params.put("targetUrl", this.gateway.url().map(URI::toString).orElse(null));
		params.put("simulation", this.scenario.simulation());
		params.put("requestFile", this.scenario.requestFile().map(Path::toString).orElse(null));
		if (this.injectors > 1) {
			// Only then: a saved run's parameters stay comparable with one that predates
			// the option.
			params.put("injectors", this.injectors);
		}
		if (this.honourRetryAfter) {
			params.put("honourRetryAfter", true);
		}
		return params;
	}

	/** The simulation's {@code bench.*} properties for this run's load. */
	public Map<String, String> loadProperties() {
		return load().properties();
	}

	/** This run's load, as the simulation is given it. */
	public Load load() {
		return new Load(this.users, this.rate, this.warmupSeconds, this.maxWarmupSeconds, this.durationSeconds,
				this.requestTimeoutMs, this.scenario.requestFile(), this.honourRetryAfter);
	}

	private static int whole(Map<String, String> given, String option, int fallback, int min, String unit) {
		String raw = given.get(option);
		if (raw == null) {
			return fallback;
		}
		String value = unit.isEmpty() ? raw : raw.replaceFirst(unit + "$", "");
		return number(option, value, min, "a whole number" + ((min > 0) ? " of at least " + min : ""));
	}

	private static int number(String option, String value, int min, String expected) {
		try {
			int parsed = Integer.parseInt(value.trim());
			if (parsed >= min) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new UsageException("--" + option + " must be " + expected + ", was '" + value + "'");
	}

	private static double decimal(String option, String value) {
		try {
			double parsed = Double.parseDouble(value.trim());
			if (parsed >= 0 && Double.isFinite(parsed)) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new UsageException("--" + option + " must be a number of at least 0, was '" + value + "'");
	}
}
