package dev.gatewaykit.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.server.WebFilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Finding "overload answers 500 with a stack trace per request" (issue 12): the gateway's
 * own queues refusing work — the upstream pool's wait timing out or its wait queue full,
 * a bounded executor's queue full — must answer 503 JSON with {@code Retry-After}, never
 * 500. Forced for real: a pool of one connection to a backend that takes 1.5 s per
 * request, and work handed to a scheduler over an executor of one thread and one queued
 * task, both taken.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.cloud.gateway.server.webflux.httpclient.pool.max-connections=1",
				"spring.cloud.gateway.server.webflux.httpclient.pool.acquire-timeout=300" })
class GatewayOverloadTests {

	private static final SlowBackend slowMall = SlowBackend.start(Duration.ofMillis(1500));

	/**
	 * One thread and one queued task: bounded like Reactor's bounded-elastic scheduler.
	 */
	private static final ThreadPoolExecutor tinyExecutor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
			new ArrayBlockingQueue<>(1));

	private static final Scheduler tinyScheduler = Schedulers.fromExecutorService(tinyExecutor, "overload-test");

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.registerWithMall(registry, slowMall::url);
	}

	@AfterAll
	static void stop() {
		slowMall.close();
		tinyScheduler.dispose();
		tinyExecutor.shutdownNow();
	}

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	@Test
	void answers503WithRetryAfterWhenTheUpstreamPoolIsExhausted() throws Exception {
		String token = GatewayIntegrationTestSupport.login("7");
		List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			answers
				.add(this.http.sendAsync(get("/api/mall/products/" + i, token), HttpResponse.BodyHandlers.ofString()));
		}
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (CompletableFuture<HttpResponse<String>> answer : answers) {
			responses.add(answer.get(10, TimeUnit.SECONDS));
		}
		assertThat(responses).extracting(HttpResponse::statusCode).doesNotContain(500).contains(503);
		HttpResponse<String> refused = responses.stream()
			.filter((r) -> r.statusCode() == 503)
			.findFirst()
			.orElseThrow();
		assertThat(refused.body()).contains("\"error\":\"overloaded\"").doesNotContain("Exception");
		assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(refused.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
	}

	@Test
	void answers503WithRetryAfterWhenABoundedExecutorRejects() throws Exception {
		// Saturate the scheduler: its thread busy and its queue full, so that the next
		// task is rejected.
		CountDownLatch release = new CountDownLatch(1);
		try {
			tinyExecutor.execute(() -> await(release));
			tinyExecutor.execute(() -> await(release));
			assertThatThrownBy(() -> tinyExecutor.execute(() -> await(release)))
				.isInstanceOf(RejectedExecutionException.class);
			HttpResponse<String> response = this.http.send(get("/saturated", "none"),
					HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).isEqualTo(503);
			assertThat(response.body()).contains("\"error\":\"overloaded\"").doesNotContain("Exception");
			assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		}
		finally {
			release.countDown();
		}
	}

	private HttpRequest get(String path, String token) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Authorization", "Bearer " + token)
			.timeout(Duration.ofSeconds(8))
			.build();
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Work handed to the saturated scheduler on {@code /saturated}, the way the
	 * bounded-elastic mode hands its calls to {@code Schedulers.boundedElastic()}.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class SaturatedExecutor {

		@Bean
		WebFilter saturatedExecutorFilter() {
			return (exchange, chain) -> {
				if (!exchange.getRequest().getPath().value().equals("/saturated")) {
					return chain.filter(exchange);
				}
				return Mono.fromSupplier(() -> "never").subscribeOn(tinyScheduler).then(chain.filter(exchange));
			};
		}

	}

}
