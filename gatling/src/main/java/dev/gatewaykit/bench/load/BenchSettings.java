package dev.gatewaykit.bench.load;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import dev.gatewaykit.bench.model.LoadModel;
import dev.gatewaykit.bench.model.Warmup;
import dev.gatewaykit.bench.model.Workload;

/**
 * The simulation's parameters, read from {@code bench.*} system properties
 * (gatling-maven-plugin forwards the Maven command line's {@code -D} properties to the
 * Gatling JVM it forks, except a few reserved prefixes such as {@code java.},
 * {@code user.} and {@code os.}, hence the {@code bench.} prefix).
 *
 * @param baseUrl nginx's address, e.g. {@code http://127.0.0.1:18080}
 * @param target {@code gateway} (log in, call {@code /api/mall/products/{id}}),
 * {@code ceiling} (mint a relay token, call mall-api's {@code /products/{id}} through
 * nginx without the gateway) or {@code vanilla} (no token, mall-api's liveness through
 * the gateway's plain route)
 * @param workload closed with N users, or open with a rate
 * @param warmup how long the load runs before the measured window opens:
 * {@code bench.warmupSeconds} is a number of seconds or {@code auto} (the default: until
 * the throughput is steady, at most {@code bench.maxWarmupSeconds})
 * @param durationSeconds length of the measured window
 * @param requestTimeoutMs client-side timeout of every request; above nginx's 60 s read
 * timeout by default, so a request stuck behind a blocked event loop is answered (504)
 * and counted by nginx rather than abandoned here
 * @param usersCsv auth-service's export of demo users ({@code username,password})
 * @param loginPool how many demo users to log in during setup; measured users share their
 * tokens round-robin
 * @param productCount product ids are drawn uniformly from 1..productCount
 * @param relayKeyId the key id mall-api knows {@code relayPrivateKey}'s public half by
 * (ceiling target only)
 * @param relayPrivateKey the Ed25519 private key, base64 PKCS#8, whose public half
 * mall-api verifies relay tokens with (ceiling target only)
 * @param label names the run in logs and files (the kit passes the mode)
 * @param outDir where {@code measured.json} and {@code timeseries.json} are written
 * @param p99Ms gate: p99 of the measured window must stay below this; 0 disables the gate
 * @param maxErrorPct gate: errors in the measured window must not exceed this percentage;
 * negative disables it
 * @param gatewayMetricsUrl the gateway's Prometheus scrape URL, read when the window
 * opens so the bench can tell what each request cost inside it; {@code null} for none
 * @param drainSeconds how long requests still in flight when the window closes may take
 * before the run stops without them (they belong to no figure; a blocked gateway could
 * keep them for a minute)
 * @param requestFile the request file {@code RequestFileSimulation} sends the requests of
 * ({@link RequestFile}); {@code null} when none is given (the other simulations ignore
 * it)
 * @param rampSeconds open model: the arrival rate climbs from a tenth of the rate to it
 * over this many seconds at the start of the load, so that a cold gateway meets its rate
 * gradually (0, the default: the full rate from the first second)
 * @param windowStartEpochMs the start instant ({@code bench.windowStartEpochMs}, epoch
 * ms): the measured window opens exactly then, whatever the warm-up rule says, so that
 * several injectors given the same instant measure the same seconds; 0 (the default) for
 * none
 * @param honourRetryAfter closed model: a user answered 429 or 503 with
 * {@code Retry-After} waits that long before its next request ({@link RetryAfter}), as a
 * polite client does; {@code false} (the default): it loops at once, as the kit's load
 * always did
 */
