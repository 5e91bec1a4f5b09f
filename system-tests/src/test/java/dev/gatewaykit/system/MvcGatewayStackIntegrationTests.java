package dev.gatewaykit.system;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.bench.model.PrometheusText;
import dev.gatewaykit.common.mode.MvcMode;
import dev.gatewaykit.common.session.SessionEndpoints;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.system.HttpJson.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged gateway-mvc jar as the kit starts it for {@code ./kit bench --modes
 * mvc-platform,mvc-virtual} ({@link PackagedServices#mvcGateway}: the launcher's gateway
 * description, the JDK 21+ it finds, the mode's profile) in front of a real redis-server
 * and the packaged auth-service and mall-api. gateway-mvc has no login route yet, so the
 * test logs in at auth-service itself; everything else goes through the gateway.
 */
@ParameterizedClass(name = "gateway-mvc {0}")
@EnumSource(MvcMode.class)
class MvcGatewayStackIntegrationTests {

	private static final String GATEWAY_CLIENT_SECRET = "system-tests-gateway-client-secret";

	private static final HttpJson http = new HttpJson();

	private static RedisServer redis;

	private static ServiceProcess authService;

	private static ServiceProcess mallApi;

	private static ServiceProcess gateway;

	private static URI management;

	private static List<DemoUser> demoUsers;

	@Parameter
	MvcMode mode;

	@BeforeAll
	static void startBackends() throws Exception {
		redis = RedisServer.start();
		Path csv = PackagedServices.OUTPUT.resolve("demo-users-mvc.csv");
		Files.deleteIfExists(csv);
		authService = PackagedServices.authService(redis, csv, GATEWAY_CLIENT_SECRET);
		mallApi = PackagedServices.mallApi(redis, 20);
		authService.awaitHealthy(PackagedServices.STARTUP);
		mallApi.awaitHealthy(PackagedServices.STARTUP);
		demoUsers = DemoUser.read(csv);
	}

	@BeforeParameterizedClassInvocation
	static void startGateway(MvcMode mode) {
		int managementPort = FreePorts.next();
		management = URI.create("http://127.0.0.1:" + managementPort);
		gateway = PackagedServices.mvcGateway(mode, managementPort, redis, authService, mallApi, GATEWAY_CLIENT_SECRET)
			.awaitHealthy(PackagedServices.STARTUP);
	}

	@AfterParameterizedClassInvocation
	static void stopGateway() {
		stop(gateway);
		gateway = null;
	}

	@AfterAll
	static void stopBackends() {
		stop(mallApi);
		stop(authService);
		stop(redis);
	}

	/** The facts the bench saves as gateway.json, from the mode the kit asked for. */
	@Test
	void answersItsModeAndThreadsOnTheManagementPort() {
		Response response = http.get(management.resolve("/actuator/kit"));

		assertStatus(response, 200);
		JsonNode kit = response.json();
		assertThat(kit.path("mode").asString()).isEqualTo(this.mode.id());
		assertThat(kit.path("carrierThreads").asInt()).isPositive();
		if (this.mode == MvcMode.PLATFORM) {
			assertThat(kit.path("tomcatThreads").asInt()).isEqualTo(200);
		}
		else {
			assertThat(kit.path("tomcatThreads").isNull()).as("%s", kit).isTrue();
		}
	}

	@Test
	void forwardsAnAuthenticatedRequestWithARelayTokenMallApiAccepts() {
		String token = login(demoUsers.get(0));

		Response response = http.get(gateway.baseUri().resolve("/api/mall/products/1"), "Authorization",
				"Bearer " + token);

		assertStatus(response, 200);
		assertThat(response.json().path("id").asLong()).isEqualTo(1);
	}

	@Test
	void refusesARequestWithoutABearerToken() {
		assertStatus(http.get(gateway.baseUri().resolve("/api/mall/products/1")), 401);
	}

	/**
	 * The mode's own pool has the CPU of a request: on a fixed port Tomcat names its
	 * threads after the address and port ({@code http-nio-127.0.0.1-PORT-exec-N}), which
	 * the meter's prefix must match, and the bench's hold time reads this meter.
	 */
	@Test
	void countsTheRequestsCpuInTheModesPool() {
		String token = login(demoUsers.get(1));
		for (int i = 0; i < 20; i++) {
			assertStatus(
					http.get(gateway.baseUri().resolve("/api/mall/products/2"), "Authorization", "Bearer " + token),
					200);
		}

		Response response = http.get(management.resolve("/actuator/prometheus"));

		assertStatus(response, 200);
		PrometheusText scrape = PrometheusText.parse(response.body());
		String pool = (this.mode == MvcMode.PLATFORM) ? "tomcat" : "carrier";
		double cpu = scrape.sum("kit_thread_cpu_seconds_total", Map.of("pool", pool)).orElse(0);
		assertThat(cpu).as("kit_thread_cpu_seconds_total{pool=%s}", pool).isPositive();
		assertThat(scrape.sum("kit_requests_total").orElse(0)).isGreaterThanOrEqualTo(20);
	}

	private static String login(DemoUser user) {
		Response response = http.postJson(authService.baseUri().resolve(SessionEndpoints.LOGIN),
				Map.of("username", user.username(), "password", user.password()));
		assertStatus(response, 200);
		String token = response.json().path("access_token").asString();
		assertThat(token).as("access_token in %s", response).isNotBlank();
		return token;
	}

	private static void assertStatus(Response response, int status) {
		assertThat(response.status()).as("%s", response).isEqualTo(status);
	}

	private static void stop(ServerProcess process) {
		if (process != null) {
			process.close();
		}
	}

}
