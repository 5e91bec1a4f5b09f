package dev.gatewaykit.bench.knee;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.knee.KneeCriteria;
import dev.gatewaykit.bench.analysis.knee.KneeSearch;
import dev.gatewaykit.bench.options.GivenOptions;
import dev.gatewaykit.bench.options.UsageException;
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
 * @param criteria what a rate must meet
 * @param warmup the least time the gateway is brought to the start rate
 * @param maxWarmup the most
 * @param settle load at a step's rate before its window
 * @param window each step's measured window
 * @param redisLatencyMs the Redis link's added latency per round trip (as the bench's
 * default)
 * @param authLatencyMs the auth-service link's (as the bench's default)
 * @param users demo users whose tokens the load sends
 * @param out the run's directory
 */
public record KneeOptions(List<Mode> modes, Optional<Path> gatewayJar, double start, double maxRate, double resolution,
		int maxSteps, KneeCriteria criteria, Duration warmup, Duration maxWarmup, Duration settle, Duration window,
		int redisLatencyMs, int authLatencyMs, int users, Path out) {

	/** The mode name a user's jar is reported under, as in the bench. */
	public static final String CUSTOM = "custom";

	/** A mode to search: its name in the report and what the gateway starts with. */
	public record Mode(String name, GatewaySelection selection) {
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
			modes.add(new Mode(CUSTOM, new GatewaySelection(Optional.empty(), Optional.empty())));
		}
		else {
			for (String mode : Arrays.stream(args.string("modes", "naive,fixed").split(","))
				.map(String::strip)
				.distinct()
				.toList()) {
				try {
					modes.add(new Mode(mode, GatewaySelection.parse(mode)));
				}
				catch (IllegalArgumentException ex) {
					throw new UsageException("--modes: " + ex.getMessage());
				}
			}
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
		Path out = Path.of(args.string("out",
				kitDir.resolve("knee-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
					.toString()))
			.toAbsolutePath()
			.normalize();
		return new KneeOptions(List.copyOf(modes), jar, start, maxRate,
				args.decimal("resolution-pct", KneeSearch.DEFAULT_RESOLUTION * 100, 0.5) / 100,
				args.integer("max-steps", KneeSearch.DEFAULT_MAX_STEPS, 1, 100), criteria, Duration.ofSeconds(warmup),
				Duration.ofSeconds(maxWarmup), Duration.ofSeconds(args.integer("settle-seconds", 5, 1, 120)),
				Duration.ofSeconds(args.integer("window-seconds", 10, 2, 300)),
				args.integer("redis-latency", 1, 0, 10_000), args.integer("auth-latency", 50, 0, 10_000),
				args.integer("users", 50, 1, 1000), out);
	}

}
