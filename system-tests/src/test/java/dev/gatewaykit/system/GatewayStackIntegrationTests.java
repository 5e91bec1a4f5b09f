package dev.gatewaykit.system;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import dev.gatewaykit.common.IdentityHeaders;
import dev.gatewaykit.common.RelayClaims;
import dev.gatewaykit.common.relay.RelayKeys;
import dev.gatewaykit.common.relay.RelayTokenSigner;
import dev.gatewaykit.launcher.FreePorts;
import dev.gatewaykit.launcher.RedisServer;
import dev.gatewaykit.launcher.ServerProcess;
import dev.gatewaykit.launcher.ServiceProcess;
import dev.gatewaykit.system.HttpJson.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kit end to end, as a user meets it: a real redis-server and the packaged
 * auth-service, mall-api and gateway jars as processes, driven over HTTP. Every test runs
 * against both gateway profiles. Redis, auth-service and mall-api are started once for
 * the class (two cores: three JVMs are the budget), the gateway once per profile.
 */
@ParameterizedClass(name = "gateway profile {0}")
@CsvSource({ "naive, blocking, ant", "fixed, reactive, path-pattern" })
class GatewayStackIntegrationTests {

	// The tests' own secrets, given to every service that shares one: the stack must be
	// wired by configuration, not by the services happening to ship the same dev
	// defaults.
	private static final String GATEWAY_CLIENT_SECRET = "system-tests-gateway-client-secret";

	private static final int CATALOGUE_SIZE = 200;

	private static final HttpJson http = new HttpJson();

	private static RedisServer redis;

	private static ServiceProcess authService;

	private static ServiceProcess mallApi;

	private static ServiceProcess gateway;

	private static URI management;

	private static List<DemoUser> demoUsers;

	@Parameter(0)
	String profile;

	/** The execution mode the profile selects. */
	@Parameter(1)
	String profileMode;

	/** The public-path matcher the profile selects. */
	@Parameter(2)
	String profilePublicPathsMatcher;

	@BeforeAll
	static void startBackends() throws Exception {
		redis = RedisServer.start();
		Path csv = PackagedServices.OUTPUT.resolve("demo-users.csv");
		Files.deleteIfExists(csv);
		authService = PackagedServices.authService(redis, csv, GATEWAY_CLIENT_SECRET);
		mallApi = PackagedServices.mallApi(redis, CATALOGUE_SIZE);
		// Both report healthy only when usable: auth-service once the demo users and
		// their CSV are written, mall-api once the catalogue is seeded (503 until then).
		authService.awaitHealthy(PackagedServices.STARTUP);
		mallApi.awaitHealthy(PackagedServices.STARTUP);
		demoUsers = DemoUser.read(csv);
		assertThat(demoUsers).as("demo users in %s", csv).hasSize(20);
	}

