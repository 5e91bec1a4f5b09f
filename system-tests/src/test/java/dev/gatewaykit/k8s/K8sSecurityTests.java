package dev.gatewaykit.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.convert.DurationStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import dev.gatewaykit.compose.ComposeRules;
import dev.gatewaykit.k8s.K8sDeployment.Variant;
import dev.gatewaykit.k8s.Manifests.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules every workload of deploy/k8s follows, on every rendered variant: images
 * pinned, no secret written anywhere, containers locked down (non-root, read-only root
 * filesystem, no privilege escalation, no capability) with CPU and memory requested and
 * limited, a shutdown that finishes its requests before the kubelet's SIGKILL, and the
 * gateway's scaling objects.
 */
class K8sSecurityTests {

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everyImageIsPinnedAndTheKitsOwnCarryTheProjectVersion(Variant variant) {
		assertThat(unpinnedImages(K8sDeployment.rendered(variant))).isEmpty();
	}

	@Test
	void aMovingTagWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/redis.yaml", "image: redis:7.4.2", "image: redis:7");
		broken.replace("base/nginx.yaml", "image: nginx:1.28.0", "image: nginx");

		assertThat(unpinnedImages(broken.render(Variant.FIXED))).containsExactlyInAnyOrder(
				"redis: image 'redis:7' is not pinned (a major.minor.patch tag or a digest)",
				"nginx: image 'nginx' is not pinned (a major.minor.patch tag or a digest)");
	}

	/**
	 * Every variable named like a secret comes from the generated Secret, by reference,
	 * and names a key that Secret has (a missing key would keep the pod from starting).
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everySecretComesFromTheGeneratedSecretByReference(Variant variant) {
		assertThat(writtenSecrets(K8sDeployment.rendered(variant))).isEmpty();
	}

	@Test
	void aSecretWrittenIntoAManifestWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/gateway.yaml", """
				            - name: KIT_GATEWAY_MANAGEMENT_PASSWORD
				              valueFrom:
				                secretKeyRef:
				                  name: kit-secrets
				                  key: GATEWAY_MANAGEMENT_PASSWORD
				""", """
				            - name: KIT_GATEWAY_MANAGEMENT_PASSWORD
				              value: hunter2
				""");

		assertThat(writtenSecrets(broken.render(Variant.FIXED)))
			.containsExactly("gateway: KIT_GATEWAY_MANAGEMENT_PASSWORD is written in the manifest");
	}

	/**
	 * The committed files hold no Secret object and no generator literal: every generator
	 * reads an env file that git ignores, which deploy/k8s/secrets.sh writes.
	 */
	@Test
	void noSecretIsCommittedUnderDeployK8s() throws IOException {
		Path deploy = K8sDeployment.repositoryRoot().resolve("deploy/k8s");
		List<String> ignored = Files.readAllLines(deploy.resolve(".gitignore"))
			.stream()
			.filter((line) -> !line.isBlank() && !line.startsWith("#"))
			.toList();
		List<String> problems = new ArrayList<>();
		try (Stream<Path> files = Files.walk(deploy)) {
			for (Path file : files.filter((path) -> path.toString().matches(".*\\.ya?ml")).toList()) {
				String where = deploy.relativize(file).toString();
				for (Object document : new Yaml(new SafeConstructor(new LoaderOptions()))
					.loadAll(Files.readString(file))) {
					Map<String, Object> object = Manifests.map(document);
					if ("Secret".equals(object.get("kind"))) {
						problems.add(where + ": a Secret object");
					}
					for (Object generator : Manifests.list(object.get("secretGenerator"))) {
						Map<String, Object> settings = Manifests.map(generator);
						if (settings.containsKey("literals") || settings.containsKey("files")) {
							problems
								.add(where + ": secretGenerator " + settings.get("name") + " has literals or files");
						}
						for (Object env : Manifests.list(settings.get("envs"))) {
							String path = deploy.relativize(file.getParent().resolve(env.toString()).normalize())
								.toString();
							if (!ignored.contains(path)) {
								problems.add(where + ": " + path + " is not in deploy/k8s/.gitignore");
							}
						}
					}
				}
			}
		}
		assertThat(problems).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everyContainerRunsLockedDownWithItsResourcesBounded(Variant variant) {
		assertThat(lockDownProblems(K8sDeployment.rendered(variant))).isEmpty();
	}

	@Test
	void aContainerThatMayRunAsRootWouldFailTheCheck() {
		K8sDeployment broken = K8sDeployment.copy();
		broken.replace("base/auth-service.yaml", "        runAsNonRoot: true\n", "");
		broken.replace("base/auth-service.yaml", "              cpu: \"1\"\n", "");

		assertThat(lockDownProblems(broken.render(Variant.FIXED)))
			.containsExactlyInAnyOrder("auth-service: the pod may run as root", "auth-service: no limits.cpu");
	}

	/**
	 * preStop sleeps while the endpoints go; then Spring Boot's graceful shutdown has its
	 * phase timeout; the kubelet's grace period covers both, so SIGKILL never cuts a
	 * request short during a rolling update.
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void everyBootServiceShutsDownGracefullyWithinTheGracePeriod(Variant variant) {
		List<String> problems = new ArrayList<>();
		for (Workload workload : K8sDeployment.rendered(variant).workloads()) {
			if (workload.module() == null) {
				continue;
			}
			Map<String, Map<String, Object>> environment = Workload.environment(workload.container());
			List<Object> preStop = Manifests
				.list(Manifests.at(workload.container(), "lifecycle", "preStop", "exec", "command"));
			if (preStop.size() != 2 || !"sleep".equals(preStop.get(0))) {
				problems.add(workload.name() + ": no preStop sleep");
				continue;
			}
			if (!"graceful".equals(Manifests.at(environment.get("SERVER_SHUTDOWN"), "value"))) {
				problems.add(workload.name() + ": SERVER_SHUTDOWN is not graceful");
				continue;
			}
			Duration phase = DurationStyle.detectAndParse(
					String.valueOf(Manifests.at(environment.get("SPRING_LIFECYCLE_TIMEOUTPERSHUTDOWNPHASE"), "value")));
			long needed = Long.parseLong(preStop.get(1).toString()) + phase.toSeconds();
			Object grace = workload.podSpec().get("terminationGracePeriodSeconds");
			if (!(grace instanceof Number seconds) || seconds.longValue() <= needed) {
				problems.add(workload.name() + ": terminationGracePeriodSeconds " + grace + " is not above the "
						+ needed + " s of preStop and shutdown phase");
			}
		}
		assertThat(problems).isEmpty();
	}

	/**
	 * The gateway scales on CPU between at least two pods, which the autoscaler alone
	 * counts, spread over nodes, and a disruption leaves at least one of them.
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(Variant.class)
	void theGatewayScalesOnCpuAndSurvivesDisruptions(Variant variant) {
		Manifests manifests = K8sDeployment.rendered(variant);
		Workload gateway = manifests.workload("gateway");
		assertThat(Manifests.at(gateway.object(), "spec", "replicas")).as("replicas, which the autoscaler owns")
			.isNull();
		Map<String, Object> autoscaler = manifests.named("HorizontalPodAutoscaler", "gateway");
		assertThat(Manifests.at(autoscaler, "spec", "scaleTargetRef", "name")).isEqualTo("gateway");
		assertThat(((Number) Manifests.at(autoscaler, "spec", "minReplicas")).intValue()).isGreaterThanOrEqualTo(2);
		assertThat(Manifests.list(Manifests.at(autoscaler, "spec", "metrics")))
			.anySatisfy((metric) -> assertThat(Manifests.at(metric, "resource", "name")).isEqualTo("cpu"));
		Map<String, Object> budget = manifests.named("PodDisruptionBudget", "gateway");
		assertThat(Manifests.at(budget, "spec", "minAvailable")).isEqualTo(1);
		assertThat(gateway.podLabels())
			.containsAllEntriesOf(Manifests.strings(Manifests.at(budget, "spec", "selector", "matchLabels")));
		assertThat(Manifests.list(gateway.podSpec().get("topologySpreadConstraints"))).isNotEmpty()
			.allSatisfy((constraint) -> assertThat(gateway.podLabels())
				.containsAllEntriesOf(Manifests.strings(Manifests.at(constraint, "labelSelector", "matchLabels"))));
	}

	static List<String> unpinnedImages(Manifests manifests) {
		List<String> problems = new ArrayList<>();
		String version = System.getProperty("kit.project.version", "0.1.0-SNAPSHOT");
		for (Workload workload : manifests.workloads()) {
			String image = String.valueOf(workload.container().get("image"));
			if (workload.module() != null) {
				if (!image.equals(K8sDeployment.KIT_IMAGE_PREFIX + workload.module() + ":" + version)) {
					problems.add(workload.name() + ": image '" + image + "' is not tagged with the project's version");
				}
			}
			else {
				ComposeRules.checkImage(workload.name(), image, problems);
			}
		}
		return problems;
	}

	static List<String> writtenSecrets(Manifests manifests) {
		List<String> problems = new ArrayList<>();
		List<Map<String, Object>> secrets = manifests.ofKind("Secret");
		for (Workload workload : manifests.workloads()) {
			Workload.environment(workload.container()).forEach((variable, entry) -> {
				Object reference = Manifests.at(entry, "valueFrom", "secretKeyRef");
				if (entry.containsKey("value") && ComposeRules.SECRET_NAME.matcher(variable).matches()) {
					problems.add(workload.name() + ": " + variable + " is written in the manifest");
				}
				else if (reference != null) {
					String name = String.valueOf(Manifests.map(reference).get("name"));
					String key = String.valueOf(Manifests.map(reference).get("key"));
					boolean found = secrets.stream()
						.anyMatch((secret) -> Manifests.name(secret).equals(name)
								&& Manifests.map(secret.get("data")).containsKey(key));
					if (!name.startsWith("kit-secrets-") || !found) {
						problems.add(workload.name() + ": " + variable + " refers to " + name + "/" + key
								+ ", which the generated Secret does not hold");
					}
				}
			});
		}
		return problems;
	}

	static List<String> lockDownProblems(Manifests manifests) {
		List<String> problems = new ArrayList<>();
		for (Workload workload : manifests.workloads()) {
			Map<String, Object> pod = Manifests.map(workload.podSpec().get("securityContext"));
			String name = workload.name();
			if (!Boolean.TRUE.equals(pod.get("runAsNonRoot"))) {
				problems.add(name + ": the pod may run as root");
			}
			if (!(pod.get("runAsUser") instanceof Number user) || user.intValue() == 0) {
				problems.add(name + ": no numeric non-root runAsUser (the kubelet cannot check a user name)");
			}
			if (!"RuntimeDefault".equals(Manifests.at(pod, "seccompProfile", "type"))) {
				problems.add(name + ": no RuntimeDefault seccomp profile");
			}
			if (!Boolean.FALSE.equals(workload.podSpec().get("automountServiceAccountToken"))) {
				problems.add(name + ": the pod gets a service account token it does not use");
			}
			for (Map<String, Object> container : workload.containers()) {
				Map<String, Object> security = Manifests.map(container.get("securityContext"));
				if (!Boolean.FALSE.equals(security.get("allowPrivilegeEscalation"))) {
					problems.add(name + ": privilege escalation allowed");
				}
				if (!Boolean.TRUE.equals(security.get("readOnlyRootFilesystem"))) {
					problems.add(name + ": writable root filesystem");
				}
				if (!List.of("ALL").equals(Manifests.at(security, "capabilities", "drop"))) {
					problems.add(name + ": capabilities not all dropped");
				}
				for (String bound : List.of("requests", "limits")) {
					for (String resource : List.of("cpu", "memory")) {
						if (Manifests.at(container, "resources", bound, resource) == null) {
							problems.add(name + ": no " + bound + "." + resource);
						}
					}
				}
			}
		}
		return problems;
	}

}
