package dev.gatewaykit.bench.drive;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CompileTimeTests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final HttpServer server;

	/** What the scrape answers next: a status and, for 200, the meter's value. */
	private volatile int status = 200;

	private volatile double compiledMs;

	CompileTimeTests() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/actuator/prometheus", (exchange) -> {
			byte[] body = ("# TYPE jvm_compilation_time_ms_total counter\n"
					+ "jvm_compilation_time_ms_total{compiler=\"HotSpot 64-Bit Tiered Compilers\"} " + this.compiledMs
					+ "\n")
				.getBytes(StandardCharsets.UTF_8);
			if (this.status != 200) {
				exchange.sendResponseHeaders(this.status, -1);
			}
			else {
				exchange.sendResponseHeaders(200, body.length);
				try (OutputStream out = exchange.getResponseBody()) {
					out.write(body);
				}
			}
			exchange.close();
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void settlesOnceTheCompilersSpendAtMostTheirShareOfTheLastSpan() {
		CompileTime compiles = compileTime();
		read(compiles, 0, 5_000);
		assertThat(compiles.settled()).as("one reading is no span").isFalse();
		assertThat(compiles.describe()).isEmpty();

		// 2 s of compiling in 10 s: 20 % of the time.
		read(compiles, 10_000, 7_000);
		assertThat(compiles.share()).hasValueCloseTo(0.2, Offset.offset(1e-9));
		assertThat(compiles.settled()).isFalse();
		assertThat(compiles.describe()).isEqualTo(", its JIT compiling 20 % of the time lately");

		// Then 300 ms in the next 10 s: 3 %, under the 5 % share.
		read(compiles, 20_000, 7_300);
		assertThat(compiles.share()).hasValueCloseTo(0.03, Offset.offset(1e-9));
		assertThat(compiles.settled()).isTrue();
	}

	@Test
	void aGatewayWithoutTheEndpointOrTheMeterNeverHoldsTheWarmUp() {
		this.status = 404;
		CompileTime missing = compileTime();
		read(missing, 0, 0);
		assertThat(missing.settled()).isTrue();

		this.status = 200;
		CompileTime noMeter = new CompileTime(this.http, uri("/actuator/other"));
		this.server.createContext("/actuator/other", (exchange) -> {
			byte[] body = "process_uptime_seconds 12.0\n".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
			exchange.close();
		});
		noMeter.read(0);
		assertThat(noMeter.settled()).isTrue();
	}

	@Test
	void aGatewayThatFailsOneScrapeIsReadAgainNotGivenUp() {
		CompileTime compiles = compileTime();
		read(compiles, 0, 1_000);
		this.status = 503;
		read(compiles, 5_000, 0);
		this.status = 200;
		read(compiles, 10_000, 9_000);

		assertThat(compiles.share()).as("the failed scrape left no reading").hasValueCloseTo(0.8, Offset.offset(1e-9));
		assertThat(compiles.settled()).isFalse();
	}

	private CompileTime compileTime() {
		return new CompileTime(this.http, uri("/actuator/prometheus"));
	}

	private void read(CompileTime compiles, long atMs, double compiledMs) {
		this.compiledMs = compiledMs;
		compiles.read(atMs);
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + path);
	}

}
