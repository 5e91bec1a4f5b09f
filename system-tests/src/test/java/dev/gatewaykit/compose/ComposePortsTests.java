package dev.gatewaykit.compose;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every port and path the compose file relies on is one the service really uses: the
 * Spring Boot services' ports and actuator exposure are read from their
 * {@code application.yml}, and followed through toxiproxy's proxies, the gateway's static
 * routes and nginx's upstream. A service moved to another port breaks a check here
 * instead of a healthcheck that never turns green.
 */
class ComposePortsTests {

	private static final Pattern LOCAL_URL = Pattern.compile("https?://127\\.0\\.0\\.1(?::\\d+)?/\\S*");

	private final ComposeProject compose = ComposeProject.load();

	@Test
	void bootServicesExposeTheirServerPortAndProbeTheActuatorTheyServe() {
		assertThat(bootServiceProblems(this.compose)).isEmpty();
	}

	@Test
	void aWrongPortOrPathWouldFailTheCheck() {
		ComposeProject broken = this.compose.copy();
		broken.service("mall-api").put("expose", List.of("8081"));
		Map<String, Object> healthcheck = ComposeProject.map(broken.service("auth-service").get("healthcheck"));
		healthcheck.put("test", List.of("CMD", "curl", "-fsS", "http://127.0.0.1:8081/health"));
		ComposeProject.map(broken.service("gateway").get("healthcheck"))
			.put("test", List.of("CMD", "curl", "-fsS", "http://127.0.0.1:8080/actuator/health"));
		assertThat(bootServiceProblems(broken)).containsExactlyInAnyOrder(
				"mall-api: exposes [8081], but server.port is 8082",
				"auth-service: healthcheck probes /health, not /actuator/health",
				"gateway: healthcheck probes port 8080, but the actuator listens on 8081");
	}

	@Test
	void theGatewaysLinksGoThroughToxiproxyToTheRealPorts() {
		JsonNode proxies = JsonMapper.builder()
			.build()
			.readTree(this.compose.root.resolve("docker/toxiproxy/toxiproxy.json").toFile());
		Map<String, String> gateway = ComposeProject.environment(this.compose.service("gateway"));
		assertThat(upstream(proxies, "auth")).isEqualTo("auth-service:" + serverPort("auth-service"));
		assertThat(upstream(proxies, "redis")).isEqualTo("redis:6379");
		assertThat(gateway).containsEntry("SPRING_DATA_REDIS_HOST", "toxiproxy")
			.containsEntry("SPRING_DATA_REDIS_PORT", port(listen(proxies, "redis")))
			.containsEntry("KIT_GATEWAY_AUTHSERVICE_URL", "http://toxiproxy:" + port(listen(proxies, "auth")));
		assertThat(ComposeProject.healthcheck(this.compose.service("toxiproxy"))).contains("auth");
	}

	@Test
	void theStaticRoutesPointAtTheServicesPorts() {
		Map<String, Object> routes = ComposeProject.map(
				ComposeProject
					.map(ComposeProject.parse(this.compose.root.resolve("docker/config/gateway/application-static.yml"))
						.get("kit"))
					.get("routes"));
		assertThat(routes).containsEntry("auth-uri", "http://auth-service:" + serverPort("auth-service"))
			.containsEntry("mall-uri", "http://mall-api:" + serverPort("mall-api"));
	}

	/**
	 * The gateway binds {@code server.address}, loopback unless told otherwise: in its
	 * container that would leave nginx, on the compose network, without a way in.
	 */
	@Test
	void theGatewayListensOnItsContainersNetwork() {
		assertThat(ComposeProject.environment(this.compose.service("gateway"))).containsEntry("SERVER_ADDRESS",
				"0.0.0.0");
		assertThat(ComposeProject.list(this.compose.service("gateway").get("ports"))).isEmpty();
	}

