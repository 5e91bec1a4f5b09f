package dev.gatewaykit.bench.analysis.littleslaw;

/**
 * The latency toxiproxy adds per round trip on each of the gateway's dependency links,
 * plus the unloaded service time of a request.
 *
 * @param redisMs added per round trip on the gateway → Redis link
 * @param authMs added per round trip on the gateway → auth-service link
 * @param baseMs the unloaded service time of one request, measured by the kit (0 when
 * unknown)
 */
public record LinkLatencies(double redisMs, double authMs, double baseMs) {

	/** Redis round trips per proxied request: GET the session, then EXPIRE it. */
	public static final int REDIS_ROUND_TRIPS = 2;

	/** auth-service round trips per proxied request: one POST for the relay token. */
	public static final int AUTH_ROUND_TRIPS = 1;

	public LinkLatencies {
		requireNotNegative("redisMs", redisMs);
		requireNotNegative("authMs", authMs);
		requireNotNegative("baseMs", baseMs);
	}

	/**
	 * How long one request holds whatever thread it blocks:
	 * {@code 2·redis + auth + base}.
	 */
	public double blockedMs() {
		return REDIS_ROUND_TRIPS * this.redisMs + AUTH_ROUND_TRIPS * this.authMs + this.baseMs;
	}

	private static void requireNotNegative(String name, double value) {
		if (!(value >= 0)) {
			throw new IllegalArgumentException(name + " must be 0 or more, was " + value);
		}
	}

}