public record BenchSettings(String baseUrl, Target target, Workload workload, Warmup warmup, int durationSeconds,
		int requestTimeoutMs, Path usersCsv, int loginPool, int productCount, String relayKeyId, String relayPrivateKey,
		String label, Path outDir, int p99Ms, double maxErrorPct, String gatewayMetricsUrl, int drainSeconds,
		@Nullable Path requestFile, int rampSeconds, long windowStartEpochMs, boolean honourRetryAfter) {

	/**
	 * Default closed-model users: the original incident's 75 TPS at 2 s per request is
	 * 150 requests in flight.
	 */
	public static final int DEFAULT_USERS = 150;

	public static final String PREFIX = "bench.";

	/** The demo key's id ({@code kit.relay.signing.key-id} of the demo profile). */
	public static final String DEFAULT_RELAY_KEY_ID = "demo";

	/**
	 * The demo profile's private key, as in auth-service's {@code application-demo.yml}:
	 * the kit's mall-api runs with that profile, and trusts its public half.
	 */
	public static final String DEFAULT_RELAY_PRIVATE_KEY = "MC4CAQAwBQYDK2VwBCIEIHM3b8y5+To4AKaVrnNKB20s1HuM30iPcW8XQDvxXRrU";

	/** Who the simulation talks to behind nginx. */
	public enum Target {

		/** The full chain: nginx → gateway → mall-api. */
		GATEWAY,

		/**
		 * nginx → mall-api without the gateway: the most the rest of the bench can do.
		 */
		CEILING,

		/**
		 * nginx → the gateway's plain route ({@code StripPrefix} only) → mall-api's
		 * liveness: Spring Cloud Gateway without the kit's filters. No login, no token.
		 */
		VANILLA;

		/** Whether requests carry a token (a session's, or a relay token). */
		public boolean needsTokens() {
			return this != VANILLA;
		}

		public String id() {
			return name().toLowerCase(Locale.ROOT);
		}

		static Target fromName(String name) {
			return switch (name.trim().toLowerCase(Locale.ROOT)) {
				case "gateway" -> GATEWAY;
				case "ceiling" -> CEILING;
				case "vanilla" -> VANILLA;
				default -> throw new IllegalArgumentException(
						PREFIX + "target must be gateway, ceiling or vanilla, was '" + name + "'");
			};
		}

	}

	public static BenchSettings fromSystemProperties() {
		return from(System::getProperty);
	}

	/**
	 * Reads every parameter through {@code lookup} (given the full property name, returns
	 * the value or {@code null}), applying the defaults, and fails on the first bad value
	 * with the property's name in the message.
	 */
	public static BenchSettings from(UnaryOperator<String> lookup) {
		Reader in = new Reader(lookup);
		String baseUrl = in.string("baseUrl", "http://127.0.0.1:8080");
		if (!baseUrl.startsWith("http://") && !baseUrl.startsWith("https://")) {
			throw new IllegalArgumentException(
					PREFIX + "baseUrl must start with http:// or https://, was '" + baseUrl + "'");
		}
		Target target = Target.fromName(in.string("target", "gateway"));
		LoadModel model = in.model();
		Workload workload = (model == LoadModel.CLOSED) ? Workload.closed(in.integer("users", DEFAULT_USERS, 1))
				: Workload.open(in.decimal("rate", 1100, 0.001));
		Warmup warmup = in.warmup();
		int duration = in.integer("durationSeconds", 60, 1);
		int timeout = in.integer("requestTimeoutMs", 90_000, 1);
		Path csv = Path.of(in.string("usersCsv", "target/kit/demo-users.csv"));
		int pool = in.integer("loginPool", 100, 1);
		int products = in.integer("productCount", 10_000, 1);
		String relayKeyId = in.string("relayKeyId", DEFAULT_RELAY_KEY_ID);
		String relayPrivateKey = in.string("relayPrivateKey", DEFAULT_RELAY_PRIVATE_KEY);
		String label = in.string("label", model.id() + "-" + target.id());
		Path out = Path.of(in.string("out", "target/kit/last-simulation"));
		int p99 = in.integer("p99Ms", 0, 0);
		double maxErrors = in.decimal("maxErrorPct", 1.0, -1);
		String metrics = in.string("gatewayMetricsUrl", null);
		int drain = in.integer("drainSeconds", 5, 0);
		String requests = in.string("requestFile", null);
		int ramp = in.integer("rampSeconds", 0, 0);
		long start = in.epochMs("windowStartEpochMs");
		boolean honourRetryAfter = in.flag("honourRetryAfter");
		return new BenchSettings(stripTrailingSlash(baseUrl), target, workload, warmup, duration, timeout, csv, pool,
				products, relayKeyId, relayPrivateKey, label, out, p99, maxErrors, metrics, drain,
				(requests != null) ? Path.of(requests) : null, ramp, start, honourRetryAfter);
	}

	/**
	 * The longest the browsing phase can last: the longest warm-up, the window and the
	 * drain.
	 */
	public int totalSeconds() {
		return this.warmup.maxSeconds() + this.durationSeconds + this.drainSeconds;
	}

	/**
	 * Whether the window opens at a given instant ({@link #windowStartEpochMs()}) rather
	 * than after the warm-up rule.
	 */
	public boolean startsAtAnInstant() {
		return this.windowStartEpochMs > 0;
	}

	/**
	 * How long the load must run from {@code nowEpochMs} to cover the window and the
	 * drain: {@link #totalSeconds()}, or, with a start instant further away than the
	 * longest warm-up, until that instant plus the window and the drain.
	 */
	public int loadSeconds(long nowEpochMs) {
		if (!startsAtAnInstant()) {
			return totalSeconds();
		}
		long untilStart = Math.max(0, this.windowStartEpochMs - nowEpochMs);
		int seconds = (int) ((untilStart + 999) / 1000) + this.durationSeconds + this.drainSeconds;
		return Math.max(totalSeconds(), seconds);
	}

	public boolean gatesP99() {
		return this.p99Ms > 0;
	}

	public boolean gatesErrors() {
		return this.maxErrorPct >= 0;
	}

	private static String stripTrailingSlash(String url) {
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}

	private record Reader(UnaryOperator<String> lookup) {

		String string(String name, String fallback) {
			String value = this.lookup.apply(PREFIX + name);
			return (value == null || value.isBlank()) ? fallback : value.trim();
		}

		Warmup warmup() {
			String raw = string("warmupSeconds", "auto");
			int max = integer("maxWarmupSeconds", 150, 2 * Warmup.STABLE_SECONDS);
			if (raw.equalsIgnoreCase("auto")) {
				return Warmup.untilSteady(max);
			}
			return Warmup.fixed(integer("warmupSeconds", 0, 0));
		}

		LoadModel model() {
			try {
				return LoadModel.fromName(string("model", "closed"));
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException(PREFIX + ex.getMessage(), ex);
			}
		}

		int integer(String name, int fallback, int min) {
			String raw = string(name, null);
			if (raw == null) {
				return fallback;
			}
			int value;
			try {
				value = Integer.parseInt(raw);
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException(PREFIX + name + " must be a whole number, was '" + raw + "'");
			}
			if (value < min) {
				throw new IllegalArgumentException(PREFIX + name + " must be at least " + min + ", was " + value);
			}
			return value;
		}

		boolean flag(String name) {
			String raw = string(name, "false");
			if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
				return Boolean.parseBoolean(raw);
			}
			throw new IllegalArgumentException(PREFIX + name + " must be true or false, was '" + raw + "'");
		}

		/** An instant in epoch ms; 0 when not given. */
		long epochMs(String name) {
			String raw = string(name, null);
			if (raw == null) {
				return 0;
			}
			try {
				long value = Long.parseLong(raw);
				if (value > 0) {
					return value;
				}
			}
			catch (NumberFormatException ex) {
				// reported below
			}
			throw new IllegalArgumentException(PREFIX + name + " must be an instant in epoch ms, was '" + raw + "'");
		}

		double decimal(String name, double fallback, double min) {
			String raw = string(name, null);
			if (raw == null) {
				return fallback;
			}
			double value;
			try {
				value = Double.parseDouble(raw);
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException(PREFIX + name + " must be a number, was '" + raw + "'");
			}
			if (!(value >= min)) {
				throw new IllegalArgumentException(PREFIX + name + " must be at least " + min + ", was " + raw);
			}
			return value;
		}

	}

}
