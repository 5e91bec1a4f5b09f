package dev.gatewaykit.launcher.nginx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.gatewaykit.bench.model.BadInputException;

/**
 * Renders {@code nginx/<variant>.conf.template} into a runnable {@code nginx.conf} under
 * a prefix directory, and creates the directories the config points at ({@code logs/},
 * {@code temp/...}), so that
 * {@code nginx -p <prefix> -c <prefix>/nginx.conf -e <prefix>/logs/error.log} runs
 * without root.
 * <p>
 * Placeholders are {@code ${UPPER_CASE}}; nginx's own variables are lower case
 * ({@code $host}), so they never clash. A placeholder left over after rendering is an
 * error: a typo in a template must not reach nginx.
 */
public final class NginxConfig {

	/** The two front ends the bench compares. */
	public enum Variant {

		/**
		 * What the gateways this kit reproduces started from: no upstream keepalive,
		 * default limits.
		 */
		NAIVE,

		/** Upstream keepalive, raised limits, chosen timeouts. */
		TUNED;

		public String id() {
			return name().toLowerCase(Locale.ROOT);
		}

		public static Variant fromName(String name) {
			return switch (name.trim().toLowerCase(Locale.ROOT)) {
				case "naive" -> NAIVE;
				case "tuned" -> TUNED;
				default ->
					throw new IllegalArgumentException("unknown variant '" + name + "': expected naive or tuned");
			};
		}

		String templateName() {
			return id() + ".conf.template";
		}

	}

	/**
	 * One upstream server. IPv6 literals are not supported: the bench runs on 127.0.0.1.
	 */
	public record Upstream(String host, int port) {

		public Upstream {
			if (host == null || host.isBlank() || host.contains(":")) {
				throw new IllegalArgumentException("upstream host must be a name or IPv4 address, was '" + host + "'");
			}
			if (port < 1 || port > 65535) {
				throw new IllegalArgumentException("upstream port must be 1..65535, was " + port);
			}
		}

		/**
		 * Parses {@code host:port[,host:port...]}.
		 * @throws IllegalArgumentException naming the offending entry
		 */
		public static List<Upstream> parseList(String list) {
			List<Upstream> upstreams = new ArrayList<>();
			for (String entry : list.split(",")) {
				String trimmed = entry.trim();
				int colon = trimmed.lastIndexOf(':');
				if (colon <= 0 || colon == trimmed.length() - 1) {
					throw new IllegalArgumentException("upstream '" + trimmed + "' is not host:port");
				}
				int port;
				try {
					port = Integer.parseInt(trimmed.substring(colon + 1));
				}
				catch (NumberFormatException ex) {
					throw new IllegalArgumentException("upstream '" + trimmed + "' has a non-numeric port");
				}
				upstreams.add(new Upstream(trimmed.substring(0, colon), port));
			}
			return List.copyOf(upstreams);
		}

	}

	/**
	 * What one client address may do at nginx: the tuned template's login rate limit and
	 * connection cap. The kit renders {@link #BENCH}, and gives the gateway the same
	 * login numbers, because the bench logs in 100 users at 25 a second from 127.0.0.1;
	 * production's (about one login a second, a burst of 5) would refuse most of them.
	 *
	 * @param loginsPerSecond logins a second that refill the bucket
	 * @param loginBurst logins accepted at once before the rate applies
	 * @param connections connections with a request in progress at once
	 */
	public record ClientLimits(int loginsPerSecond, int loginBurst, int connections) {

		/**
		 * The bench's: its logins fit in the burst, and its open model can hold a few
		 * thousand requests in flight from one address (the tuned template's 8192 worker
		 * connections, two per proxied request).
		 */
		public static final ClientLimits BENCH = new ClientLimits(10, 200, 4096);

		public ClientLimits {
			if (loginsPerSecond < 1 || loginBurst < 1 || connections < 1) {
				throw new IllegalArgumentException("client limits must be at least 1, were " + loginsPerSecond
						+ " logins/s, burst " + loginBurst + ", " + connections + " connections");
			}
		}

	}

