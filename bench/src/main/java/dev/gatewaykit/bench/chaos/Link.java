package dev.gatewaykit.bench.chaos;

import java.time.Duration;

/**
 * One of the gateway's three downstream links, each through its own toxiproxy proxy, with
 * the gateway property that bounds a call on it. A chaos run sets each timeout on the
 * gateway's command line itself, so the bound a fault is judged against is the one the
 * gateway was given, not a copy of its default.
 */
public enum Link {

	/** Session lookups: the Lettuce command timeout. */
	REDIS("redis", "kit.gateway.session.timeout", Duration.ofSeconds(1)),

	/** The relay-token call to auth-service. */
	AUTH("auth", "kit.gateway.auth-service.timeout", Duration.ofSeconds(2)),

	/** The routed call to mall-api: Spring Cloud Gateway's response timeout. */
	MALL("mall", "spring.cloud.gateway.server.webflux.httpclient.response-timeout", Duration.ofSeconds(5));

	private final String proxy;

	private final String timeoutProperty;

	private final Duration timeout;

	Link(String proxy, String timeoutProperty, Duration timeout) {
		this.proxy = proxy;
		this.timeoutProperty = timeoutProperty;
		this.timeout = timeout;
	}

	/** The toxiproxy proxy's name. */
	public String proxy() {
		return this.proxy;
	}

	/** The timeout the chaos run gives the gateway for a call on this link. */
	public Duration timeout() {
		return this.timeout;
	}

	/** The gateway argument that sets it. */
	public String timeoutArgument() {
		return "--" + this.timeoutProperty + "=" + this.timeout.toMillis() + "ms";
	}

}
