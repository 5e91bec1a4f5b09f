package dev.gatewaykit.gateway;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The bench's {@code vanilla} route does not exist unless turned on: a gateway built from
 * the template must not route anonymous requests to mall-api's actuator.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class VanillaRouteOffIntegrationTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	@Test
	void theVanillaPathMatchesNoRouteByDefault() {
		WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.get()
			.uri("/vanilla/actuator/health/liveness")
			.exchange()
			.expectStatus()
			.isNotFound();
	}

}