	/**
	 * What nginx lets through to the gateway instances before it refuses at once with 503
	 * JSON and {@code Retry-After}; none by default. A refusal here costs nginx a few
	 * microseconds and never waits in the gateway's queue, where the gateway's own
	 * refusals wait for a busy event loop. Each limit is given per upstream instance; the
	 * one nginx applies is that times the instances.
	 */
	public sealed interface EdgeLimit {

		/**
		 * The template's lines in {@code location /} for this limit over
		 * {@code upstreams}.
		 */
		String directives(int upstreams, ClientLimits limits);

		/** The template's line at {@code http} level: the zone a rate is kept in. */
		String zone(int upstreams);

		/**
		 * What it lets through, for a log line or a report: "at most 37 requests in
		 * progress".
		 */
		String describe();

		/**
		 * How an edge limit is sized from a mode's knee
		 * ({@code ./kit knee --edge-limit auto}, {@code --edge-rate auto}).
		 */
		enum Kind {

			IN_PROGRESS, RATE;

			/**
			 * This kind's limit for a gateway whose knee held {@code kneeRate} at a p99
			 * of {@code kneeP99Ms}.
			 * @throws IllegalArgumentException for a knee without a rate or a p99
			 */
			public EdgeLimit fromKnee(double kneeRate, double kneeP99Ms) {
				if (!(kneeRate > 0 && kneeP99Ms > 0)) {
					throw new IllegalArgumentException("an edge limit from a knee needs its rate and its p99, were "
							+ kneeRate + " and " + kneeP99Ms);
				}
				return switch (this) {
					case IN_PROGRESS -> InProgress.fromKnee(kneeRate, kneeP99Ms);
					case RATE -> Rate.fromKnee(kneeRate);
				};
			}

		}

		/**
		 * Requests in progress at once (the tuned template's
		 * {@code limit_conn in_flight}). It follows the gateway's latency: a gateway
		 * twice as slow is let through half the rate, which is also why it refuses a cold
		 * JVM that a rate would not (a cold JVM needs more in progress for the same
		 * rate).
		 *
		 * @param perUpstream requests in progress per upstream instance
		 */
		record InProgress(int perUpstream) implements EdgeLimit {

			public InProgress {
				if (perUpstream < 1) {
					throw new IllegalArgumentException(
							"the edge limit must be at least 1 request in progress per gateway, was " + perUpstream);
				}
			}

			/**
			 * What a gateway held in progress at its knee, by Little's law: its rate
			 * there times its p99 there, rounded up. Sized by the p99, not the mean, so
			 * that the knee itself is not refused (its bursts stay under it); past the
			 * knee it lets in no more than the knee's tail latency would keep busy, so
			 * that the admitted requests wait about as long as they did there and the
			 * rest are refused at once.
			 */
			static InProgress fromKnee(double kneeRate, double kneeP99Ms) {
				return new InProgress((int) Math.ceil(kneeRate * kneeP99Ms / 1000));
			}

			@Override
			public String directives(int upstreams, ClientLimits limits) {
				// limit_conn_status is one per location: the per-client cap, which this
				// location would otherwise inherit with its 429, is restated under it.
				return "limit_conn in_flight " + Math.multiplyExact(this.perUpstream, upstreams) + ";\n"
						+ "            limit_conn per_client " + limits.connections() + ";\n"
						+ "            limit_conn_status 503;\n"
						+ "            # One line a refusal at error level would be thousands a second under overload.\n"
						+ "            limit_conn_log_level info;";
			}

			@Override
			public String zone(int upstreams) {
				return NO_RATE_ZONE;
			}

			@Override
			public String describe() {
				return "at most " + this.perUpstream + " requests in progress";
			}

		}

		/**
		 * Requests a second (the tuned template's {@code limit_req edge_rate}, nodelay),
		 * with a burst of {@link #BURST_SECONDS} of them above it. It does not follow the
		 * gateway's latency, so a cold JVM, slower but not offered more, is let through
		 * whole; a gateway slowed by its dependencies is left to its own adaptive limit.
		 *
		 * @param perSecond requests a second per upstream instance
		 */
		record Rate(int perSecond) implements EdgeLimit {

