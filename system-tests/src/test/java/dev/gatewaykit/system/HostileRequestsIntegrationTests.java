package dev.gatewaykit.system;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import dev.gatewaykit.common.session.SessionKeys;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.launcher.Tools;
import dev.gatewaykit.launcher.nginx.NginxConfig;
import dev.gatewaykit.launcher.nginx.NginxServer;
import dev.gatewaykit.system.HttpJson.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The production template against the hostile requests of its security review, end to
 * end: the tuned nginx in front of the {@code fixed} gateway, the packaged auth-service
 * and mall-api, one real Redis. Each test is a request an attacker (or a careless client)
 * sends, and the answer the template must give: a 4xx that says what is wrong, never a
 * 2xx that should not be and never a 5xx. The units behind each answer have tests of
 * their own (docs/security.md lists them); this class checks that the parts, put together
 * as a user deploys them, still give it.
 * <p>
 * Requests that must look as if they came from a particular client address go to the
 * gateway's own port: from 127.0.0.1 the gateway believes the last
 * {@code X-Forwarded-For} entry, as it believes nginx's. Through nginx every client is
 * 127.0.0.1, since nginx writes the address it saw.
 */
class HostileRequestsIntegrationTests {

	private static final String GATEWAY_CLIENT_SECRET = "hostile-requests-gateway-client-secret";

	private static final HttpJson http = new HttpJson();

	private static RedisServer redis;

	private static ServiceProcess authService;

	private static ServiceProcess mallApi;

	private static ServiceProcess gateway;

	private static NginxServer nginx;

	private static List<DemoUser> users;

	@BeforeAll
	static void startTheStack() throws Exception {
		redis = RedisServer.start();
		Path csv = PackagedServices.OUTPUT.resolve("hostile-demo-users.csv");
		Files.deleteIfExists(csv);
		authService = PackagedServices.authService(redis, csv, GATEWAY_CLIENT_SECRET);
		mallApi = PackagedServices.mallApi(redis, 20);
		authService.awaitHealthy(PackagedServices.STARTUP);
		mallApi.awaitHealthy(PackagedServices.STARTUP);
		users = DemoUser.read(csv);
		gateway = PackagedServices
			.gateway("fixed", FreePorts.next(), redis, authService, mallApi, GATEWAY_CLIENT_SECRET)
			.awaitHealthy(PackagedServices.STARTUP);
		Path nginxBinary = Tools.onPath("nginx")
			.orElseThrow(() -> new IllegalStateException("nginx is not installed: apt-get install -y nginx"));
		nginx = NginxServer.start(nginxBinary, NginxConfig.Variant.TUNED, PackagedServices.workspace().nginxTemplates(),
				List.of(new NginxConfig.Upstream("127.0.0.1", gateway.port())),
				PackagedServices.OUTPUT.resolve("hostile-nginx"));
	}

	@AfterAll
	static void stopTheStack() {
		for (ServerProcess process : new ServerProcess[] { nginx, gateway, mallApi, authService, redis }) {
			if (process != null) {
				process.close();
			}
		}
	}

	@Test
	void nginxNamesNoVersionAndTheGatewayNoRateLimitBucket() {
		Response response = login(viaNginx(), users.get(0));

		assertThat(response.status()).as("%s", response).isEqualTo(200);
		assertThat(response.headers().firstValue("Server")).hasValue("nginx");
		assertThat(response.headers().map().keySet()).noneMatch((name) -> name.toLowerCase().startsWith("x-ratelimit"));
	}

	@Test
	void sixParallelCorrectLoginsOfOneUserAllSucceed() {
		DemoUser user = users.get(1);

		List<Integer> statuses = IntStream.range(0, 6)
			.mapToObj((i) -> CompletableFuture.supplyAsync(() -> login(viaNginx(), user).status()))
			.toList()
			.stream()
			.map(CompletableFuture::join)
			.toList();

		assertThat(statuses).containsOnly(200);
	}

	@Test
	void wrongPasswordsLockTheirClientOutNotTheUser() {
		DemoUser user = users.get(2);
		DemoUser guess = new DemoUser(user.username(), "wrong-" + user.password());
		for (int i = 0; i < 5; i++) {
			// The fifth failure locks, and says so.
			assertThat(login(gatewayDirect(), guess, "X-Forwarded-For", "198.51.100.1").status()).isIn(401, 423);
		}

		Response attacker = login(gatewayDirect(), user, "X-Forwarded-For", "198.51.100.1");
		Response owner = login(gatewayDirect(), user, "X-Forwarded-For", "203.0.113.9");

		assertThat(attacker.status()).as("%s", attacker).isEqualTo(423);
		assertThat(attacker.headers().firstValue("Retry-After")).isPresent();
		assertThat(owner.status()).as("%s", owner).isEqualTo(200);
	}

