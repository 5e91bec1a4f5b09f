package dev.gatewaykit.compose;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ComposeRules} on the repository's compose file (every rule holds) and on copies
 * broken on purpose (each rule says what broke it), so a rule that cannot fail would show
 * here.
 */
class ComposeRulesTests {

	private final ComposeProject compose = ComposeProject.load();

	@Test
	void imagesArePinned() {
		assertThat(ComposeRules.unpinnedImages(this.compose)).isEmpty();
		assertThat(brokenBy((copy) -> copy.service("redis").put("image", "redis:latest"), ComposeRules::unpinnedImages))
			.containsExactly("redis: image 'redis:latest' is not pinned (a major.minor.patch tag or a digest)");
		assertThat(brokenBy((copy) -> copy.service("nginx").put("image", "nginx:1.28"), ComposeRules::unpinnedImages))
			.hasSize(1);
		assertThat(brokenBy((copy) -> copy.service("nginx").put("image", "nginx"), ComposeRules::unpinnedImages))
			.hasSize(1);
		assertThat(brokenBy((copy) -> copy.service("nginx").put("image", "nginx@sha256:" + "0".repeat(64)),
				ComposeRules::unpinnedImages))
			.isEmpty();
	}

	@Test
	void everyLongRunningServiceHasAHealthcheck() {
		assertThat(ComposeRules.missingHealthchecks(this.compose)).isEmpty();
		assertThat(
				brokenBy((copy) -> copy.service("mall-api").remove("healthcheck"), ComposeRules::missingHealthchecks))
			.containsExactly("mall-api: no healthcheck");
		assertThat(brokenBy((copy) -> copy.service("mall-api").put("healthcheck", Map.of("disable", true)),
				ComposeRules::missingHealthchecks))
			.containsExactly("mall-api: no healthcheck");
	}

	@Test
	void everyDependencyWaitsForHealth() {
		assertThat(ComposeRules.weakDependencies(this.compose)).isEmpty();
		assertThat(brokenBy((copy) -> copy.service("nginx").put("depends_on", List.of("gateway")),
				ComposeRules::weakDependencies))
			.hasSize(1);
		assertThat(brokenBy((copy) -> dependsOn(copy, "nginx").put("gateway", Map.of("condition", "service_started")),
				ComposeRules::weakDependencies))
			.containsExactly("nginx -> gateway: condition service_started, not service_healthy");
		assertThat(brokenBy((copy) -> copy.service("gateway").remove("healthcheck"), ComposeRules::weakDependencies))
			.containsExactlyInAnyOrder("nginx -> gateway: service_healthy on a service without healthcheck",
					"prometheus -> gateway: service_healthy on a service without healthcheck");
		assertThat(
				brokenBy(
						(copy) -> dependsOn(copy, "gateway").put("nacos-init",
								Map.of("condition", "service_healthy", "required", false)),
						ComposeRules::weakDependencies))
			.containsExactly("gateway -> nacos-init: a one-shot service needs service_completed_successfully");
		// toxiproxy-latency keeps running (it puts the toxics back after a toxiproxy
		// restart): completed would never come.
		assertThat(brokenBy((copy) -> dependsOn(copy, "gateway").put("toxiproxy-latency",
				Map.of("condition", "service_completed_successfully")), ComposeRules::weakDependencies))
			.containsExactly(
					"gateway -> toxiproxy-latency: condition service_completed_successfully, not service_healthy");
	}

	@Test
	void nacosRunsOnlyInItsProfileAndIsAnOptionalDependency() {
		assertThat(ComposeProject.profiles(this.compose.service("nacos"))).containsExactly("nacos");
		assertThat(this.compose.services().entrySet())
			.filteredOn((service) -> ComposeProject.enabled(service.getValue(), Set.of()))
			.extracting(Map.Entry::getKey)
			.doesNotContain("nacos", "nacos-init", "gatling", "prometheus", "grafana")
			.contains("redis", "auth-service", "mall-api", "gateway", "nginx");
		for (String service : List.of("auth-service", "mall-api", "gateway")) {
			assertThat(ComposeProject.dependencies(this.compose.service(service)).get("nacos")).as(service)
				.isEqualTo(Map.of("condition", "service_healthy", "required", false));
			assertThat(ComposeProject.dependencies(this.compose.service(service)).get("nacos-init")).as(service)
				.isEqualTo(Map.of("condition", "service_completed_successfully", "required", false));
		}
	}