			/**
			 * The burst above the rate, in seconds of it. nginx lets a request through
			 * while those it let through, less what the rate has drained since, stay
			 * within the burst: random arrivals at the rate itself walk that count up and
			 * down without a drift, so the burst is what keeps the rate's own
			 * fluctuations from being refused. Simulated for nginx's algorithm with
			 * random arrivals at 356 a second: 0.1 s refused 1.4 % at the rate itself,
			 * 0.2 s 0.6 %; nothing at 90 % of it.
			 */
			static final double BURST_SECONDS = 0.2;

			public Rate {
				if (perSecond < 1) {
					throw new IllegalArgumentException(
							"the edge rate must be at least 1 request a second per gateway, was " + perSecond);
				}
			}

			/** The knee's rate, whole requests a second: what the gateway held there. */
			static Rate fromKnee(double kneeRate) {
				return new Rate(Math.max(1, (int) Math.floor(kneeRate)));
			}

			/** Requests let through at once above the rate, per upstream instance. */
			public int burst() {
				return (int) Math.ceil(this.perSecond * BURST_SECONDS);
			}

			@Override
			public String directives(int upstreams, ClientLimits limits) {
				return "limit_req zone=edge_rate burst=" + Math.multiplyExact(burst(), upstreams) + " nodelay;\n"
						+ "            limit_req_status 503;\n"
						+ "            # One line a refusal at error level would be thousands a second under overload.\n"
						+ "            limit_req_log_level info;";
			}

			@Override
			public String zone(int upstreams) {
				// One key for every request: the rate is the front end's, not a client's.
				return "limit_req_zone $server_port zone=edge_rate:1m rate="
						+ Math.multiplyExact(this.perSecond, upstreams) + "r/s;";
			}

			@Override
			public String describe() {
				return "at most " + this.perSecond + " requests a second (bursts of " + burst() + ")";
			}

		}

	}

	private static final String NO_RATE_ZONE = "# No edge rate (./kit knee --edge-rate).";

	/** Directories under the prefix that the templates point at. */
	static final List<String> DIRECTORIES = List.of("logs", "temp/client_body", "temp/proxy", "temp/fastcgi",
			"temp/uwsgi", "temp/scgi");

