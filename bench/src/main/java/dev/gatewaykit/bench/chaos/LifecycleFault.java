package dev.gatewaykit.bench.chaos;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.gatewaykit.launcher.toxiproxy.Toxic;

/**
 * The connection-lifecycle faults Spring Cloud Gateway users report most, each on a
 * mall-api route of its own: the upstream's behaviour (its own arguments, toxics on its
 * proxy), the gateway setting that turns it into the users' error, the template's setting
 * that prevents it, and the error's text as the gateway logs it. Each setting is the
 * template plus one property, so the difference between the two gateways is that property
 * alone.
 */
public enum LifecycleFault {

	/**
	 * An upstream whose keep-alive is shorter than the gateway pool's idle time: the pool
	 * lends a connection the upstream has already closed, and the request sent on it gets
	 * no answer. A quiet route: a request every 2 s, so that a pooled connection idles 2
	 * s between two uses. The upstream's keep-alive is 100 ms, but Tomcat looks for idle
	 * connections once a second, so it closes one after up to 1.1 s of quiet (measured:
	 * 1.0 s on an idle server, and at a request a second it hardly ever closed one);
	 * times scaled down from Tomcat's 20 s against a pool's 30 s. The FIN is held back 4
	 * s by toxiproxy, the window a network and busy event loops give it in production; on
	 * loopback it is microseconds.
	 */
	IDLE_CLOSE("mall-idle-close", 0.5,
			List.of("--server.tomcat.keep-alive-timeout=" + Constants.KEEP_ALIVE.toMillis() + "ms"),
			List.of(Toxic.slowClose(Duration.ofSeconds(4))), List.of(Constants.POOL + "max-idle-time=30s"),
			// The template's rule, applied to this upstream: idle below its keep-alive
			// (15 s for mall-api's 20 s).
			List.of(Constants.POOL + "max-idle-time=" + Constants.KEEP_ALIVE.multipliedBy(3).dividedBy(4).toMillis()
					+ "ms"),
			"Connection prematurely closed BEFORE response"),

	/**
	 * A pool smaller than the concurrency: every answer a second late at 50 requests/s,
	 * so about 50 in flight, through Spring Cloud Gateway's own default for a fixed pool
	 * on this machine (16 connections; the wait for one bounded by the template's 2 s).
	 * The template's pool has 1000.
	 */
	POOL_SMALL("mall-pool-small", 50, List.of(), List.of(Toxic.latency(Duration.ofSeconds(1))),
			List.of(Constants.POOL + "max-connections=16"), List.of(), "has been pending for more than"),

	/**
	 * An upstream that resets connections half-way through writing an answer: every 5th
	 * connection the gateway opens is reset after the first 12 bytes of its first answer
	 * ({@code HTTP/1.1 200}, the head unfinished), by {@link ResettingProxy}. mall-api
	 * closes a connection after 10 answers (Tomcat's {@code max-keep-alive-requests}, 100
	 * by default; nginx's {@code keepalive_requests}), so the pool opens connections all
	 * along: at 50 requests/s five a second, one of them cut. The naive route is the
	 * template's without its Retry filter; the template's retries a GET that failed on
	 * its connection once, on another connection, which is never a cut one (the next one
	 * opened, or a pooled one that has answered before).
	 */
	RESET_ANSWER("mall-reset-answer", 50, List.of("--server.tomcat.max-keep-alive-requests=10"), List.of(),
			List.of(Constants.ROUTE + "id=mall", Constants.ROUTE + "uri=${kit.routes.mall-uri}",
					Constants.ROUTE + "predicates[0]=Path=/api/mall/**", Constants.ROUTE + "filters[0]=StripPrefix=2",
					Constants.ROUTE + "filters[1]=RemoveRequestHeader=Authorization",
					Constants.ROUTE + "filters[2]=RelayToken"),
			List.of(), "Connection reset by peer") {

		@Override
		public Optional<Cut> cut() {
			return Optional.of(new Cut(5, 12));
		}

		@Override
		public String describeNaive() {
			return "the mall route without its Retry filter";
		}

		@Override
		public boolean retried() {
			return true;
		}

	};

	private final String id;

	private final double rate;

	private final List<String> upstream;

	private final List<Toxic> toxics;

	private final List<String> naive;

	private final List<String> template;

	private final String signature;

	LifecycleFault(String id, double rate, List<String> upstream, List<Toxic> toxics, List<String> naive,
			List<String> template, String signature) {
		this.id = id;
		this.rate = rate;
		this.upstream = upstream;
		this.toxics = toxics;
		this.naive = naive;
		this.template = template;
		this.signature = signature;
	}

	public String id() {
		return this.id;
	}

	/**
	 * The load's requests per second: the fault's own, whatever {@code --rate} says,
	 * since the fault shows only at a rate that fits it.
	 */
	public double rate() {
		return this.rate;
	}

	/**
	 * mall-api's arguments for this upstream; empty when the stack's own mall-api will
	 * do.
	 */
	public List<String> upstream() {
		return this.upstream;
	}

	/** The toxics on the route's own proxy, for as long as the fault is measured. */
	public List<Toxic> toxics() {
		return this.toxics;
	}

	/** The gateway's arguments with the setting that causes the users' error. */
	public List<String> naive() {
		return this.naive;
	}

	/** The gateway's arguments with the template's setting (none: its defaults). */
	public List<String> template() {
		return this.template;
	}

	/** The users' error, as it appears in the gateway's log. */
	public String signature() {
		return this.signature;
	}

	/**
	 * The connections a proxy in front of the upstream resets half-way through their
	 * first answer; none for most faults.
	 */
	public Optional<Cut> cut() {
		return Optional.empty();
	}

	/**
	 * The fault happens whatever the setting and the template retries what it fails: its
	 * log shows the error, its clients do not ({@code LifecycleOutcome#retried}).
	 */
	public boolean retried() {
		return false;
	}

	/** The naive setting as the tables show it. */
	public String describeNaive() {
		return LifecycleRun.describe(this.naive);
	}

	/**
	 * Every {@code every}th connection reset after {@code bytes} bytes of its first
	 * answer.
	 */
	public record Cut(int every, int bytes) {
	}

	/** Every fault's name, for the help and the error of an unknown one. */
	public static List<String> ids() {
		return Arrays.stream(values()).map(LifecycleFault::id).toList();
	}

	/** The fault named {@code id}. */
	public static LifecycleFault of(String id) {
		return Arrays.stream(values())
			.filter((fault) -> fault.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"unknown lifecycle fault '" + id + "' (" + String.join(", ", ids()) + ")"));
	}

	/** Values the constants above share (an enum cannot refer to its own statics). */
	private static final class Constants {

		static final String POOL = "--spring.cloud.gateway.server.webflux.httpclient.pool.";

		static final Duration KEEP_ALIVE = Duration.ofMillis(100);

		/**
		 * The mall route given whole on the command line, which replaces the route list
		 * of application.yml (Spring Boot binds a list from one source): the same route,
		 * its filters in the same order, minus the ones left out.
		 */
		static final String ROUTE = "--spring.cloud.gateway.server.webflux.routes[0].";

	}

}
