package dev.gatewaykit.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.bench.diagnostics.ProfilerEvent;
import dev.gatewaykit.bench.summary.ModeSummary;
import dev.gatewaykit.bench.cli.Args;
import dev.gatewaykit.bench.cli.UsageException;
import dev.gatewaykit.bench.summary.BenchModes;
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
		boolean blockHound) {

	/** The options with a value. */
	public static final List<String> OPTIONS = List.of("modes", "discovery", "flip-at", "users", "rate", "duration",
			"warmup", "max-warmup", "redis-latency", "auth-latency", "latencies", "nginx", "out", "compare",
			"max-tps-drop", "max-p99-rise", "min-ratio", "profile");

	public static final List<String> FLAGS = List.of("quick", "ceiling", "no-ceiling", "blockhound");

	/** The mode names the bench takes: the two profiles and the four execution modes. */
	public static final List<String> MODE_NAMES = BenchModes.NAMES;

	/**
	 * @param args the command line
	 * @param defaults the command's own defaults ({@code sweep} measures shorter),
	 * overridden by the command line
	 * @param kitDir where a run's directory goes by default
	 */
	public static BenchOptions from(Args args, Map<String, String> defaults, Path kitDir) {
		Map<String, String> given = new LinkedHashMap<>(defaults);
		for (String option : OPTIONS) {
			if (args.has(option)) {
				given.put(option, args.required(option));
			}
		}
		boolean quick = args.flag("quick") || Boolean.parseBoolean(defaults.getOrDefault("quick", "false"));
		boolean ceiling = args.flag("ceiling") || (!args.flag("no-ceiling") && !quick
				&& Boolean.parseBoolean(defaults.getOrDefault("ceiling", "true")));
		if (args.flag("ceiling") && args.flag("no-ceiling")) {
			throw new UsageException("--ceiling and --no-ceiling exclude each other");
		}
		int duration = whole(given, "duration", quick ? 15 : 60, 1, "s");
		Optional<Integer> warmup = Optional.of(given.getOrDefault("warmup", "auto").replaceFirst("s$", ""))
			.filter((value) -> !value.equals("auto"))
			.map((value) -> number("warmup", value, 0, "auto or a whole number of seconds"));
		int maxWarmup = whole(given, "max-warmup", quick ? 40 : 150, 20, "s");
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
		Path out = Path.of(given.getOrDefault("out",
				kitDir.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))).toString()))
			.toAbsolutePath()
			.normalize();
		// A flame graph per mode by default; --quick is for a fast check, and the
		// profiler
		// is the one part of a run that costs the gateway anything.
		ProfilerEvent profile = UsageException
			.parse(() -> ProfilerEvent.fromName(given.getOrDefault("profile", quick ? "off" : "wall")));
		List<Integer> latencies = Arrays.stream(given.getOrDefault("latencies", "0,5,10,25,50,100").split(","))
			.map((value) -> number("latencies", value.trim().replaceFirst("ms$", ""), 0, "whole milliseconds"))
			.toList();
		return new BenchOptions(modes, flipAt,
				UsageException.parse(() -> Discovery.fromName(given.getOrDefault("discovery", "static"))),
				whole(given, "users", 150, 1, ""),
				Optional.ofNullable(given.get("rate")).map((value) -> decimal("rate", value)), duration, warmup,
				maxWarmup, 90_000, whole(given, "redis-latency", 1, 0, "ms"), whole(given, "auth-latency", 50, 0, "ms"),
				latencies,
				UsageException.parse(() -> NginxConfig.Variant.fromName(given.getOrDefault("nginx", "tuned"))), quick,
				ceiling, out, compare, decimal("max-tps-drop", given.getOrDefault("max-tps-drop", "10")),
				decimal("max-p99-rise", given.getOrDefault("max-p99-rise", "20")), minRatio, profile,
				args.flag("blockhound"));
	}

	/**
	 * The gateway each mode name starts: a profile, an execution mode, or (flip) fixed in
	 * mode blocking.
	 */
	public static GatewaySelection selection(String mode) {
		return GatewaySelection.parse(switch (mode) {
			case ModeSummary.FLIP -> "fixed:blocking";
			case ModeSummary.VANILLA -> "fixed";
			default -> mode;
		});
	}

	/**
	 * The gateway's own arguments for {@code mode}: the plain route for vanilla, the
	 * blocking-call recorder with {@code --blockhound}.
	 */
	public List<String> gatewayArguments(String mode) {
		List<String> arguments = new ArrayList<>();
		if (mode.equals(ModeSummary.VANILLA)) {
			arguments.add("--kit.routes.vanilla=true");
		}
		if (this.blockHound) {
			arguments.add("--kit.diagnostics.block-hound=true");
		}
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
		params.put("gateways", 1);
		params.put("mallApis", 1);
		params.put("profile", this.profile.id());
		params.put("blockHound", this.blockHound);
		return params;
	}

	/** The simulation's {@code bench.*} properties for this run's load. */
	public Map<String, String> loadProperties() {
		Map<String, String> properties = new LinkedHashMap<>();
		if (this.rate.isPresent()) {
			properties.put("bench.model", "open");
			properties.put("bench.rate", String.valueOf(this.rate.get()));
		}
		else {
			properties.put("bench.model", "closed");
			properties.put("bench.users", String.valueOf(this.users));
		}
		properties.put("bench.warmupSeconds", this.warmupSeconds.map(String::valueOf).orElse("auto"));
		properties.put("bench.maxWarmupSeconds", String.valueOf(this.maxWarmupSeconds));
		properties.put("bench.durationSeconds", String.valueOf(this.durationSeconds));
		properties.put("bench.requestTimeoutMs", String.valueOf(this.requestTimeoutMs));
		return properties;
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
