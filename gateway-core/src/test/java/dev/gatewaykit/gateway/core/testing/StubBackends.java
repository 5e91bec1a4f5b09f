package dev.gatewaykit.gateway.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.relay.RelayTokenRequest;
import tools.jackson.databind.json.JsonMapper;

/**
 * In-process stand-ins for auth-service's relay endpoint and for mall-api, for tests
 * about the gateway alone. The relay stub answers a well-formed request
 * ({@code {"session":"<reference>"}}) with {@link #relayTokenFor} the reference and any
 * other with 400. The mall stub echoes the identity headers it received, so a test sees
 * exactly what the gateway forwarded. Shared by both gateways' tests (this module's
 * test-jar), so that both are held to the same backends.
 */
public final class StubBackends implements AutoCloseable {

	public static final String CLIENT_ID = "gateway";

	public static final String CLIENT_SECRET = "test-gateway-secret";

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpServer auth;

	private final HttpServer mall;

	public final AtomicInteger relayCalls = new AtomicInteger();

	/**
	 * What the relay stub does: answer normally, or fail with the given status, or stall.
	 */
	public final AtomicReference<RelayBehaviour> relay = new AtomicReference<>(RelayBehaviour.OK);

	/** How long a {@link RelayBehaviour#SLOW} relay call takes. */
	public static final Duration SLOW_ANSWER = Duration.ofMillis(100);

	public enum RelayBehaviour {

		OK, FAIL_500, STALL,
		/**
		 * Answers as {@link #OK} after {@link #SLOW_ANSWER}: long enough that the caller
		 * is certainly waiting for it, rather than finding the answer already there.
		 */
		SLOW,
		/** auth-service's answer for a session that ended since the gateway read it. */
		NO_SUCH_SESSION

	}

	public StubBackends() {
		this.auth = start(this::relayToken, RelayTokenEndpoint.PATH);
		// Everything else auth-service would serve (login) just echoes, so public-route
		// tests can see headers.
		this.auth.createContext("/", (exchange) -> {
			try (exchange) {
				echo(exchange);
			}
		});
		this.mall = start(StubBackends::echo, "/");
	}

	/** The relay token the stub issues for the session with this reference. */
	public static String relayTokenFor(String reference) {
		return "relay-for-" + reference;
	}

	public String authUrl() {
		return "http://127.0.0.1:" + this.auth.getAddress().getPort();
	}

	public String mallUrl() {
		return "http://127.0.0.1:" + this.mall.getAddress().getPort();
	}

	private void relayToken(HttpExchange exchange) throws IOException {
		this.relayCalls.incrementAndGet();
		String expected = "Basic " + Base64.getEncoder()
			.encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
		if (!expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
			respond(exchange, 401, "{\"error\":\"unauthorized\"}");
			return;
		}
		switch (this.relay.get()) {
			case FAIL_500 -> respond(exchange, 500, "{\"error\":\"boom\"}");
			case NO_SUCH_SESSION -> respond(exchange, 404, "{\"error\":\"not_found\"}");
			case STALL -> {
				sleep(Duration.ofSeconds(5));
				respond(exchange, 500, "{\"error\":\"too late\"}");
			}
			case OK -> issue(exchange);
			case SLOW -> {
				sleep(SLOW_ANSWER);
				issue(exchange);
			}
		}
	}

	private static void issue(HttpExchange exchange) throws IOException {
		// auth-service's contract: the body names a session by its reference and nothing
		// else; the token says which session it was for.
		RelayTokenRequest request = json.readValue(exchange.getRequestBody().readAllBytes(), RelayTokenRequest.class);
		if (!request.problems().isEmpty()) {
			respond(exchange, 400, "{\"error\":\"bad_request\"}");
			return;
		}
		respond(exchange, 200, "{\"relay_token\":\"" + relayTokenFor(request.session()) + "\",\"expires_in\":60}");
	}

	private static void echo(HttpExchange exchange) throws IOException {
		Map<String, Object> seen = new TreeMap<>();
		seen.put("path", exchange.getRequestURI().getRawPath());
		for (String header : IdentityHeaders.ALL) {
			seen.put(header, exchange.getRequestHeaders().getFirst(header));
		}
		seen.put("Authorization", exchange.getRequestHeaders().getFirst("Authorization"));
		respond(exchange, 200, json.writeValueAsString(seen));
	}

	private static HttpServer start(Handler handler, String context) {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
			server.createContext(context, (exchange) -> {
				try (exchange) {
					handler.handle(exchange);
				}
			});
			server.setExecutor(Executors.newFixedThreadPool(16));
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void respond(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		exchange.getResponseBody().write(bytes);
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() {
		this.auth.stop(0);
		this.mall.stop(0);
	}

	@FunctionalInterface
	private interface Handler {

		void handle(HttpExchange exchange) throws IOException;

	}

}
