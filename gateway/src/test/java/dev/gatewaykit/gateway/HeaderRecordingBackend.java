package dev.gatewaykit.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;

/**
 * A backend that answers 200 to anything and remembers the {@code traceparent} header of
 * the last request (absent: the gateway propagated no trace).
 */
final class HeaderRecordingBackend {

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
				byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().set("Content-Type", "application/json");
				exchange.sendResponseHeaders(200, body.length);
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