	@Test
	void noServiceRequiresOneItsProfilesLeaveOut() {
		assertThat(ComposeRules.profileMismatches(this.compose)).isEmpty();
		// nacos required again: plain `docker compose up` (static) would refuse to start.
		assertThat(brokenBy((copy) -> ComposeProject.map(dependsOn(copy, "gateway").get("nacos")).remove("required"),
				ComposeRules::profileMismatches))
			.containsExactly("gateway -> nacos: required, but with no profile active nacos does not start");
		// The short form is required too.
		assertThat(
				brokenBy((copy) -> copy.service("toxiproxy-latency").put("depends_on", List.of("toxiproxy", "nacos")),
						ComposeRules::profileMismatches))
			.containsExactly("toxiproxy-latency -> nacos: required, but with no profile active nacos does not start");
		// A profiled service requiring one of another profile: the bench alone would not
		// start Nacos.
		assertThat(brokenBy((copy) -> dependsOn(copy, "gatling").put("nacos", Map.of("condition", "service_healthy")),
				ComposeRules::profileMismatches))
			.containsExactly("gatling -> nacos: required, but with profiles [bench] nacos does not start");
		// Optional on a service that always starts: a failed gateway would only be a
		// warning to nginx.
		assertThat(
				brokenBy((copy) -> ComposeProject.map(dependsOn(copy, "nginx").get("gateway")).put("required", false),
						ComposeRules::profileMismatches))
			.containsExactly("nginx -> gateway: required: false, but gateway has no profile and always starts");
		// nacos without its profile: the optional dependencies on it no longer make
		// sense.
		assertThat(brokenBy((copy) -> copy.service("nacos").remove("profiles"), ComposeRules::profileMismatches))
			.containsExactlyInAnyOrder(
					"auth-service -> nacos: required: false, but nacos has no profile and always starts",
					"mall-api -> nacos: required: false, but nacos has no profile and always starts",
					"gateway -> nacos: required: false, but nacos has no profile and always starts");
	}

	@Test
	void everyServiceTheEnvironmentPointsAtIsADependency() {
		assertThat(ComposeRules.undeclaredDependencies(this.compose)).isEmpty();
		assertThat(
				brokenBy((copy) -> dependsOn(copy, "mall-api").remove("nacos"), ComposeRules::undeclaredDependencies))
			.containsExactly(
					"mall-api: SPRING_CLOUD_NACOS_SERVER_ADDR points at nacos, but mall-api does not depend on it");
		// A config-publishing helper that forgot to wait for Nacos.
		assertThat(brokenBy(
				(copy) -> copy.services()
					.put("publish-config",
							new LinkedHashMap<>(Map.of("image", "curlimages/curl:8.14.1", "profiles", List.of("nacos"),
									"environment", Map.of("NACOS_URL", "http://nacos:8848/nacos")))),
				ComposeRules::undeclaredDependencies))
			.containsExactly("publish-config: NACOS_URL points at nacos, but publish-config does not depend on it");
		// A path that merely contains a service's name is no reference.
		assertThat(brokenBy((copy) -> ComposeProject.map(copy.service("gatling").get("environment"))
			.put("BENCH_OUT", "/bench/gateway/out"), ComposeRules::undeclaredDependencies)).isEmpty();
	}

	@Test
	void publishedPortsStayOnLoopback() {
		assertThat(ComposeRules.portsNotOnLoopback(this.compose)).isEmpty();
		assertThat(brokenBy((copy) -> copy.service("nginx").put("ports", List.of("8080:80")),
				ComposeRules::portsNotOnLoopback))
			.containsExactly("nginx: port 8080:80 is published on every interface, not 127.0.0.1");
		assertThat(brokenBy((copy) -> copy.service("nginx").put("ports", List.of("0.0.0.0:8080:80")),
				ComposeRules::portsNotOnLoopback))
			.hasSize(1);
		assertThat(
				brokenBy((copy) -> copy.service("nginx").put("ports", List.of(Map.of("target", 80, "published", 8080))),
						ComposeRules::portsNotOnLoopback))
			.hasSize(1);
	}

	@Test
	void everyServiceHasCpuAndMemoryLimits() {
		assertThat(ComposeRules.missingLimits(this.compose)).isEmpty();
		assertThat(brokenBy((copy) -> copy.service("redis").remove("deploy"), ComposeRules::missingLimits))
			.containsExactly("redis: no CPU limit", "redis: no memory limit");
	}

	@Test
	void everyReferencedFileExists() {
		assertThat(ComposeRules.missingFiles(this.compose)).isEmpty();
		assertThat(brokenBy((copy) -> ComposeProject.map(copy.service("gateway").get("build"))
			.put("dockerfile", "docker/Dockerfile.missing"), ComposeRules::missingFiles))
			.containsExactly("gateway: docker/Dockerfile.missing does not exist");
		assertThat(brokenBy(
				(copy) -> copy.service("nginx")
					.put("volumes", List.of("./docker/nginx/fast.conf:/etc/nginx/nginx.conf:ro")),
				ComposeRules::missingFiles))
			.containsExactly("nginx: docker/nginx/fast.conf does not exist");
	}

	@Test
	void theNginxConfigExistsForBothVariants() {
		for (String variant : List.of("naive", "tuned")) {
			ComposeProject withVariant = ComposeProject.load(Map.of("KIT_NGINX", variant));
			assertThat(ComposeProject.list(withVariant.service("nginx").get("volumes")))
				.contains("./docker/nginx/" + variant + ".conf:/etc/nginx/nginx.conf:ro");
			assertThat(ComposeRules.missingFiles(withVariant)).isEmpty();
		}
	}

	private List<String> brokenBy(Consumer<ComposeProject> breakIt, Function<ComposeProject, List<String>> rule) {
		ComposeProject copy = this.compose.copy();
		breakIt.accept(copy);
		return rule.apply(copy);
	}

	private static Map<String, Object> dependsOn(ComposeProject compose, String service) {
		return ComposeProject.map(compose.service(service).get("depends_on"));
	}

}
