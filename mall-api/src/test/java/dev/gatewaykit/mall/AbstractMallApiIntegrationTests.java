package dev.gatewaykit.mall;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.launcher.RedisServer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureRestTestClient;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.client.RestTestClient;

/**
 * The running application against a real redis-server, shared by the integration test
 * classes that extend it: same configuration, so Spring's test context cache starts
 * Tomcat and Redis once for all of them.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureRestTestClient
abstract class AbstractMallApiIntegrationTests {

	static final int CATALOGUE_SIZE = 200;

	static final RedisServer redis = RedisServer.start();

	@Autowired
	RestTestClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
		registry.add("kit.mall.catalogue.size", () -> CATALOGUE_SIZE);
		// Small batches, so the seeding tests cross batch boundaries.
		registry.add("kit.mall.catalogue.seed-batch-size", () -> 64);
		TestRelayKeys.register(registry);
	}

	/** A token as auth-service would sign it for the gateway: valid for a minute. */
	static String validToken() {
		return TestRelayKeys.validToken();
	}

	/** GET with a valid relay token. */
	RestTestClient.ResponseSpec get(String uri, Object... variables) {
		return this.client.get().uri(uri, variables).header(IdentityHeaders.RELAY_TOKEN, validToken()).exchange();
	}

}
