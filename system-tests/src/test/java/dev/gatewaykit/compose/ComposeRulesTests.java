package dev.gatewaykit.compose;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ComposeRules} on the repository's compose file (every rule holds) and on copies broken on purpose (each
 * rule says what broke it), so a rule that cannot fail would show here.
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
		assertThat(brokenBy((copy) -> copy.service("mall-api").remove("healthcheck"), ComposeRules::missingHealthchecks))
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
			.containsExactly("nginx -> gateway: service_healthy on a service without healthcheck");
		assertThat(brokenBy(
				(copy) -> dependsOn(copy, "gateway").put("toxiproxy-latency", Map.of("condition", "service_healthy")),
				ComposeRules::weakDependencies))
			.hasSize(1);
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
		assertThat(brokenBy((copy) -> copy.service("nginx").put("ports", List.of(Map.of("target", 80, "published", 8080))),
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
		assertThat(brokenBy((copy) -> copy.service("nginx")
			.put("volumes", List.of("./docker/nginx/fast.conf:/etc/nginx/nginx.conf:ro")), ComposeRules::missingFiles))
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