	@Test
	void aHostNameInForwardedForIsNoAddressAndIsNotLookedUp() {
		List<Response> answers = IntStream.range(0, 4)
			.mapToObj((i) -> CompletableFuture
				.supplyAsync(() -> login(gatewayDirect(), users.get(3), "X-Forwarded-For", "dead.beef.cafe" + i)))
			.toList()
			.stream()
			.map(CompletableFuture::join)
			.toList();

		assertThat(answers).allSatisfy((answer) -> assertThat(answer.status()).as("%s", answer).isEqualTo(200));
	}

	@Test
	void basicCredentialsOnTheLoginAreNeitherCheckedNorAnswered() {
		Response response = login(viaNginx(), users.get(4), "Authorization", "Basic Z2F0ZXdheTpndWVzcw==");

		assertThat(response.status()).as("%s", response).isEqualTo(200);
		assertThat(response.headers().firstValue("WWW-Authenticate")).isEmpty();
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "POST, /api/auth/oauth/relay-token", "GET, /api/auth/oauth/relay-token",
			"GET, /api/auth/actuator/health", "GET, /api/auth/oauth/token", "GET, /api/mall/error",
			"GET, /api/mall/ERROR", "GET, /api/mall/actuator/prometheus" })
	void routesNothingButTheSessionEndpointsAndTheApi(String method, String path) {
		String token = token(users.get(5));

		Response response = http.send(method, viaNginx().resolve(path), "Authorization", "Bearer " + token,
				"Content-Type", "application/json");

		assertThat(response.status()).as("%s", response).isIn(404, 405);
		assertThat(response.isJson()).as("%s", response).isTrue();
	}

	@Test
	void aRevokedTokenIsRefusedFromTheNextRequestOn() {
		String token = token(users.get(6));
		assertThat(product(token).status()).isEqualTo(200);

		Response revoked = http.send("POST", viaNginx().resolve("/api/auth/oauth/revoke"), "Authorization",
				"Bearer " + token);

		assertThat(revoked.status()).as("%s", revoked).isEqualTo(204);
		assertThat(product(token).status()).isEqualTo(401);
		Response again = http.send("POST", viaNginx().resolve("/api/auth/oauth/revoke"), "Authorization",
				"Bearer " + token);
		assertThat(again.status()).as("%s", again).isEqualTo(401);
	}

	@Test
	void revokeAllEndsEverySessionOfTheUser() {
		DemoUser user = users.get(7);
		String laptop = token(user);
		String phone = token(user);
		String someoneElse = token(users.get(8));

		Response revoked = http.send("POST", viaNginx().resolve("/api/auth/oauth/revoke-all"), "Authorization",
				"Bearer " + phone);

		assertThat(revoked.status()).as("%s", revoked).isEqualTo(204);
		assertThat(product(laptop).status()).isEqualTo(401);
		assertThat(product(phone).status()).isEqualTo(401);
		assertThat(product(someoneElse).status()).isEqualTo(200);
	}

	@Test
	void malformedSessionDataReadsAsNoSession() {
		String token = token(users.get(9));
		assertThat(redis.command("SET " + SessionKeys.of(token) + " null")).isEqualTo("+OK");

		Response response = product(token);

		assertThat(response.status()).as("%s", response).isEqualTo(401);
	}

	@Test
	void managementWritesWithAParameterInThePathStillNeedCredentials() {
		URI management = URI.create("http://127.0.0.1:" + gateway.managementPort());

		Response response = http.send("POST", management.resolve("/actuator;a=b/kit"), "Content-Type",
				"application/json");

		assertThat(response.status()).as("%s", response).isIn(400, 401);
	}

	private static Response product(String token) {
		return http.get(viaNginx().resolve("/api/mall/products/1"), "Authorization", "Bearer " + token);
	}

	private static String token(DemoUser user) {
		Response response = login(viaNginx(), user);
		assertThat(response.status()).as("%s", response).isEqualTo(200);
		return response.json().path("access_token").asString();
	}

	private static Response login(URI base, DemoUser user, String... headers) {
		return http.postJson(base.resolve("/api/auth/oauth/token"),
				Map.of("username", user.username(), "password", user.password()), headers);
	}

	private static URI viaNginx() {
		return nginx.url();
	}

	private static URI gatewayDirect() {
		return gateway.baseUri();
	}

}
