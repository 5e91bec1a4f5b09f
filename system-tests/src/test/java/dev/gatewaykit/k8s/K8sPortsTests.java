package dev.gatewaykit.k8s;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.Manifests.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every port and probe path deploy/k8s relies on is one the service really uses: the
 * Spring Boot services' ports and actuator settings are read from their
 * {@code application.yml}, and followed through the Services and the addresses in the
 * environment. A service moved to another port breaks a check here instead of a probe
 * that never passes.
 */
class K8sPortsTests {

	/** {@code http://name:port}, or {@code name:port}. */
	private static final Pattern ADDRESS = Pattern.compile("^(?:https?://)?([a-z0-9-]+):(\\d+)(?:/.*)?$");

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void bootServicesOpenTheirPortsAndProbeTheActuatorsGroupsOnTheActuatorsPort(Variant variant) {
		assertThat(bootServiceProblems(K8sDeployment.rendered(variant))).isEmpty();
	}

	@Test
	void aWrongPortOrProbePathWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/mall-api.yaml", "              containerPort: 8082", "              containerPort: 8080");
		broken.replace("base/gateway.yaml",
				"              path: /actuator/health/readiness\n              port: management",
				"              path: /actuator/health/readiness\n              port: http");
		broken.replace("base/auth-service.yaml",
				"              path: /actuator/health/liveness\n"
						+ "              port: http\n            periodSeconds: 10",
				"              path: /actuator/health\n              port: http\n            periodSeconds: 10");

