package dev.gatewaykit.gateway;

import dev.gatewaykit.gateway.core.testing.StubBackends;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.launcher.RedisServer;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * One real Redis and one pair of stub backends for every gateway integration test class
 * that uses the same settings, so that Spring's test-context cache can share a single
 * gateway between them.
 */
final class GatewayIntegrationTestSupport {

	static final RedisServer redis = RedisServer.start();

	static final StubBackends backends = new StubBackends();

	private GatewayIntegrationTestSupport() {
	}

	static void register(DynamicPropertyRegistry registry) {
		registerWithMall(registry, backends::mallUrl);
		registry.add("kit.gateway.auth-service.timeout", () -> "1s");
		registry.add("kit.gateway.session.timeout", () -> "500ms");
		// The suite logs in far more often than production's limit allows one address;
		// the rate-limit tests set their own.
		registry.add("kit.gateway.login-rate-limit.replenish-rate", () -> "1000");
		registry.add("kit.gateway.login-rate-limit.burst-capacity", () -> "1000");
		registerManagementCredentials(registry);
	}

	/**
	 * The real Redis, the stub auth-service and the given mall-api, with the template's
	 * own timeouts and limits: for a test whose upstream is a backend of its own.
	 */
	static void registerWithMall(DynamicPropertyRegistry registry, Supplier<Object> mallUrl) {
		registry.add("spring.data.redis.port", redis::port);
		registry.add("kit.routes.auth-uri", backends::authUrl);
		registry.add("kit.routes.mall-uri", mallUrl);
		registry.add("kit.gateway.auth-service.client-secret", () -> StubBackends.CLIENT_SECRET);
		registry.add("management.server.port", () -> "0");
		registerManagementCredentials(registry);
	}

	/**
	 * What a management write must present (required: the gateway refuses to start
	 * without).
	 */
	static final String MANAGEMENT_USERNAME = "kit-admin";

	static final String MANAGEMENT_PASSWORD = "test-management-password";

	static void registerManagementCredentials(DynamicPropertyRegistry registry) {
		registry.add("kit.gateway.management.password", () -> MANAGEMENT_PASSWORD);
	}

	/**
	 * The same settings as command-line arguments, for a test that starts a gateway of
	 * its own with {@code SpringApplication}, the way a user starts the jar.
	 */
	static List<String> arguments() {
		List<String> arguments = new ArrayList<>();
		register((name, value) -> arguments.add("--" + name + "=" + value.get()));
		return arguments;
	}

	/** Stores a session the way auth-service does and returns its token. */
	static String login(String userId, Duration lifetime) {
		String token = UUID.randomUUID().toString().replace("-", "");
		long now = Instant.now().toEpochMilli();
		String json = "{\"userId\":\"" + userId + "\",\"username\":\"user" + userId + "\",\"roles\":[\"USER\"],"
				+ "\"issuedAt\":" + now + ",\"expiresAt\":" + (now + lifetime.toMillis()) + "}";
		String reply = redis.command("SET " + SessionKeys.of(token) + " '" + json + "' EX 1800");
		if (!"+OK".equals(reply)) {
			throw new IllegalStateException("could not store session: " + reply);
		}
		return token;
	}

	/**
	 * Stores this value (without single quotes) as a session, whatever it is, and returns
	 * its token.
	 */
	static String storeSession(String value) {
		String token = UUID.randomUUID().toString().replace("-", "");
		String reply = redis.command("SET " + SessionKeys.of(token) + " '" + value + "' EX 1800");
		if (!"+OK".equals(reply)) {
			throw new IllegalStateException("could not store session: " + reply);
		}
		return token;
	}

	static String login(String userId) {
		return login(userId, Duration.ofHours(1));
	}

	static List<String> ttlOf(String token) {
		return List.of(redis.command("TTL " + SessionKeys.of(token)));
	}

}
