package dev.gatewaykit.system;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.system.HttpJson.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several mall-api instances without Nacos, the way {@code ./kit up --mall-apis 2} wires
 * them: the gateway balances {@code lb://mall-api} over Spring Cloud's simple discovery
 * client. (nginx spreading over several gateways is tested with real nginx in the gatling
 * module; the Nacos case in {@link NacosDiscoveryIntegrationTests}.)
 */
class StaticDiscoverySpreadIntegrationTests {

	private static final String GATEWAY_CLIENT_SECRET = "system-tests-gateway-client-secret";

	private static final HttpJson http = new HttpJson();

	private static RedisServer redis;

	private static ServiceProcess authService;

	private static ServiceProcess mallApi1;

	private static ServiceProcess mallApi2;

	private static ServiceProcess gateway;

	private static URI management;

	private static DemoUser user;

	@BeforeAll
	static void startStack() throws Exception {
		redis = RedisServer.start();
		Path csv = PackagedServices.OUTPUT.resolve("static-lb-demo-users.csv");
		Files.deleteIfExists(csv);
		authService = PackagedServices.authServiceBuilder("auth-service-static-lb", redis, csv, GATEWAY_CLIENT_SECRET)
			.start();
		mallApi1 = PackagedServices.mallApiBuilder(redis, 50, "mall-api-static-1").start();
		mallApi2 = PackagedServices.mallApiBuilder(redis, 50, "mall-api-static-2").start();
		authService.awaitHealthy(PackagedServices.STARTUP);
		mallApi1.awaitHealthy(PackagedServices.STARTUP);
		mallApi2.awaitHealthy(PackagedServices.STARTUP);
		int managementPort = FreePorts.next();
		management = URI.create("http://127.0.0.1:" + managementPort);
		gateway = PackagedServices
			.staticGatewayOver(List.of(mallApi1, mallApi2), managementPort, redis, authService, GATEWAY_CLIENT_SECRET)
			.awaitHealthy(PackagedServices.STARTUP);
		user = DemoUser.read(csv).get(0);
	}

	@AfterAll
	static void stopStack() {
		for (ServerProcess process : new ServerProcess[] { gateway, mallApi2, mallApi1, authService, redis }) {
			if (process != null) {
				process.close();
			}
		}
	}

	@Test
	void readsSpreadOverBothInstancesAndSurviveOneDying() {
		Response login = http.postJson(URI.create(gateway.baseUri() + "/api/auth/oauth/token"),
				Map.of("username", user.username(), "password", user.password()));
		assertThat(login.status()).as("%s", login).isEqualTo(200);
		String token = login.json().path("access_token").asString();

		for (int id = 1; id <= 20; id++) {
			assertThat(read(token, id).status()).isEqualTo(200);
		}
		Map<Integer, Long> choices = GatewayMetrics.loadBalancerChoices(http, management, "mall-api");
		assertThat(choices.getOrDefault(mallApi1.port(), 0L)).as("%s", choices).isEqualTo(10);
		assertThat(choices.getOrDefault(mallApi2.port(), 0L)).as("%s", choices).isEqualTo(10);

		// A static list cannot drop a dead instance; the retry on I/O errors keeps reads
		// from failing anyway.
		mallApi2.kill();
		for (int id = 1; id <= 20; id++) {
			Response response = read(token, id);
			assertThat(response.status()).as("%s", response).isEqualTo(200);
		}
	}

	private static Response read(String token, int id) {
		return http.get(URI.create(gateway.baseUri() + "/api/mall/products/" + id), "Authorization", "Bearer " + token);
	}

}
