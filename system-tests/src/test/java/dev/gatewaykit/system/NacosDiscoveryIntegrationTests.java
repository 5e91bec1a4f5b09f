package dev.gatewaykit.system;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.nacos.RnacosServer;
import dev.gatewaykit.system.HttpJson.Response;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The {@code nacos} discovery mode end to end, against a real Nacos-compatible server
 * (rnacos): every service registers, the gateway routes {@code lb://} over two mall-api
 * instances, knobs change at run time from Nacos config, a killed instance is dropped
 * without failed reads, and routing survives Nacos going away.
 * <p>
 * The tests share one stack and run in order: the last two take an instance and then
 * Nacos away.
 */
@TestMethodOrder(OrderAnnotation.class)
class NacosDiscoveryIntegrationTests {

	private static final String GATEWAY_CLIENT_SECRET = "system-tests-gateway-client-secret";

	private static final String CONFIG = "gateway.yaml";

	/**
	 * How long a config push may take to show; rnacos pushes within milliseconds, the
	 * refresh takes ~100 ms.
	 */
	private static final Duration CONFIG_DEADLINE = Duration.ofSeconds(15);

	/**
	 * The documented bound for dropping a dead instance: Nacos notices a killed process
	 * at once (its connection closes) and pushes the change; the gateway's LoadBalancer
	 * cache lives 5 s (application-nacos.yml).
	 */
	private static final Duration DROP_BOUND = Duration.ofSeconds(8);

	private static final HttpJson http = new HttpJson();

	private static RedisServer redis;

	private static RnacosServer nacos;

	private static ServiceProcess authService;

	private static ServiceProcess mallApi1;

	private static ServiceProcess mallApi2;

	private static ServiceProcess gateway;

	private static URI management;

	private static String token;

	private static DemoUser user;

	@BeforeAll
	static void startStack() throws Exception {
		if (RnacosServer.find().isEmpty()) {
			// A missing tool fails, never skips: a skipped test reads as a passed one.
			// `./kit test` installs it.
			fail(RnacosServer.missingMessage());
		}
		redis = RedisServer.start();
		nacos = RnacosServer.start();
		String addr = nacos.serverAddr();
		Path csv = PackagedServices.OUTPUT.resolve("nacos-demo-users.csv");
		Files.deleteIfExists(csv);
		authService = PackagedServices
			.withNacos(PackagedServices.authServiceBuilder("auth-service-nacos", redis, csv, GATEWAY_CLIENT_SECRET),
					"nacos", addr)
			.start();
		mallApi1 = PackagedServices.withNacos(PackagedServices.mallApiBuilder(redis, 50, "mall-api-1"), "nacos", addr)
			.start();
		mallApi2 = PackagedServices.withNacos(PackagedServices.mallApiBuilder(redis, 50, "mall-api-2"), "nacos", addr)
			.start();
		authService.awaitHealthy(PackagedServices.STARTUP);
		mallApi1.awaitHealthy(PackagedServices.STARTUP);
		mallApi2.awaitHealthy(PackagedServices.STARTUP);
		await("mall-api x2 and auth-service registered", Duration.ofSeconds(30),
				() -> nacos.instancePorts("mall-api").size() == 2 && nacos.instancePorts("auth-service").size() == 1);
		int managementPort = FreePorts.next();
		management = URI.create("http://127.0.0.1:" + managementPort);
		gateway = PackagedServices.nacosGateway(managementPort, redis, authService, addr, GATEWAY_CLIENT_SECRET)
			.awaitHealthy(PackagedServices.STARTUP);
		user = DemoUser.read(csv).get(0);
		token = login();
	}

	@AfterAll
	static void stopStack() {
		for (ServerProcess process : new ServerProcess[] { gateway, mallApi2, mallApi1, authService, nacos, redis }) {
			if (process != null) {
				process.close();
			}
		}
	}

	@Test
	@Order(1)
	void everyServiceRegistersWithItsOwnPort() {
		assertThat(nacos.instancePorts("mall-api")).containsExactlyInAnyOrder(mallApi1.port(), mallApi2.port());
		assertThat(nacos.instancePorts("auth-service")).containsExactly(authService.port());
		await("gateway registered", Duration.ofSeconds(10),
				() -> nacos.instancePorts("gateway").contains(gateway.port()));
	}

	@Test
	@Order(2)
	void readsSpreadOverBothMallApiInstances() {
		Map<Integer, Long> before = loadBalancerChoices();
		for (int id = 1; id <= 20; id++) {
			assertStatus(readProduct(id), 200);
		}
		Map<Integer, Long> after = loadBalancerChoices();
		long first = after.getOrDefault(mallApi1.port(), 0L) - before.getOrDefault(mallApi1.port(), 0L);
		long second = after.getOrDefault(mallApi2.port(), 0L) - before.getOrDefault(mallApi2.port(), 0L);
		// Round robin: 10 and 10; a little slack for the order the instance list arrives
		// in.
		assertThat(first).as("reads to mall-api-1 (%s)", after).isBetween(5L, 15L);
		assertThat(second).as("reads to mall-api-2 (%s)", after).isBetween(5L, 15L);
		assertThat(first + second).isEqualTo(20);
	}

	@Test
	@Order(3)
	void executionModeAndLogLevelChangeFromNacosConfigWithoutARestart() {
		nacos.publishYaml(CONFIG, """
				kit.gateway.mode: blocking
				logging.level.dev.gatewaykit.gateway.filter: DEBUG
				""");
		await("mode blocking", CONFIG_DEADLINE, () -> "blocking".equals(kit().path("mode").asString()));
		// Spring Cloud's LoggingRebinder handles the same refresh event, right after or
		// before the mode.
		await("logger level DEBUG", CONFIG_DEADLINE,
				() -> "DEBUG".equals(loggerLevel("dev.gatewaykit.gateway.filter")));
		assertStatus(readProduct(3), 200);

		nacos.publishYaml(CONFIG, "kit.gateway.mode: reactive\n");
		await("mode reactive", CONFIG_DEADLINE, () -> "reactive".equals(kit().path("mode").asString()));
		assertStatus(readProduct(4), 200);
		assertThat(gateway.isAlive()).isTrue();
	}

	@Test
	@Order(4)
	void publicPathsChangeFromNacosConfigIsSeenByTheNextRequest() {
		nacos.publishYaml(CONFIG, "kit.gateway.public-paths: [/actuator/health]\n");
		await("public paths without the login path", CONFIG_DEADLINE,
				() -> !kit().path("publicPaths").toString().contains("oauth"));

		Response refused = http.postJson(gatewayUri("/api/auth/oauth/token"),
				Map.of("username", user.username(), "password", user.password()));
		assertStatus(refused, 401);
		assertThat(refused.isJson()).as("JSON error body: %s", refused).isTrue();

		nacos.publishYaml(CONFIG, "kit.gateway.public-paths: [/api/auth/oauth/token, /actuator/health]\n");
		await("login path public again", CONFIG_DEADLINE, () -> kit().path("publicPaths").toString().contains("oauth"));
		assertThat(login()).isNotBlank();
	}

	@Test
	@Order(5)
	void aModeThatDoesNotExistIsRefusedAndTheGatewayKeepsServing() {
		nacos.publishYaml(CONFIG, "kit.gateway.mode: blocking\n");
		await("mode blocking", CONFIG_DEADLINE, () -> "blocking".equals(kit().path("mode").asString()));
		double errorsBefore = loggedErrors();
		// The probe logger level travels in the same refresh: once it shows, the bad mode
		// has been handled.
		nacos.publishYaml(CONFIG, """
				kit.gateway.mode: turbo
				logging.level.dev.gatewaykit.probe: WARN
				""");
		await("refresh applied", CONFIG_DEADLINE, () -> "WARN".equals(loggerLevel("dev.gatewaykit.probe")));

		assertThat(kit().path("mode").asString()).isEqualTo("blocking");
		assertStatus(readProduct(5), 200);
		// The refusal is logged at ERROR (the log file is written asynchronously;
		// Logback's event counter is not).
		assertThat(loggedErrors()).isGreaterThan(errorsBefore);
		// Leave Nacos with a config a restarting gateway can start from (a bad one fails
		// its start-up, by design).
		nacos.publishYaml(CONFIG, "kit.gateway.mode: reactive\n");
		await("mode reactive", CONFIG_DEADLINE, () -> "reactive".equals(kit().path("mode").asString()));
	}

	@Test
	@Order(6)
	void aKilledInstanceIsDroppedWithinTheBoundAndNoReadFails() {
		mallApi2.kill();
		long killed = System.nanoTime();
		await("mall-api-2 gone from Nacos", Duration.ofSeconds(30),
				() -> !nacos.instancePorts("mall-api").contains(mallApi2.port()));
		Duration deregistered = Duration.ofNanos(System.nanoTime() - killed);

		// Until the gateway's instance list catches up, reads that pick the dead instance
		// are retried on the live one (Retry on IOException for GETs): none may fail.
		int id = 1;
		while (System.nanoTime() - killed < DROP_BOUND.toNanos()) {
			assertStatus(readProduct(id++ % 50 + 1), 200);
			pause(Duration.ofMillis(100));
		}
		Map<Integer, Long> before = loadBalancerChoices();
		for (int i = 0; i < 20; i++) {
			assertStatus(readProduct(i + 1), 200);
		}
		Map<Integer, Long> after = loadBalancerChoices();
		assertThat(after.getOrDefault(mallApi2.port(), 0L))
			.as("choices of the dead instance %s s after the kill (deregistered after %s ms)", DROP_BOUND.toSeconds(),
					deregistered.toMillis())
			.isEqualTo(before.getOrDefault(mallApi2.port(), 0L));
		assertThat(after.get(mallApi1.port()) - before.get(mallApi1.port())).isEqualTo(20);
	}

	@Test
	@Order(7)
	void routingKeepsWorkingFromTheCachedInstancesWhileNacosIsDown() {
		nacos.close();
		assertThat(nacos.isAlive()).isFalse();
		// Past the LoadBalancer cache's 5 s, so the instance list really comes from the
		// Nacos client's own cache.
		pause(Duration.ofSeconds(6));

		assertThat(login()).isNotBlank();
		for (int id = 1; id <= 10; id++) {
			assertStatus(readProduct(id), 200);
		}
		assertThat(http.get(URI.create(management + "/actuator/health")).status()).isEqualTo(200);
	}

	// ------------------------------------------------------------------------------------------------
	// helpers

	private static String login() {
		Response response = http.postJson(gatewayUri("/api/auth/oauth/token"),
				Map.of("username", user.username(), "password", user.password()));
		assertStatus(response, 200);
		return response.json().path("access_token").asString();
	}

	private static Response readProduct(int id) {
		return http.get(gatewayUri("/api/mall/products/" + id), "Authorization", "Bearer " + token);
	}

	private static tools.jackson.databind.JsonNode kit() {
		Response response = http.get(URI.create(management + "/actuator/kit"));
		assertStatus(response, 200);
		return response.json();
	}

	/** The configured level, or {@code null} while the logger does not exist yet. */
	private static String loggerLevel(String logger) {
		Response response = http.get(URI.create(management + "/actuator/loggers/" + logger));
		if (response.status() == 404) {
			return null;
		}
		assertStatus(response, 200);
		return response.json().path("configuredLevel").asString();
	}

	private static Map<Integer, Long> loadBalancerChoices() {
		return GatewayMetrics.loadBalancerChoices(http, management, "mall-api");
	}

	/** Logback's count of ERROR events in the gateway, from its Prometheus endpoint. */
	private static double loggedErrors() {
		Response response = http.get(URI.create(management + "/actuator/prometheus"));
		assertStatus(response, 200);
		Matcher matcher = Pattern
			.compile("^logback_events_total\\{[^}]*level=\"error\"[^}]*\\} (\\S+)$", Pattern.MULTILINE)
			.matcher(response.body());
		assertThat(matcher.find()).as("logback_events_total{level=error} in the gateway's metrics").isTrue();
		return Double.parseDouble(matcher.group(1));
	}

	private static URI gatewayUri(String path) {
		return URI.create(gateway.baseUri() + path);
	}

	private static void assertStatus(Response response, int status) {
		assertThat(response.status()).as("%s", response).isEqualTo(status);
	}

	private static void await(String what, Duration timeout, BooleanSupplier condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				fail("not within " + timeout + ": " + what);
			}
			pause(Duration.ofMillis(100));
		}
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
