package dev.gatewaykit.launcher;

import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The JDK's HTTP/1.1 client for the kit's own calls: health probes, the admin APIs of
 * nginx, toxiproxy and Nacos, logins, metric scrapes. A few calls a second, where the JDK
 * client's simplicity is worth more than its CPU; the load itself is sent with Reactor
 * Netty's client ({@code OpenModelDriver}), a request a fraction of the JDK's.
 * <p>
 * One for the JVM: each client owns a selector thread and a connection pool, and every
 * call sets its own timeout on its request. HTTP/1.1 because every server here speaks it,
 * and the default (HTTP/2) would offer each one an {@code h2c} upgrade first.
 */
public final class KitHttp {

	/** On loopback a connect either succeeds at once or is refused. */
	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

	private static final HttpClient CLIENT = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(CONNECT_TIMEOUT)
		.build();

	private KitHttp() {
	}

	public static HttpClient client() {
		return CLIENT;
	}

}
