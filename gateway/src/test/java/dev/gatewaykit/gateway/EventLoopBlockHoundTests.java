package dev.gatewaykit.gateway;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import dev.gatewaykit.common.mode.ExecutionMode;
import dev.gatewaykit.gateway.mode.ModeSwitch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs in a JVM of its own with BlockHound installed (see the {@code blockhound} surefire
 * execution). The reactive mode's whole request path — auth filter, Redis, relay call,
 * proxying — must not block a non-blocking thread; the canaries prove that the suite
 * would notice if it did, by catching the naive modes in the act.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EventLoopBlockHoundTests {

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		GatewayIntegrationTestSupport.register(registry);
	}

	@LocalServerPort
	int port;

	@Autowired
	ModeSwitch modes;

	@BeforeEach
	void clearDetections() {
		assertThat(KitBlockHoundIntegration.installed).as("BlockHound installed (run by the blockhound execution)")
			.isTrue();
		KitBlockHoundIntegration.detections.clear();
	}

	@AfterEach
	void restoreMode() {
		this.modes.switchTo(ExecutionMode.REACTIVE);
	}

	@Test
	void reactiveModeNeverBlocksANonBlockingThread() {
		this.modes.switchTo(ExecutionMode.REACTIVE);
		for (int i = 0; i < 20; i++) {
			get(GatewayIntegrationTestSupport.login("30")).expectStatus().isOk();
		}
		assertThat(KitBlockHoundIntegration.detections).isEmpty();
	}

	/**
	 * Concurrent requests, as a gateway sees them: its event loops then share the Redis
	 * connection and the relay's pool with each other, where a sequential client never
	 * makes them meet.
	 */
	@Test
	void reactiveModeNeverBlocksUnderConcurrentRequests() {
		this.modes.switchTo(ExecutionMode.REACTIVE);
		WebClient client = WebClient.create("http://127.0.0.1:" + this.port);
		String token = GatewayIntegrationTestSupport.login("33");
		List<Integer> statuses = Flux.range(0, 400)
			.flatMap(
					(i) -> client.get()
						.uri("/api/mall/products/" + (i % 50 + 1))
						.header("Authorization", "Bearer " + token)
						.exchangeToMono((response) -> response.releaseBody().thenReturn(response.statusCode().value())),
					16)
			.collectList()
			.block(Duration.ofSeconds(60));
		assertThat(statuses).hasSize(400).containsOnly(200);
		assertThat(KitBlockHoundIntegration.detections).isEmpty();
	}

	@Test
	void boundedElasticModeBlocksOnlyWhereBlockingIsAllowed() {
		this.modes.switchTo(ExecutionMode.BOUNDED_ELASTIC);
		get(GatewayIntegrationTestSupport.login("31")).expectStatus().isOk();
		assertThat(KitBlockHoundIntegration.detections).isEmpty();
	}

	/**
	 * The login path reads the client's address from {@code X-Forwarded-For} (the test
	 * connects from 127.0.0.1, a trusted proxy); a name there, however much it looks like
	 * hex digits, must never become a DNS query on the event loop.
	 */
	@Test
	void loginWithAHostNameInForwardedForLooksNothingUp() {
		String name = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0xffff)) + ".beef.cafe";
		WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.post()
			.uri("/api/auth/oauth/token")
			.header("X-Forwarded-For", name)
			.exchange()
			.expectStatus()
			.isOk();
		assertThat(KitBlockHoundIntegration.detections).isEmpty();
	}

	/** Proves the test above would notice a lookup: one made on a non-blocking thread. */
	@Test
	void canaryANameLookupOnANonBlockingThreadIsCaught() {
		StepVerifier
			.create(Mono.fromCallable(() -> InetAddress.getByName("dead.beef.cafe")).subscribeOn(Schedulers.parallel()))
			.expectError(BlockingOperationError.class)
			.verify(Duration.ofSeconds(10));
		assertThat(KitBlockHoundIntegration.detections).singleElement()
			.satisfies((detection) -> assertThat(detection).contains("parallel-", "lookupAllHostAddr"));
	}

	@ParameterizedTest
	@EnumSource(value = ExecutionMode.class, names = { "BLOCKING", "PUBLISH_ON" })
	void canaryNaiveModesAreCaughtBlocking(ExecutionMode mode) {
		this.modes.switchTo(mode);
		get(GatewayIntegrationTestSupport.login("32")).expectStatus().is5xxServerError();
		String expectedThread = (mode == ExecutionMode.BLOCKING) ? "-epoll-" : "parallel-";
		assertThat(KitBlockHoundIntegration.detections).isNotEmpty()
			.allSatisfy((detection) -> assertThat(detection).contains(expectedThread));
	}

	private WebTestClient.ResponseSpec get(String token) {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(10))
			.build()
			.get()
			.uri("/api/mall/products/1")
			.header("Authorization", "Bearer " + token)
			.exchange();
	}

}