	@Test
	void nginxReachesEveryGatewayReplicaAndIsReachedOnItsListenPort() {
		Map<String, Object> nginx = this.compose.service("nginx");
		String published = ComposeProject.list(nginx.get("ports")).get(0).toString();
		String containerPort = published.substring(published.lastIndexOf(':') + 1);
		URI health = URI.create(localUrl(ComposeProject.healthcheck(nginx)));
		URI bench = URI.create(ComposeProject.environment(this.compose.service("gatling")).get("BENCH_BASE_URL"));
		for (String variant : List.of("naive", "tuned")) {
			String conf = ComposeRules.read(this.compose.root.resolve("docker/nginx/" + variant + ".conf"));
			assertThat(conf).as(variant)
				.contains("server gateway:" + serverPort("gateway") + " resolve;")
				.contains("resolver 127.0.0.11")
				.containsPattern("(?m)^\\s*listen " + containerPort + "[ ;]")
				.contains("location = " + health.getPath() + " {");
			assertThat(port(health.getPort())).isEqualTo(containerPort);
			assertThat(port(bench.getPort())).isEqualTo(containerPort);
		}
	}

	/**
	 * {@code expose} = server.port; the healthcheck calls /actuator/health on the port
	 * the actuator is on.
	 */
	private static List<String> bootServiceProblems(ComposeProject compose) {
		List<String> problems = new ArrayList<>();
		compose.services().forEach((name, service) -> {
			String module = ComposeProject.module(service);
			if (module == null) {
				return;
			}
			Map<String, Object> yml = applicationYml(compose.root, module);
			String serverPort = String.valueOf(at(yml, "server.port"));
			Object managementPort = at(yml, "management.server.port");
			String actuatorPort = (managementPort != null) ? managementPort.toString() : serverPort;
			List<String> expose = ComposeProject.list(service.get("expose")).stream().map(Object::toString).toList();
			if (!expose.equals(List.of(serverPort))) {
				problems.add(name + ": exposes " + expose + ", but server.port is " + serverPort);
			}
			String url = localUrl(ComposeProject.healthcheck(service));
			if (url == null) {
				problems.add(name + ": healthcheck calls no http://127.0.0.1 URL");
				return;
			}
			URI health = URI.create(url);
			String basePath = String.valueOf(atOrDefault(yml, "management.endpoints.web.base-path", "/actuator"));
			if (!health.getPath().equals(basePath + "/health")) {
				problems.add(name + ": healthcheck probes " + health.getPath() + ", not " + basePath + "/health");
			}
			if (!port(health.getPort()).equals(actuatorPort)) {
				problems.add(name + ": healthcheck probes port " + port(health.getPort())
						+ ", but the actuator listens on " + actuatorPort);
			}
			List<String> exposed = Arrays
				.stream(String.valueOf(at(yml, "management.endpoints.web.exposure.include")).split(","))
				.map(String::trim)
				.toList();
			if (!exposed.contains("health") && !exposed.contains("*")) {
				problems.add(name + ": the health endpoint is not exposed over HTTP");
			}
		});
		return problems;
	}

	private String serverPort(String module) {
		return String.valueOf(at(applicationYml(this.compose.root, module), "server.port"));
	}

	private static Map<String, Object> applicationYml(Path root, String module) {
		return ComposeProject.parse(root.resolve(module).resolve("src/main/resources/application.yml"));
	}

	private static Object at(Map<String, Object> yml, String path) {
		Object node = yml;
		for (String key : path.split("\\.")) {
			node = ComposeProject.map(node).get(key);
		}
		return node;
	}

	private static Object atOrDefault(Map<String, Object> yml, String path, Object fallback) {
		Object value = at(yml, path);
		return (value != null) ? value : fallback;
	}

	private static String localUrl(List<String> command) {
		for (String argument : command) {
			Matcher url = LOCAL_URL.matcher(argument);
			if (url.find()) {
				return url.group();
			}
		}
		return null;
	}

	/** A URI's port as compose writes it; -1 (none given) is HTTP's 80. */
	private static String port(int port) {
		return String.valueOf((port < 0) ? 80 : port);
	}

	private static String port(String hostAndPort) {
		return hostAndPort.substring(hostAndPort.lastIndexOf(':') + 1);
	}

	private static String upstream(JsonNode proxies, String name) {
		return proxy(proxies, name).path("upstream").asString();
	}

	private static String listen(JsonNode proxies, String name) {
		return proxy(proxies, name).path("listen").asString();
	}

	private static JsonNode proxy(JsonNode proxies, String name) {
		for (JsonNode proxy : proxies) {
			if (proxy.path("name").asString().equals(name)) {
				return proxy;
			}
		}
		throw new AssertionError("docker/toxiproxy/toxiproxy.json has no proxy named " + name);
	}

}
