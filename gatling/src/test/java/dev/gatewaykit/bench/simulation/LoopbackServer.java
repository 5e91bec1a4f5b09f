package dev.gatewaykit.bench.simulation;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A stand-in for nginx in the simulations' tests: the JDK's HTTP server on a free
 * loopback port, answering every request with a 200 and the JSON {@code answer} gives it
 * (or, {@link #refusing}, with a 503 and {@code Retry-After}), after {@code delay} so a
 * closed-model user sends a few requests a second rather than thousands. It keeps what it
 * was sent.
 */
final class LoopbackServer implements AutoCloseable {

	/** A request as the server saw it; header names in lower case. */
	record Seen(String method, String path, Map<String, String> headers, String body) {
	}

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(4);

	private final List<Seen> seen = new CopyOnWriteArrayList<>();

	private final int status;

	private final String retryAfter;

	private LoopbackServer(Duration delay, Function<Seen, String> answer, int status, String retryAfter)
			throws IOException {
		this.status = status;
		this.retryAfter = retryAfter;
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/", (exchange) -> handle(exchange, delay, answer));
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	static LoopbackServer start(Duration delay, Function<Seen, String> answer) throws IOException {
		return new LoopbackServer(delay, answer, 200, null);
	}

	/** A server at its limit: every answer a 503 that asks to retry after so long. */
	static LoopbackServer refusing(Duration delay, String retryAfter) throws IOException {
		return new LoopbackServer(delay, (request) -> "{\"status\":503,\"error\":\"overloaded\"}", 503, retryAfter);
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	List<Seen> seen() {
		return List.copyOf(this.seen);
	}

	private void handle(HttpExchange exchange, Duration delay, Function<Seen, String> answer) throws IOException {
		try (exchange) {
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			Map<String, String> headers = exchange.getRequestHeaders()
				.entrySet()
				.stream()
				.collect(Collectors.toMap((header) -> header.getKey().toLowerCase(Locale.ROOT),
						(header) -> String.join(",", header.getValue())));
			Seen request = new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(), headers, body);
			this.seen.add(request);
			Thread.sleep(delay.toMillis());
			byte[] bytes = answer.apply(request).getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			if (this.retryAfter != null) {
				exchange.getResponseHeaders().set("Retry-After", this.retryAfter);
			}
			exchange.sendResponseHeaders(this.status, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}
