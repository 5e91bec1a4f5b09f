package dev.gatewaykit.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adaptive admission on a real gateway (real Redis, real auth-service stub, a mall-api
 * that takes 1 s a request): with the limit at 2, two of six concurrent requests are
 * admitted and answered, the other four refused at once with 503 JSON and
 * {@code Retry-After} before any filter calls Redis or auth-service; the permits come
 * back, and the limit, the requests in flight and the refusals are on the Prometheus
 * endpoint. The limit starts at the edge's cap in front (2), above its initial limit (1),
 * as a gateway behind nginx's {@code limit_conn} is configured.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "kit.gateway.admission.enabled=true", "kit.gateway.admission.initial-limit=1",
				"kit.gateway.admission.min-limit=1", "kit.gateway.admission.max-limit=2",
				"kit.gateway.admission.edge-cap=2" })
@DirtiesContext
class AdmissionIntegrationTests {

	private static final SlowBackend slowMall = SlowBackend.start(Duration.ofSeconds(1));

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
		registry.add("kit.routes.mall-uri", slowMall::url);
	}

	@AfterAll
	static void stop() {
		slowMall.close();
	}

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	@Test
	void pastTheLimitRequestsAreRefusedAtOnceAndThePermitsComeBack() throws Exception {
		String token = GatewayIntegrationTestSupport.login("7");
		List<CompletableFuture<Answered>> answers = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			answers.add(this.http
				.sendAsync(get("/api/mall/products/" + (i + 1), token), HttpResponse.BodyHandlers.ofString())
				.thenApply((r) -> new Answered(r, System.nanoTime())));
		}
		List<Answered> answered = new ArrayList<>();
		for (CompletableFuture<Answered> answer : answers) {
			answered.add(answer.get(10, TimeUnit.SECONDS));
		}
		List<HttpResponse<String>> responses = answered.stream().map(Answered::response).toList();
		assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200, 503);
		assertThat(responses).filteredOn((r) -> r.statusCode() == 200).hasSize(2);
		List<HttpResponse<String>> refused = responses.stream().filter((r) -> r.statusCode() == 503).toList();
		assertThat(refused).hasSize(4).allSatisfy((r) -> {
			assertThat(r.body()).contains("\"error\":\"overloaded\"", "concurrency limit").doesNotContain("Exception");
			assertThat(r.headers().firstValue("Retry-After")).hasValue("1");
		});
		long lastRefused = answered.stream()
			.filter((a) -> a.response().statusCode() == 503)
			.mapToLong(Answered::atNanos)
			.max()
			.orElseThrow();
		long firstServed = answered.stream()
			.filter((a) -> a.response().statusCode() == 200)
			.mapToLong(Answered::atNanos)
			.min()
			.orElseThrow();
		assertThat(lastRefused).as("refused without waiting for the admitted ones").isLessThan(firstServed);

		// A permit comes back when the exchange completes, just after the client has its
		// answer.
		String metrics = prometheus();
		for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); !metrics
			.contains("kit_admission_in_flight 0.0") && System.nanoTime() < end; metrics = prometheus()) {
			Thread.sleep(50);
		}
		assertThat(metrics).contains("kit_admission_limit 2.0", "kit_admission_in_flight 0.0",
				"kit_admission_refused_total 4.0");
		HttpResponse<String> after = this.http.send(get("/api/mall/products/9", token),
				HttpResponse.BodyHandlers.ofString());
		assertThat(after.statusCode()).as("admitted once the others were answered").isEqualTo(200);
	}

	private HttpRequest get(String path, String token) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Authorization", "Bearer " + token)
			.timeout(Duration.ofSeconds(8))
			.build();
	}

	private String prometheus() throws IOException, InterruptedException {
		HttpRequest scrape = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/prometheus"))
			.timeout(Duration.ofSeconds(5))
			.build();
		return this.http.send(scrape, HttpResponse.BodyHandlers.ofString()).body();
	}

	private record Answered(HttpResponse<String> response, long atNanos) {
	}

}
