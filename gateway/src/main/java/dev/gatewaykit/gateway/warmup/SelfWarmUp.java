package dev.gatewaykit.gateway.warmup;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.gatewaykit.common.session.SessionEndpoints;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.env.Environment;

/**
 * Sends the gateway's own port requests before its readiness probe says yes: at least
 * {@link WarmUpProperties#requests()}, and on until the JIT has settled, at most
 * {@link WarmUpProperties#timeout()}. Spring Boot turns readiness to
 * {@code ACCEPTING_TRAFFIC} only once every {@link ApplicationRunner} has returned, so a
 * load balancer or Kubernetes sends nothing while this runs, and the first real request
 * meets compiled code.
 * <p>
 * With a warm-up account ({@link WarmUpProperties#username()}), it logs in once through
 * the gateway's own login route, sends every request with that session, so that each goes
 * the whole way (the session lookup, the relay call to auth-service, the forward to the
 * upstream and its answer streamed back), and revokes the session at the end. Without
 * one, each request carries a well-formed bearer token nobody was given and goes as far
 * as the session lookup and the 401 every unknown token gets: the relay call and the
 * forward then warm under the first real requests. The warm-up's own client is Reactor
 * Netty's, on the same event loops, so the client side of HTTP warms as well. Every
 * {@link WarmUpProperties#newConnectionEvery()}th request closes its connection, so that
 * opening connections warms too: the first real traffic opens hundreds in its first
 * second (nginx's to the gateway, the gateway's pools to its upstreams), and the client's
 * connect is the same code as those pools'. A warm-up that fails (nothing listens, a
 * dependency is down, the login is refused) is logged and never stops the gateway: it is
 * readiness that matters, and the health of each dependency says the rest.
 */
