package dev.gatewaykit.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request deadline above every dependency's timeout, for real: a mall-api that takes
 * 3 s, inside the route's 5 s response timeout, behind a deadline of 1 s. The gateway
 * answers 504 with its own body, before the route's timeout would have.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "kit.gateway.server.request-deadline=1s")
class RequestDeadlineIntegrationTests {

	private static final SlowBackend slowMall = SlowBackend.start(Duration.ofSeconds(3));

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.registerWithMall(registry, slowMall::url);
	}

	@AfterAll
	static void stop() {
		slowMall.close();
	}

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	@Test
	void aRequestStillWaitingAtTheDeadlineIsAnswered504WithTheKitsBody() throws Exception {
		String token = GatewayIntegrationTestSupport.login("7");

		HttpResponse<String> response = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/mall/products/1"))
				.header("Authorization", "Bearer " + token)
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(504);
		assertThat(response.body()).contains("\"error\":\"deadline\"", "deadline of 1000 ms")
			.doesNotContain("Exception");
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
	}

}
