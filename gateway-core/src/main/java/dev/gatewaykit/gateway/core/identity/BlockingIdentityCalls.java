package dev.gatewaykit.gateway.core.identity;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.session.Session;
import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.gateway.core.relay.RelayCodec;
import dev.gatewaykit.gateway.core.session.SessionCodec;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/**
 * The two dependency calls written the way most gateways first write them: a synchronous
 * {@link StringRedisTemplate} (Lettuce underneath, but every call parks the calling
 * thread until Redis answers) and a blocking JDK {@link HttpClient}. Every blocking
 * execution mode shares this class, in both gateways, and they differ only in which
 * thread calls it — that is the whole point of the benchmark: the WebFlux gateway's
 * {@code blocking}, {@code publish-on} and {@code bounded-elastic} modes, and the MVC
 * gateway's platform and virtual request threads.
 * <p>
 * Never call these methods on an event-loop thread: the WebFlux gateway's
 * {@code BlockingIdentityBackend} says what happens when one does.
 */
public final class BlockingIdentityCalls implements IdentityCalls {

	static final String KEEP_ALIVE_PROPERTY = "jdk.httpclient.keepalive.timeout";

	private final StringRedisTemplate redis;

	private final SessionCodec sessions;

	private final Duration idleTimeout;

	private final HttpClient http;

	private final RelayCodec relay;

	private final URI relayUri;

	private final Duration relayTimeout;

	private final CallTimes sessionCalls = new CallTimes();

	private final CallTimes relayCalls = new CallTimes();

	/**
	 * @param redis the synchronous Redis client
	 * @param sessions how a session is read
	 * @param idleTimeout the session TTL set on every hit
	 * @param relay how the relay call's bodies are written and read
	 * @param authServiceUrl auth-service's base URL
	 * @param connectTimeout the longest a new connection to auth-service may take
	 * @param relayTimeout the longest one relay call may take, headers and body
	 * @param maxIdleTime how long an idle connection to auth-service is kept
	 */
	public BlockingIdentityCalls(StringRedisTemplate redis, SessionCodec sessions, Duration idleTimeout,
			RelayCodec relay, URI authServiceUrl, Duration connectTimeout, Duration relayTimeout,
			Duration maxIdleTime) {
		this(redis, sessions, idleTimeout, relay, authServiceUrl, connectTimeout, relayTimeout, maxIdleTime,
				HttpClient.newBuilder());
	}

	/**
	 * The same calls with the relay client's asynchronous work (completing the exchange
	 * the caller waits on) on this executor rather than the JDK client's own cached pool
	 * of platform threads: the MVC gateway's virtual-thread mode passes a virtual-thread
	 * executor, so that no request hops to a platform thread.
	 * @param redis the synchronous Redis client
	 * @param sessions how a session is read
	 * @param idleTimeout the session TTL set on every hit
	 * @param relay how the relay call's bodies are written and read
	 * @param authServiceUrl auth-service's base URL
	 * @param connectTimeout the longest a new connection to auth-service may take
	 * @param relayTimeout the longest one relay call may take, headers and body
	 * @param maxIdleTime how long an idle connection to auth-service is kept
	 * @param relayExecutor where the relay client runs its asynchronous tasks
	 */
	public BlockingIdentityCalls(StringRedisTemplate redis, SessionCodec sessions, Duration idleTimeout,
			RelayCodec relay, URI authServiceUrl, Duration connectTimeout, Duration relayTimeout, Duration maxIdleTime,
			Executor relayExecutor) {
		this(redis, sessions, idleTimeout, relay, authServiceUrl, connectTimeout, relayTimeout, maxIdleTime,
				HttpClient.newBuilder().executor(relayExecutor));
	}

	private BlockingIdentityCalls(StringRedisTemplate redis, SessionCodec sessions, Duration idleTimeout,
			RelayCodec relay, URI authServiceUrl, Duration connectTimeout, Duration relayTimeout, Duration maxIdleTime,
			HttpClient.Builder http) {
		this.redis = redis;
		this.sessions = sessions;
		this.idleTimeout = idleTimeout;
		this.relay = relay;
		this.relayUri = authServiceUrl.resolve(RelayTokenEndpoint.PATH);
		this.relayTimeout = relayTimeout;
		keepIdleConnectionsFor(maxIdleTime);
		// HTTP/1.1 because auth-service speaks it and the reactive mode's WebClient does
		// too: same bytes on the wire.
		this.http = http.version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
	}

