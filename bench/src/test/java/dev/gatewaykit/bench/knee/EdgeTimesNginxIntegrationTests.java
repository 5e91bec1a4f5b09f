package dev.gatewaykit.bench.knee;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.gatewaykit.bench.analysis.knee.EdgeTimes;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The real nginx from the tuned template, capped at one request in progress, in front of
 * a backend that holds {@code /slow}: its access log must say, in a form
 * {@link EdgeTimes} reads, which 503 nginx made itself and which request an upstream
 * answered, so that {@code ./kit knee --overload} can put nginx's clock beside its own.
 * Fails (never skips) without nginx, as the launcher's nginx tests do.
 */
class EdgeTimesNginxIntegrationTests {

	private static final Path TEMPLATES = Path.of("../nginx");

	@TempDir
	Path prefix;

	@Test
	void theTunedTemplatesLogSaysWhoAnsweredEachRequestAndWhen() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		HttpServer backend = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
		ExecutorService threads = Executors.newCachedThreadPool();
		backend.setExecutor(threads);
		backend.createContext("/", (exchange) -> {
			try {
				if (exchange.getRequestURI().getPath().equals("/slow")) {
					release.await(30, TimeUnit.SECONDS);
				}
				exchange.sendResponseHeaders(204, -1);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				exchange.close();
			}
		});
		backend.start();
		long from = System.currentTimeMillis();
		Path accessLog;
		try (NginxServer nginx = NginxServer.start("nginx-edge-times", Path.of(nginx()), NginxConfig.Variant.TUNED,
				TEMPLATES, List.of(new NginxConfig.Upstream("127.0.0.1", backend.getAddress().getPort())), this.prefix,
				Optional.of(new NginxConfig.EdgeLimit.InProgress(1)))) {
			accessLog = nginx.accessLog();
			try (Socket held = new Socket("127.0.0.1", nginx.port())) {
				held.getOutputStream().write(head("/slow", false));
				assertThat(answerUntil(nginx.port(), "/api/refused", "HTTP/1.1 503")).startsWith("HTTP/1.1 503");
				release.countDown();
			}
			// nginx frees the held request's slot once it has seen the answer.
			assertThat(answerUntil(nginx.port(), "/api/served", "HTTP/1.1 204")).startsWith("HTTP/1.1 204");
		}
		finally {
			release.countDown();
			backend.stop(0);
			threads.shutdownNow();
		}
		// nginx writes its buffered log as it exits.
		List<EdgeTimes.Line> lines = EdgeTimes.read(accessLog, from, System.currentTimeMillis());
		assertThat(lines).as("in %s", accessLog).anyMatch((line) -> line.status() == 503 && !line.upstream());
		assertThat(lines).anyMatch((line) -> line.status() == 204 && line.upstream());
		assertThat(Files.readAllLines(accessLog)).filteredOn((text) -> EdgeTimes.Line.parse(text).isEmpty())
			.as("lines EdgeTimes cannot read")
			.isEmpty();
	}

	private static byte[] head(String path, boolean close) {
		return ("GET " + path + " HTTP/1.1\r\nHost: kit\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n")
			.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Asks again, for at most 5 s, until the answer starts with {@code expected}; the
	 * last answer.
	 */
	private static String answerUntil(int port, String path, String expected) throws IOException {
		String answer = "";
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (!answer.startsWith(expected) && System.nanoTime() < deadline) {
			answer = answer(port, path);
		}
		return answer;
	}

	/** The whole answer nginx gives a new connection within 2 s. */
	private static String answer(int port, String path) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout((int) Duration.ofSeconds(2).toMillis());
			socket.getOutputStream().write(head(path, true));
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
		}
	}

	static String nginx() {
		for (String candidate : List.of("/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx")) {
			if (Files.isExecutable(Path.of(candidate))) {
				return candidate;
			}
		}
		return fail("nginx is not installed: install it (apt-get install nginx-light, or nginx)");
	}

}