	@BeforeParameterizedClassInvocation
	static void startGateway(String profile) {
		int managementPort = FreePorts.next();
		management = URI.create("http://127.0.0.1:" + managementPort);
		gateway = PackagedServices.gateway(profile, managementPort, redis, authService, mallApi, GATEWAY_CLIENT_SECRET)
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

	@Test
	void logsInThroughTheGatewayAndReadsAProduct() {
		String token = login(demoUsers.get(0));

		Response response = http.get(gatewayUri("/api/mall/products/1"), "Authorization", "Bearer " + token);

		assertStatus(response, 200);
		JsonNode product = response.json();
		assertThat(product.path("id").asLong()).isEqualTo(1);
		assertThat(product.path("name").asString()).isNotBlank();
	}

	@Test
	void listsAPageOfProducts() {
		String token = login(demoUsers.get(0));

		Response response = http.get(gatewayUri("/api/mall/products?page=0&size=5"), "Authorization",
				"Bearer " + token);

		assertStatus(response, 200);
		JsonNode page = response.json();
		assertThat(page.path("total").asLong()).isEqualTo(CATALOGUE_SIZE);
		assertThat(page.path("items").valueStream().map((item) -> item.path("id").asLong())).containsExactly(1L, 2L, 3L,
				4L, 5L);
	}

	@Test
	void refusesARequestWithoutABearerToken() {
		Response response = http.get(gatewayUri("/api/mall/products/1"));

		assertError(response, 401, "unauthorized");
		assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
	}

	@ParameterizedTest
	@ValueSource(strings = { "Bearer no-such-session-0123456789abcdef", "Bearer {\"not\":\"a token\"}",
			"Basic dXNlcjAwMDE6cGFzc3dvcmQ=" })
	void refusesAnAuthorizationThatIsNotASession(String authorization) {
		Response response = http.get(gatewayUri("/api/mall/products/1"), "Authorization", authorization);

		assertError(response, 401, "unauthorized");
	}

	@Test
	void refusesALoginWithAWrongPassword() {
		// Not the user the other tests log in as: failures count towards a lockout (5
		// within 15 minutes).
		DemoUser user = demoUsers.get(demoUsers.size() - 1);

		Response response = http.postJson(gatewayUri("/api/auth/oauth/token"),
				Map.of("username", user.username(), "password", user.password() + "-wrong"));

		assertError(response, 401, "invalid_grant");
	}

	@Test
	void refusesForgedIdentityHeadersWithoutABearerToken() {
		Response response = http.get(gatewayUri("/api/mall/products/1"), IdentityHeaders.RELAY_TOKEN,
				forgedRelayToken(), IdentityHeaders.USER_ID, "1", IdentityHeaders.USER_NAME,
				demoUsers.get(0).username());

		// The gateway's refusal (it names the bearer token), not mall-api's (which would
		// name the relay token).
		assertThat(assertError(response, 401, "unauthorized").path("message").asString()).contains("bearer token");
	}

	@Test
	void replacesAForgedRelayTokenWithItsOwn() {
		String token = login(demoUsers.get(0));

		// mall-api refuses the forged token (see mallApiRefusesAForgedRelayToken), so a
		// 200 means it never got it.
		Response response = http.get(gatewayUri("/api/mall/products/3"), "Authorization", "Bearer " + token,
				IdentityHeaders.RELAY_TOKEN, forgedRelayToken(), IdentityHeaders.USER_ID, "1");

		assertStatus(response, 200);
		assertThat(response.json().path("id").asLong()).isEqualTo(3);
	}

	@Test
	void mallApiRefusesAForgedRelayToken() {
		Response response = http.get(mallApi.baseUri().resolve("/products/1"), IdentityHeaders.RELAY_TOKEN,
				forgedRelayToken(), IdentityHeaders.USER_ID, "1");

		assertError(response, 401, "unauthorized");
	}

	@Test
	void mallApiRefusesARequestWithoutARelayToken() {
		Response response = http.get(mallApi.baseUri().resolve("/products/1"), IdentityHeaders.USER_ID, "1");

		assertError(response, 401, "unauthorized");
	}

	@Test
	void mallApiAcceptsARelayTokenSignedWithTheSharedSecret() {
		// The control for the two refusals above: they fail for the signature, not for
		// the token's shape.
		String token = TestRelayKeys.signer().sign(claims());

		Response response = http.get(mallApi.baseUri().resolve("/products/1"), IdentityHeaders.RELAY_TOKEN, token);

		assertStatus(response, 200);
	}

	@Test
	void reportsTheModeItsProfileSelectsAndItsThreadPools() {
		JsonNode kit = kit();

		assertThat(kit.path("mode").asString()).as("mode of the %s gateway", this.profile).isEqualTo(this.profileMode);
		assertThat(kit.path("publicPathsMatcher").asString()).as("public-paths matcher of the %s gateway", this.profile)
			.isEqualTo(this.profilePublicPathsMatcher);
		assertThat(kit.path("logStyle").asString()).as("log style of the %s gateway", this.profile)
			.isEqualTo(this.profile);
		assertThat(kit.path("availableProcessors").asInt()).isPositive();
		// Reactor's defaults: max(cores, 4) event loops, cores parallel threads, 10 ×
		// cores bounded-elastic ones.
		assertThat(kit.path("eventLoopThreads").asInt()).isGreaterThanOrEqualTo(4);
		assertThat(kit.path("parallelThreads").asInt()).isPositive();
		assertThat(kit.path("boundedElasticThreads").asInt()).isPositive();
	}

	@Test
	void switchesTheExecutionModeAtRunTime() {
		String token = login(demoUsers.get(0));
		try {
			Response switched = http.postJson(kitUri(), Map.of("mode", "bounded-elastic"), "Authorization",
					PackagedServices.MANAGEMENT.authorization());

			assertStatus(switched, 200);
			assertThat(switched.json().path("previous").asString()).as("mode of the %s gateway", this.profile)
				.isEqualTo(this.profileMode);
			assertThat(switched.json().path("mode").asString()).isEqualTo("bounded-elastic");
			assertThat(kit().path("mode").asString()).isEqualTo("bounded-elastic");
			Response product = http.get(gatewayUri("/api/mall/products/2"), "Authorization", "Bearer " + token);
			assertStatus(product, 200);
			assertThat(product.json().path("id").asLong()).isEqualTo(2);
		}
		finally {
			// The gateway is shared by this profile's tests; leave it as the profile made
			// it.
			assertStatus(http.postJson(kitUri(), Map.of("mode", this.profileMode), "Authorization",
					PackagedServices.MANAGEMENT.authorization()), 200);
		}
	}

	@Test
	void rejectsAnUnknownExecutionMode() {
		Response response = http.postJson(kitUri(), Map.of("mode", "turbo"), "Authorization",
				PackagedServices.MANAGEMENT.authorization());

		assertStatus(response, 400);
		assertThat(kit().path("mode").asString()).isEqualTo(this.profileMode);
	}

	@Test
	void doesNotExposeTheActuatorOnTheMainPort() {
		String token = login(demoUsers.get(0));

		Response anonymous = http.get(gatewayUri("/actuator/kit"));
		Response authenticated = http.get(gatewayUri("/actuator/kit"), "Authorization", "Bearer " + token);
		Response switchAttempt = http.postJson(gatewayUri("/actuator/kit"), Map.of("mode", "publish-on"),
				"Authorization", "Bearer " + token);

		for (Response response : List.of(anonymous, authenticated, switchAttempt)) {
			assertThat(response.status()).as("%s", response).isIn(401, 404);
			assertThat(response.body()).as("%s", response).doesNotContain("eventLoopThreads");
		}
		assertThat(kit().path("mode").asString()).isEqualTo(this.profileMode);
	}

	private static String login(DemoUser user) {
		Response response = http.postJson(gatewayUri("/api/auth/oauth/token"),
				Map.of("username", user.username(), "password", user.password()));
		assertStatus(response, 200);
		assertThat(response.json().path("token_type").asString()).isEqualTo("Bearer");
		String token = response.json().path("access_token").asString();
		assertThat(token).as("access_token in %s", response).isNotBlank();
		return token;
	}

	private static JsonNode kit() {
		Response response = http.get(kitUri());
		assertStatus(response, 200);
		return response.json();
	}

	/**
	 * A well-formed relay token for user 1, with auth-service's key id but signed with a
	 * private key that is not auth-service's.
	 */
	private static String forgedRelayToken() {
		return new RelayTokenSigner(TestRelayKeys.KEY_ID, RelayKeys.generate().getPrivate()).sign(claims());
	}

	private static RelayClaims claims() {
		Instant now = Instant.now();
		return new RelayClaims("1", demoUsers.get(0).username(), List.of("USER"), now, now.plusSeconds(60));
	}

	private static URI gatewayUri(String pathAndQuery) {
		return gateway.baseUri().resolve(pathAndQuery);
	}

	private static URI kitUri() {
		return management.resolve("/actuator/kit");
	}

	private static void assertStatus(Response response, int status) {
		assertThat(response.status()).as("%s", response).isEqualTo(status);
	}

	/**
	 * Asserts the kit's JSON error shape, {@code {"status":..,"error":..,"message":..}},
	 * and returns it.
	 */
	private static JsonNode assertError(Response response, int status, String error) {
		assertStatus(response, status);
		assertThat(response.isJson()).as("JSON content type: %s", response).isTrue();
		JsonNode body = response.json();
		assertThat(body.path("status").asInt()).as("%s", response).isEqualTo(status);
		assertThat(body.path("error").asString()).as("%s", response).isEqualTo(error);
		assertThat(body.path("message").asString()).as("%s", response).isNotBlank();
		return body;
	}

	private static void stop(ServerProcess process) {
		if (process != null) {
			process.close();
		}
	}

}