	/**
	 * The JDK client keeps idle connections for {@code jdk.httpclient.keepalive.timeout}
	 * seconds, 1200 by default on Java 17: far past auth-service's keep-alive, so a relay
	 * call could go out on a connection auth-service was closing. The property is the
	 * only knob and is JVM-wide, read when the first JDK client is built; an explicit
	 * {@code -D} setting wins.
	 */
	private static void keepIdleConnectionsFor(Duration maxIdleTime) {
		if (System.getProperty(KEEP_ALIVE_PROPERTY) == null) {
			System.setProperty(KEEP_ALIVE_PROPERTY, Long.toString(Math.max(1, maxIdleTime.toSeconds())));
		}
	}

	/** GET, then EXPIRE on a hit; empty when there is no session. */
	@Override
	public Optional<Session> loadSession(String reference) {
		String key = SessionKeys.ofReference(reference);
		long started = System.nanoTime();
		try {
			String value = this.redis.opsForValue().get(key);
			if (value == null) {
				return Optional.empty();
			}
			this.redis.expire(key, this.idleTimeout);
			return this.sessions.parse(value);
		}
		catch (DataAccessException ex) {
			throw IdentityUnavailableException.sessionStore(ex);
		}
		finally {
			this.sessionCalls.add(System.nanoTime() - started);
		}
	}

	@Override
	public Optional<String> fetchRelayToken(String reference) {
		HttpRequest request = HttpRequest.newBuilder(this.relayUri)
			.timeout(this.relayTimeout)
			.header(HttpHeaders.AUTHORIZATION, this.relay.basicAuthorization())
			.header(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON_VALUE)
			.POST(HttpRequest.BodyPublishers.ofByteArray(this.relay.requestBody(reference)))
			.build();
		long started = System.nanoTime();
		// Not send(): the request timeout above ends at the response headers, so an
		// auth-service that sends its headers and then stalls its body held the calling
		// thread (in the blocking mode an event loop) until the connection closed.
		// Waiting on the asynchronous call bounds headers and body together; Reactor's
		// deadline in ModeSwitch cannot, since it would fire on the thread held here or
		// after this call returns.
		CompletableFuture<HttpResponse<byte[]>> call = this.http.sendAsync(request,
				HttpResponse.BodyHandlers.ofByteArray());
		try {
			HttpResponse<byte[]> response = call.get(this.relayTimeout.toNanos(), TimeUnit.NANOSECONDS);
			if (response.statusCode() == RelayCodec.NO_SUCH_SESSION) {
				return Optional.empty();
			}
			if (response.statusCode() != 200) {
				throw new IllegalStateException("auth-service answered " + response.statusCode());
			}
			return Optional.of(this.relay.relayToken(response.body()));
		}
		catch (TimeoutException ex) {
			// cancel(true) aborts the exchange and closes its connection (JDK 16+), so a
			// stalled answer does not go back to the pool.
			call.cancel(true);
			throw IdentityUnavailableException.authService(ex);
		}
		catch (InterruptedException ex) {
			call.cancel(true);
			Thread.currentThread().interrupt();
			throw IdentityUnavailableException.authService(ex);
		}
		catch (ExecutionException ex) {
			throw IdentityUnavailableException.authService((ex.getCause() != null) ? ex.getCause() : ex);
		}
		catch (RuntimeException ex) {
			throw IdentityUnavailableException.authService(ex);
		}
		finally {
			this.relayCalls.add(System.nanoTime() - started);
		}
	}

	/** Wall time spent in {@link #loadSession}: what a thread calling it is held for. */
	public CallTimes sessionCalls() {
		return this.sessionCalls;
	}

	/** Wall time spent in {@link #fetchRelayToken}. */
	public CallTimes relayCalls() {
		return this.relayCalls;
	}

	/**
	 * How many calls and how long they held their thread in total. The bench's
	 * Little's-law prediction divides a pool's threads by this measured time (plus the
	 * pool's CPU per request) rather than by the latency it injected, which leaves out
	 * the services' own time.
	 */
	public static final class CallTimes {

		private final LongAdder count = new LongAdder();

		private final LongAdder nanos = new LongAdder();

		void add(long elapsedNanos) {
			this.count.increment();
			this.nanos.add(elapsedNanos);
		}

		public long count() {
			return this.count.sum();
		}

		public double totalSeconds() {
			return this.nanos.sum() / 1e9;
		}

	}

}
