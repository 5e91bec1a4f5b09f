package dev.gatewaykit.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP backend that answers every request with {@code {}} after a fixed delay,
 * eight requests at a time: the mall-api of a test that needs requests to stay in flight.
 */
final class SlowBackend implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService threads = Executors.newFixedThreadPool(8);

	private SlowBackend(Duration delay) {
		try {
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/", (exchange) -> {
			try (exchange) {
				Thread.sleep(delay.toMillis());
				byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().set("Content-Type", "application/json");
				exchange.sendResponseHeaders(200, body.length);
				exchange.getResponseBody().write(body);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		this.server.setExecutor(this.threads);
		this.server.start();
	}

	static SlowBackend start(Duration delay) {
		return new SlowBackend(delay);
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.threads.shutdownNow();
	}

}
