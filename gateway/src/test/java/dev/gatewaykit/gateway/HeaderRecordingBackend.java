package dev.gatewaykit.gateway;

import dev.gatewaykit.gateway.core.testing.StubBackends;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import dev.gatewaykit.common.relay.RelayTokenEndpoint;
import dev.gatewaykit.common.relay.RelayTokenRequest;
import tools.jackson.databind.json.JsonMapper;

/**
 * A backend that answers 200 to anything and remembers the {@code traceparent} header of
 * the last request (absent: the gateway propagated no trace). As auth-service, it answers
 * a relay call that names a session by its reference with a relay token, like
 * {@link StubBackends}.
 */
final class HeaderRecordingBackend {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpServer server;

	private final AtomicReference<Optional<String>> traceparent = new AtomicReference<>();

	HeaderRecordingBackend() {
		try {
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/", (exchange) -> {
			try (exchange) {
				this.traceparent.set(Optional.ofNullable(exchange.getRequestHeaders().getFirst("traceparent")));
				String answer = "{}";
				int status = 200;
				if (RelayTokenEndpoint.PATH.equals(exchange.getRequestURI().getPath())) {
					RelayTokenRequest request = json.readValue(exchange.getRequestBody().readAllBytes(),
							RelayTokenRequest.class);
					status = request.problems().isEmpty() ? 200 : 400;
					answer = "{\"relay_token\":\"" + StubBackends.relayTokenFor(String.valueOf(request.session()))
							+ "\",\"expires_in\":60}";
				}
				byte[] body = answer.getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().set("Content-Type", "application/json");
				exchange.sendResponseHeaders(status, body.length);
				exchange.getResponseBody().write(body);
			}
		});
		this.server.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/** The last request's traceparent; fails if no request arrived. */
	Optional<String> lastTraceparent() {
		Optional<String> last = this.traceparent.get();
		if (last == null) {
			throw new AssertionError("no request reached the backend");
		}
		return last;
	}

}
