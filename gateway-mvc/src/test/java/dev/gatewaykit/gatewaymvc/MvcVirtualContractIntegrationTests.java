package dev.gatewaykit.gatewaymvc;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.gatewaykit.gateway.core.testing.StubBackends;
import dev.gatewaykit.gatewaymvc.identity.CarrierPinningCalls;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract in the {@code mvc-virtual} mode: a virtual thread per request. Runs on the
 * JDK 21+ the build's surefire forks (launcher's {@code Jdks}: {@code $KIT_JAVA21_HOME},
 * else the newest under /usr/lib/jvm, linked to target/jdk21); on an older one the
 * gateway refuses to start and this class fails saying which JDK to install.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("mvc-virtual")
class MvcVirtualContractIntegrationTests extends MvcGatewayContractTests {

	@Autowired
	WebServerApplicationContext context;

	@Override
	String busyPool() {
		return "carrier";
	}

	@Override
	@Nullable String idlePool() {
		return "tomcat";
	}

	@Override
	String expectedMode() {
		return "mvc-virtual";
	}

	@Override
	@Nullable Integer expectedTomcatThreads() {
		return null;
	}

	/**
	 * Whether this gateway was told to pin its carriers
	 * ({@code kit.gateway.pin-carriers}).
	 */
	boolean pinsCarriers() {
		return false;
	}

	@Test
	void pinsCarriersOnlyWhenToldTo() throws Exception {
		String token = login("26", Duration.ofHours(1));
		// JFR posts a pin only when a pinned virtual thread parks, and a call whose
		// answer
		// has already arrived when it starts waiting does not park: a Redis reply can
		// beat
		// a cold, interpreted caller to its wait. The slow relay answer makes one wait a
		// request certain, pinned or not.
		backends.relay.set(StubBackends.RelayBehaviour.SLOW);
		int requests = 5;

		List<String> pins = PinnedEvents.during(() -> {
			for (int i = 0; i < requests; i++) {
				assertThat(get("/api/mall/products/1", Map.of("Authorization", "Bearer " + token)).statusCode())
					.isEqualTo(200);
			}
		});

		assertThat(management("/actuator/kit").body()).contains("\"pinCarriers\":" + pinsCarriers());
		if (pinsCarriers()) {
			assertThat(pins).allSatisfy((stack) -> assertThat(stack).contains(CarrierPinningCalls.class.getName()));
			assertThat(pins)
				.filteredOn((stack) -> stack.contains(CarrierPinningCalls.class.getName() + ".fetchRelayToken"))
				.as("one pin a request, in the relay call that waits for the slow answer")
				.hasSizeGreaterThanOrEqualTo(requests);
		}
		else {
			assertThat(pins).as("the clean variant's request path pins nothing").isEmpty();
		}
	}

	@Test
	void servesRequestsOnVirtualThreads() {
		Object executor = ((TomcatWebServer) this.context.getWebServer()).getTomcat()
			.getConnector()
			.getProtocolHandler()
			.getExecutor();
		assertThat(executor.getClass().getName()).contains("Virtual");
	}

}