public final class SelfWarmUp implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(SelfWarmUp.class);

	/** The status recorded for a request that got no answer. */
	static final int NO_ANSWER = 0;

	/** One request's longest wait: a cold gateway's first answers take a second or so. */
	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

	/**
	 * How long the requests in flight when the warm-up stops sending may take to be
	 * answered: a warm gateway's answers take tens of milliseconds.
	 */
	public static final Duration LAST_ANSWERS = Duration.ofSeconds(2);

	private static final String LOGIN_PATH = SessionEndpoints.viaGateway(SessionEndpoints.LOGIN);

	private static final String REVOKE_PATH = SessionEndpoints.viaGateway(SessionEndpoints.REVOKE);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** The JIT has settled once it compiles for less than this share of a second. */
	static final double SETTLED_COMPILE_SHARE = 0.1;

	private final WarmUpProperties properties;

	private final Environment environment;

	private volatile @Nullable Result result;

	public SelfWarmUp(WarmUpProperties properties, Environment environment) {
		this.properties = properties;
		this.environment = environment;
	}

	@Override
	public void run(ApplicationArguments args) {
		String port = this.environment.getProperty("local.server.port");
		if (port == null) {
			log.info("no warm-up: the gateway has no server port (not a web server)");
			return;
		}
		if (tls()) {
			log.info("no warm-up: the server speaks TLS, and the warm-up would need the server's own trust");
			return;
		}
		long start = System.nanoTime();
		String base = "http://" + host() + ":" + port;
		ConnectionProvider connections = ConnectionProvider.builder("warm-up")
			.maxConnections(this.properties.concurrency())
			.pendingAcquireTimeout(REQUEST_TIMEOUT)
			.build();
		Map<Integer, Long> statuses;
		String account = "no account";
		AtomicLong opened = new AtomicLong();
		try {
			HttpClient client = HttpClient.create(connections)
				.baseUrl(base)
				.responseTimeout(REQUEST_TIMEOUT)
				.doOnChannelInit((observer, channel, address) -> opened.incrementAndGet());
			Optional<String> session = this.properties.account() ? login(client) : Optional.empty();
			if (session.isPresent()) {
				account = "as " + this.properties.username();
			}
			else if (this.properties.account()) {
				account = "the login as " + this.properties.username() + " refused";
			}
			statuses = send(client, session);
			session.ifPresent((token) -> revoke(client, token));
		}
		finally {
			close(connections);
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		long sent = statuses.values().stream().mapToLong(Long::longValue).sum();
		this.result = new Result(sent, opened.get(), statuses);
		long unanswered = statuses.getOrDefault(NO_ANSWER, 0L);
		String summary = String.format(java.util.Locale.ROOT,
				"%d requests on %d connections to %s (%s) in %.1f s, by status %s", sent, opened.get(),
				this.properties.path(), account, seconds, statuses);
		if (sent == 0 || unanswered * 2 > sent) {
			log.warn("warm-up mostly unanswered, ready anyway: {}", summary);
		}
		else {
			log.info("warmed up before readiness: {}", summary);
		}
	}

	/** What the warm-up did, once it has run; empty before, or when it could not run. */
	public Optional<Result> result() {
		return Optional.ofNullable(this.result);
	}

	/**
	 * What a warm-up did.
	 *
	 * @param requests how many it sent
	 * @param connections how many connections it opened for them
	 * @param statuses how many got each status ({@link #NO_ANSWER} for none)
	 */
	public record Result(long requests, long connections, Map<Integer, Long> statuses) {
	}

	/**
	 * The warm-up's requests: at least {@link WarmUpProperties#requests()}, then on until
	 * the JIT has settled, at most {@link WarmUpProperties#timeout()}; the count of each
	 * status seen ({@link #NO_ANSWER} for none). When it stops it sends no more and waits
	 * for the ones in flight ({@link #LAST_ANSWERS} at most), rather than cancelling
	 * them: a cancelled exchange takes the gateway's abort paths (the server's send and
	 * flush on a closing connection, the proxy's cancelled pool acquire), which the C2
	 * code compiled from the warm-up's own profile has never seen, and their traps sent
	 * hot methods (the event loop's task runner, the HTTP codec, the channel's flush)
	 * back to the interpreter a moment before the first real request. Measured with
	 * {@code ./kit knee --cold-start --jit-log}: 57-86 compiled methods made not entrant
	 * in the half second before readiness with the cancels, 36-40 without (the rest are
	 * the revocation's and the closing pool's); the cold start's failures did not change
	 * measurably either way (docs/overload.md, "The warm-up's end").
	 */
	private Map<Integer, Long> send(HttpClient client, Optional<String> session) {
		AtomicLong answered = new AtomicLong();
		Mono<Long> stop = Mono.firstWithSignal(settled(answered), Mono.delay(this.properties.timeout())).cache();
		try {
			Map<Integer, Long> statuses = Flux.<Long, Long>generate(() -> 0L, (n, sink) -> {
				sink.next(n);
				return n + 1;
			})
				// Ends the numbers, not the requests they started: flatMap completes
				// once those are answered.
				.takeUntilOther(stop)
				.flatMap((n) -> one(client, session.orElseGet(SelfWarmUp::unknownToken),
						this.properties.closesConnection(n))
					.doOnNext((status) -> {
						if (warms(status)) {
							answered.incrementAndGet();
						}
					}), this.properties.concurrency())
				// A cold gateway's first answers can take seconds: past LAST_ANSWERS
				// they are cancelled after all, so that readiness waits no longer.
				.takeUntilOther(stop.delayElement(LAST_ANSWERS))
				.collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()))
				.block(this.properties.timeout().plus(LAST_ANSWERS).plus(REQUEST_TIMEOUT));
			return (statuses != null) ? statuses : Map.of();
		}
		catch (RuntimeException ex) {
			log.warn("warm-up failed, ready anyway: {}", ex.toString());
			return Map.of();
		}
	}

	/**
	 * The warm-up account's session token, logged in through the gateway's own login
	 * route; empty, and logged, when the login is refused.
	 */
	private Optional<String> login(HttpClient client) {
		String body = JSON
			.writeValueAsString(Map.of("username", this.properties.username(), "password", this.properties.password()));
		try {
			Answer answer = answer(
					client.headers((headers) -> headers.set(HttpHeaderNames.CONTENT_TYPE, "application/json"))
						.post()
						.uri(LOGIN_PATH)
						.send(ByteBufFlux.fromString(Mono.just(body))))
				.block(REQUEST_TIMEOUT);
			String token = (answer == null || answer.status() != 200 || answer.body().isEmpty()) ? ""
					: JSON.readTree(answer.body()).path("access_token").asString("");
			if (!token.isEmpty()) {
				return Optional.of(token);
			}
			log.warn("warm-up: the login as {} was refused; warming as far as the session lookup only",
					this.properties.username());
		}
		catch (RuntimeException ex) {
			log.warn("warm-up: the login as {} failed ({}); warming as far as the session lookup only",
					this.properties.username(), ex.toString());
		}
		return Optional.empty();
	}

	/** Ends the warm-up's session, so that no live session is left behind. */
	private void revoke(HttpClient client, String token) {
		try {
			Integer status = answer(
					client.headers((headers) -> headers.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + token))
						.post()
						.uri(REVOKE_PATH))
				.map(Answer::status)
				.block(REQUEST_TIMEOUT);
			if (status == null || status / 100 != 2) {
				log.warn("warm-up: revoking its session answered {}; it expires on its own", status);
			}
		}
		catch (RuntimeException ex) {
			log.warn("warm-up: revoking its session failed ({}); it expires on its own", ex.toString());
		}
	}

	/**
	 * Signals once the least number of requests has been answered and the JIT compiled
	 * for less than {@link #SETTLED_COMPILE_SHARE} of the last second: a fixed count left
	 * C2 still compiling the hot path when the first real requests came (measured: the
	 * fresh gateway's first four seconds were clean, the next fifteen were not). Without
	 * a compilation bean to read, the count alone decides.
	 */
	private Mono<Long> settled(AtomicLong answered) {
		CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
		boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
		AtomicLong compiledMs = new AtomicLong(timed ? jit.getTotalCompilationTime() : 0);
		return Flux.interval(Duration.ofSeconds(1)).filter((tick) -> {
			long total = timed ? jit.getTotalCompilationTime() : 0;
			long lastSecond = total - compiledMs.getAndSet(total);
			return answered.get() >= this.properties.requests() && lastSecond < SETTLED_COMPILE_SHARE * 1000;
		}).next();
	}

	/**
	 * Whether an answer counts towards the least number: one the gateway's whole path
	 * gave (a 401 is what a request without an account gets). No answer has warmed
	 * nothing, and a 5xx (the admission limit's or a breaker's 503, a failed relay call's
	 * 502) has warmed only the path that refuses.
	 */
	static boolean warms(int status) {
		return status != NO_ANSWER && status < 500;
	}

	private Mono<Integer> one(HttpClient client, String token, boolean closesConnection) {
		return answer(client.headers((headers) -> {
			headers.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + token);
			if (closesConnection) {
				headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
			}
		}).get().uri(this.properties.path())).map(Answer::status).onErrorReturn(NO_ANSWER);
	}

	/**
	 * A request's status and its whole body, read to the end so that the connection goes
	 * back to the pool.
	 */
	private static Mono<Answer> answer(HttpClient.ResponseReceiver<?> request) {
		return request.responseSingle((response, content) -> content.asString()
			.defaultIfEmpty("")
			.map((text) -> new Answer(response.status().code(), text)));
	}

	private record Answer(int status, String body) {
	}

	/**
	 * Whether the server speaks TLS: Spring Boot turns it on for a bundle or a key store
	 * unless told otherwise.
	 */
	private boolean tls() {
		Boolean enabled = this.environment.getProperty("server.ssl.enabled", Boolean.class);
		if (enabled != null) {
			return enabled;
		}
		return this.environment.containsProperty("server.ssl.bundle")
				|| this.environment.containsProperty("server.ssl.key-store");
	}

	/** Releases the warm-up's connections; a slow release is logged, never thrown. */
	private static void close(ConnectionProvider connections) {
		try {
			connections.disposeLater().block(REQUEST_TIMEOUT);
		}
		catch (RuntimeException ex) {
			log.warn("warm-up: its connections were not released within {} ({})", REQUEST_TIMEOUT, ex.toString());
		}
	}

	/**
	 * Where the warm-up reaches the server: the address it is bound to, or loopback when
	 * it listens on every address.
	 */
	private String host() {
		String address = this.environment.getProperty("server.address");
		if (address == null || address.isBlank()) {
			return "127.0.0.1";
		}
		try {
			InetAddress bound = InetAddress.getByName(address);
			if (bound.isAnyLocalAddress()) {
				return "127.0.0.1";
			}
			return bound.getHostAddress().contains(":") ? "[" + bound.getHostAddress() + "]" : bound.getHostAddress();
		}
		catch (java.net.UnknownHostException ex) {
			return address;
		}
	}

	/**
	 * A token of the shape real ones have (base64url), which no session has: 32 random
	 * bytes.
	 */
	public static String unknownToken() {
		byte[] bytes = new byte[32];
		ThreadLocalRandom.current().nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
