package dev.gatewaykit.bench.ablate;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.gatewaykit.launcher.nginx.NginxConfig;

/**
 * One of the incident's fixes, with its naive and its fixed setting. Each is a gateway
 * argument, except nginx's, which is the configuration in front of the gateway.
 */
public enum Knob {

	/** Where the Redis and auth-service calls run. */
	MODE("mode", "execution mode", "blocking (on the event loop)", "reactive", "--kit.gateway.mode=blocking",
			"--kit.gateway.mode=reactive"),

	/** The logging set-up. */
	LOGGING("logging", "logging", "synchronous DEBUG with caller data", "asynchronous INFO",
			"--kit.gateway.log-style=naive", "--kit.gateway.log-style=fixed"),

	/** How the public paths are matched. */
	MATCHER("matcher", "public-paths matcher", "AntPathMatcher", "PathPattern",
			"--kit.gateway.public-paths-matcher=ant", "--kit.gateway.public-paths-matcher=path-pattern"),

	/** nginx in front of the gateway. */
	NGINX("nginx", "nginx → gateway", "no upstream keepalive (naive.conf)", "upstream keepalive (tuned.conf)", "", ""),

	/** The proxy's connection pool to mall-api. */
	POOL("pool", "proxy connection pool", "Spring Cloud Gateway's default: elastic, no limit, no acquire timeout",
			"fixed: 1000 connections, 2 s acquire timeout",
			"--spring.cloud.gateway.server.webflux.httpclient.pool.type=elastic",
			"--spring.cloud.gateway.server.webflux.httpclient.pool.type=fixed");

	private final String id;

	private final String title;

	private final String naive;

	private final String fixed;

	private final String naiveArgument;

	private final String fixedArgument;

	Knob(String id, String title, String naive, String fixed, String naiveArgument, String fixedArgument) {
		this.id = id;
		this.title = title;
		this.naive = naive;
		this.fixed = fixed;
		this.naiveArgument = naiveArgument;
		this.fixedArgument = fixedArgument;
	}

	public String id() {
		return this.id;
	}

	public String title() {
		return this.title;
	}

	/** What the knob is set to on {@code side}, for the report. */
	public String setting(Side side) {
		return (side == Side.NAIVE) ? this.naive : this.fixed;
	}

	/** The gateway argument that sets the knob to {@code side}; none for nginx. */
	List<String> gatewayArguments(Side side) {
		String argument = (side == Side.NAIVE) ? this.naiveArgument : this.fixedArgument;
		return argument.isEmpty() ? List.of() : List.of(argument);
	}

	/** nginx's configuration for {@code side}. */
	static NginxConfig.Variant nginx(Side side) {
		return (side == Side.NAIVE) ? NginxConfig.Variant.NAIVE : NginxConfig.Variant.TUNED;
	}

	/**
	 * @throws IllegalArgumentException naming the knobs there are
	 */
	public static Knob of(String id) {
		String wanted = id.trim().toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter((knob) -> knob.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown knob '" + id + "' ("
					+ String.join(", ", Arrays.stream(values()).map(Knob::id).toList()) + ")"));
	}

	/** The two states of every knob: the incident's and the fixed one. */
	public enum Side {

		NAIVE, FIXED;

		public String id() {
			return name().toLowerCase(Locale.ROOT);
		}

		public Side other() {
			return (this == NAIVE) ? FIXED : NAIVE;
		}

		public static Side of(String id) {
			return switch (id.trim().toLowerCase(Locale.ROOT)) {
				case "naive" -> NAIVE;
				case "fixed" -> FIXED;
				default -> throw new IllegalArgumentException("unknown base '" + id + "' (naive, fixed)");
			};
		}

	}

}