	private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)}");

	private NginxConfig() {
	}

	/**
	 * Renders a template with the bench's client limits.
	 * @param template the template text
	 * @param listenPort the port nginx listens on (127.0.0.1)
	 * @param upstreams every backend instance
	 * @param prefix the absolute prefix directory
	 * @param workers nginx worker processes
	 */
	public static String render(String template, int listenPort, List<Upstream> upstreams, Path prefix, int workers) {
		return render(template, listenPort, upstreams, prefix, workers, ClientLimits.BENCH);
	}

	/**
	 * Renders a template.
	 * @param template the template text
	 * @param listenPort the port nginx listens on (127.0.0.1)
	 * @param upstreams every backend instance
	 * @param prefix the absolute prefix directory
	 * @param workers nginx worker processes
	 * @param limits what one client address may do
	 */
	public static String render(String template, int listenPort, List<Upstream> upstreams, Path prefix, int workers,
			ClientLimits limits) {
		return render(template, listenPort, upstreams, prefix, workers, limits, Optional.empty());
	}

	/**
	 * Renders a template.
	 * @param template the template text
	 * @param listenPort the port nginx listens on (127.0.0.1)
	 * @param upstreams every backend instance
	 * @param prefix the absolute prefix directory
	 * @param workers nginx worker processes
	 * @param limits what one client address may do
	 * @param edge requests in progress let through to each instance, if capped
	 */
	public static String render(String template, int listenPort, List<Upstream> upstreams, Path prefix, int workers,
			ClientLimits limits, Optional<EdgeLimit> edge) {
		if (listenPort < 1 || listenPort > 65535) {
			throw new IllegalArgumentException("listen port must be 1..65535, was " + listenPort);
		}
		if (upstreams.isEmpty()) {
			throw new IllegalArgumentException("at least one upstream is needed");
		}
		if (workers < 1) {
			throw new IllegalArgumentException("workers must be at least 1, was " + workers);
		}
		StringBuilder servers = new StringBuilder();
		for (Upstream upstream : upstreams) {
			if (!servers.isEmpty()) {
				servers.append("\n        ");
			}
			servers.append("server ").append(upstream.host()).append(':').append(upstream.port()).append(';');
		}
		Map<String, String> values = Map.of("LISTEN_PORT", String.valueOf(listenPort), "UPSTREAM_SERVERS",
				servers.toString(), "PREFIX", prefix.toAbsolutePath().normalize().toString(), "WORKER_PROCESSES",
				String.valueOf(workers), "LOGIN_RATE", String.valueOf(limits.loginsPerSecond()), "LOGIN_BURST",
				String.valueOf(limits.loginBurst()), "CONNECTIONS_PER_CLIENT", String.valueOf(limits.connections()),
				"EDGE_LIMIT",
				edge.map((limit) -> limit.directives(upstreams.size(), limits))
					.orElse("# No edge limit (./kit knee --edge-limit, --edge-rate)."),
				"EDGE_RATE_ZONE", edge.map((limit) -> limit.zone(upstreams.size())).orElse(NO_RATE_ZONE));
		Matcher matcher = PLACEHOLDER.matcher(template);
		StringBuilder out = new StringBuilder();
		List<String> unknown = new ArrayList<>();
		while (matcher.find()) {
			String value = values.get(matcher.group(1));
			if (value == null) {
				unknown.add(matcher.group());
				value = matcher.group();
			}
			matcher.appendReplacement(out, Matcher.quoteReplacement(value));
		}
		matcher.appendTail(out);
		if (!unknown.isEmpty()) {
			throw new BadInputException("unknown placeholders in template: " + String.join(", ", unknown) + " (known: "
					+ String.join(", ", values.keySet().stream().sorted().toList()) + ")");
		}
		return out.toString();
	}

	/**
	 * Renders {@code variant}'s template from {@code templates} with the bench's client
	 * limits into {@code prefix/nginx.conf} and creates the directories it needs.
	 * @return the written config file
	 */
	public static Path write(Variant variant, Path templates, int listenPort, List<Upstream> upstreams, Path prefix,
			int workers) throws IOException {
		return write(variant, templates, listenPort, upstreams, prefix, workers, ClientLimits.BENCH);
	}

	/**
	 * Renders {@code variant}'s template from {@code templates} into
	 * {@code prefix/nginx.conf} and creates the directories it needs.
	 * @return the written config file
	 */
	public static Path write(Variant variant, Path templates, int listenPort, List<Upstream> upstreams, Path prefix,
			int workers, ClientLimits limits) throws IOException {
		return write(variant, templates, listenPort, upstreams, prefix, workers, limits, Optional.empty());
	}

	/**
	 * Likewise, with requests in progress capped per upstream instance when {@code edge}
	 * is given.
	 * @return the written config file
	 */
	public static Path write(Variant variant, Path templates, int listenPort, List<Upstream> upstreams, Path prefix,
			int workers, ClientLimits limits, Optional<EdgeLimit> edge) throws IOException {
		Path template = templates.resolve(variant.templateName());
		if (!Files.isRegularFile(template)) {
			throw new BadInputException("template not found: " + template.toAbsolutePath()
					+ " (pass --templates pointing at the repository's nginx/ directory)");
		}
		Path root = prefix.toAbsolutePath().normalize();
		String config = render(Files.readString(template, StandardCharsets.UTF_8), listenPort, upstreams, root, workers,
				limits, edge);
		for (String directory : DIRECTORIES) {
			Files.createDirectories(root.resolve(directory));
		}
		Path file = root.resolve("nginx.conf");
		Files.writeString(file, config, StandardCharsets.UTF_8);
		return file;
	}

}