		assertThat(bootServiceProblems(broken.render(Variant.FIXED))).containsExactlyInAnyOrder(
				"mall-api: port http is 8080, but server.port is 8082",
				// The probes name the port, and follow it.
				"mall-api: startupProbe probes port 8080, but the actuator listens on 8082",
				"mall-api: readinessProbe probes port 8080, but the actuator listens on 8082",
				"mall-api: livenessProbe probes port 8080, but the actuator listens on 8082",
				"gateway: readinessProbe probes port 8080, but the actuator listens on 8081",
				"auth-service: livenessProbe probes /actuator/health, not /actuator/health/liveness");
	}

	/**
	 * Every Service selects the pods of a workload and sends to a port they open; every
	 * {@code name:port} address in an environment variable is a Service with that port.
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void servicesReachOpenPortsAndEveryAddressInTheEnvironmentIsAService(Variant variant) {
		Manifests manifests = K8sDeployment.rendered(variant);
		List<String> problems = new ArrayList<>();
		Map<String, List<Integer>> servicePorts = new LinkedHashMap<>();
		for (Map<String, Object> service : manifests.ofKind("Service")) {
			String name = Manifests.name(service);
			Map<String, String> selector = Manifests.strings(Manifests.at(service, "spec", "selector"));
			List<Workload> selected = manifests.workloads()
				.stream()
				.filter((workload) -> workload.podLabels().entrySet().containsAll(selector.entrySet()))
				.toList();
			if (selector.isEmpty() || selected.isEmpty()) {
				problems.add("Service " + name + " selects no workload's pods");
				continue;
			}
			for (Object port : Manifests.list(Manifests.at(service, "spec", "ports"))) {
				Object target = Manifests.map(port).get("targetPort");
				Integer opened = (target instanceof Number number) ? (Integer) number.intValue()
						: selected.get(0).ports().get(String.valueOf(target));
				if (opened == null || !selected.get(0).ports().containsValue(opened)) {
					problems
						.add("Service " + name + ": targetPort " + target + " is no port of " + selected.get(0).name());
				}
				servicePorts.computeIfAbsent(name, (key) -> new ArrayList<>())
					.add(((Number) Manifests.map(port).get("port")).intValue());
			}
		}
		for (Workload workload : manifests.workloads()) {
			Workload.environment(workload.container()).forEach((variable, entry) -> {
				Matcher address = ADDRESS.matcher(String.valueOf(entry.getOrDefault("value", "")));
				if (address.matches() && !servicePorts.getOrDefault(address.group(1), List.of())
					.contains(Integer.parseInt(address.group(2)))) {
					problems.add(workload.name() + ": " + variable + " points at " + address.group(1) + ":"
							+ address.group(2) + ", which no Service offers");
				}
			});
		}
		assertThat(problems).isEmpty();
	}

	/**
	 * Static discovery: the gateway's routes go to the Services on the services' ports.
	 */
	@Test
	void theStaticRoutesPointAtTheServicesPorts() {
		Map<String, Map<String, Object>> gateway = Workload
			.environment(K8sDeployment.rendered(Variant.FIXED).workload("gateway").container());
		assertThat(gateway.get("KIT_ROUTES_AUTHURI")).containsEntry("value",
				"http://auth-service:" + serverPort("auth-service"));
		assertThat(gateway.get("KIT_ROUTES_MALLURI")).containsEntry("value",
				"http://mall-api:" + serverPort("mall-api"));
		assertThat(gateway.get("SPRING_DATA_REDIS_HOST")).containsEntry("value", "redis");
		assertThat(K8sDeployment.rendered(Variant.FIXED).workload("redis").ports()).containsEntry("redis",
				((Number) at(applicationYml("gateway"), "spring.data.redis.port")).intValue());
	}

	/**
	 * With Nacos the gateway routes lb:// from its nacos profile: the static routes'
	 * variables, which would outrank the profile, are gone, and the relay call, which
	 * does not go through the load balancer, keeps auth-service's Service.
	 */
	@Test
	void withNacosTheGatewayRoutesThroughDiscoveryInsteadOfTheStaticRoutes() {
		Map<String, Map<String, Object>> gateway = Workload
			.environment(K8sDeployment.rendered(Variant.FIXED_NACOS).workload("gateway").container());
		assertThat(gateway).doesNotContainKeys("KIT_ROUTES_AUTHURI", "KIT_ROUTES_MALLURI");
		assertThat(gateway.get("SPRING_PROFILES_ACTIVE")).containsEntry("value", "fixed");
		assertThat(gateway.get("SPRING_PROFILES_INCLUDE")).containsEntry("value", "nacos");
		assertThat(gateway.get("KIT_GATEWAY_AUTHSERVICE_URL")).containsEntry("value",
				"http://auth-service:" + serverPort("auth-service"));
		for (String service : List.of("auth-service", "mall-api")) {
			assertThat(Workload.environment(K8sDeployment.rendered(Variant.FIXED_NACOS).workload(service).container())
				.get("SPRING_PROFILES_ACTIVE")).containsEntry("value", "nacos");
		}
	}

	@Test
	void theNaiveOverlayOnlyChangesTheGatewaysProfile() {
		assertThat(Workload.environment(K8sDeployment.rendered(Variant.NAIVE).workload("gateway").container())
			.get("SPRING_PROFILES_ACTIVE")).containsEntry("value", "naive");
		assertThat(K8sDeployment.rendered(Variant.NAIVE).objects.size())
			.isEqualTo(K8sDeployment.rendered(Variant.FIXED).objects.size());
	}

	/**
	 * Container ports named http (server.port) and, where the service has one, management
	 * (management.server.port); the readiness, liveness and startup probes on the
	 * actuator's probe groups, enabled in application.yml, on the port the actuator
	 * listens on; a startup budget long enough for the JVM and the warm-up.
	 */
	private static List<String> bootServiceProblems(Manifests manifests) {
		List<String> problems = new ArrayList<>();
		for (Workload workload : manifests.workloads()) {
			String module = workload.module();
			if (module == null) {
				continue;
			}
			Map<String, Object> yml = applicationYml(module);
			int serverPort = ((Number) at(yml, "server.port")).intValue();
			Object managementPort = at(yml, "management.server.port");
			int actuatorPort = (managementPort != null) ? ((Number) managementPort).intValue() : serverPort;
			Map<String, Integer> ports = workload.ports();
			if (!Integer.valueOf(serverPort).equals(ports.get("http"))) {
				problems.add(module + ": port http is " + ports.get("http") + ", but server.port is " + serverPort);
			}
			if (managementPort != null && !Integer.valueOf(actuatorPort).equals(ports.get("management"))) {
				problems.add(module + ": port management is " + ports.get("management")
						+ ", but management.server.port is " + actuatorPort);
			}
			if (!Boolean.TRUE.equals(at(yml, "management.endpoint.health.probes.enabled"))) {
				problems.add(module + ": application.yml does not enable the actuator's probe groups");
			}
			Map<String, Object> container = workload.container();
			Map<String, String> expected = Map.of("readinessProbe", "/actuator/health/readiness", "livenessProbe",
					"/actuator/health/liveness", "startupProbe", "/actuator/health/liveness");
			expected.forEach((probe, path) -> {
				Object get = Manifests.at(container, probe, "httpGet");
				if (get == null) {
					problems.add(module + ": no " + probe + " over HTTP");
					return;
				}
				String probed = String.valueOf(Manifests.map(get).get("path"));
				if (!probed.equals(path)) {
					problems.add(module + ": " + probe + " probes " + probed + ", not " + path);
				}
				Object port = Manifests.map(get).get("port");
				Integer number = (port instanceof Number n) ? (Integer) n.intValue() : ports.get(String.valueOf(port));
				if (number == null || number != actuatorPort) {
					problems.add(module + ": " + probe + " probes port " + number + ", but the actuator listens on "
							+ actuatorPort);
				}
			});
			Map<String, Object> startup = Manifests.map(container.get("startupProbe"));
			int budget = ((Number) startup.getOrDefault("periodSeconds", 10)).intValue()
					* ((Number) startup.getOrDefault("failureThreshold", 3)).intValue();
			if (budget < 60) {
				problems.add(module + ": the startupProbe gives up after " + budget + " s, under 60 s");
			}
		}
		return problems;
	}

	static int serverPort(String module) {
		return ((Number) at(applicationYml(module), "server.port")).intValue();
	}

	static Map<String, Object> applicationYml(String module) {
		Path file = K8sDeployment.repositoryRoot().resolve(module).resolve("src/main/resources/application.yml");
		return Manifests.map(new Yaml(new SafeConstructor(new LoaderOptions())).load(K8sNginxConfigTests.read(file)));
	}

	static Object at(Map<String, Object> yml, String path) {
		return Manifests.at(yml, path.split("\\."));
	}

}
